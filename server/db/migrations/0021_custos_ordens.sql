ALTER TABLE "order_groups" ADD COLUMN "custos" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "order_legs" ADD COLUMN "commission" numeric(18, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_legs" ADD COLUMN "fee" numeric(18, 4) DEFAULT '0' NOT NULL;