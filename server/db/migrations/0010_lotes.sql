CREATE TABLE "order_lotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lado" text NOT NULL,
	"ticker_base" text NOT NULL,
	"execucao" text NOT NULL,
	"preco" numeric(18, 4),
	"tp" numeric(18, 4),
	"regra" text,
	"valor" numeric(18, 4),
	"idempotency_key" text NOT NULL,
	"idempotency_scope" text NOT NULL,
	"idempotency_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "lote_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "order_lotes_idem_uq" ON "order_lotes" USING btree ("idempotency_scope","idempotency_key");--> statement-breakpoint
CREATE INDEX "order_lotes_created_idx" ON "order_lotes" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_lote_id_order_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."order_lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_groups_lote_idx" ON "order_groups" USING btree ("lote_id");--> statement-breakpoint
CREATE INDEX "order_groups_operacao_idx" ON "order_groups" USING btree ("operacao_id");