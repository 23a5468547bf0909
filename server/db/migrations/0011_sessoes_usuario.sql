ALTER TABLE "sessions" ADD COLUMN "username" text;--> statement-breakpoint
UPDATE "sessions" s SET "username" = u."username" FROM "users" u WHERE u."id" = s."user_id";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "username" SET NOT NULL;
