ALTER TABLE "instance_secrets" ADD COLUMN "value" text;--> statement-breakpoint
ALTER TABLE "instance_secrets" ADD COLUMN "previous_value" text;--> statement-breakpoint
ALTER TABLE "instance_secrets" ADD COLUMN "previous_until" timestamp with time zone;