DROP INDEX "order_groups_idem_uq";--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "idempotency_scope" text;--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "idempotency_hash" text;--> statement-breakpoint
-- Keys stored before scopes existed were sent to the route of their side.
UPDATE "order_groups" SET "idempotency_scope" = "lado" WHERE "idempotency_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "order_legs" ADD COLUMN "broker_comment" text;--> statement-breakpoint
ALTER TABLE "order_legs" ADD COLUMN "retcode_external" integer;--> statement-breakpoint
ALTER TABLE "order_legs" ADD COLUMN "problema" text;--> statement-breakpoint
CREATE UNIQUE INDEX "order_groups_idem_uq" ON "order_groups" USING btree ("cliente_id","idempotency_scope","idempotency_key");