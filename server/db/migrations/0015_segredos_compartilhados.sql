ALTER TABLE "instance_secrets" ADD COLUMN "value" text;--> statement-breakpoint
ALTER TABLE "instance_secrets" ADD COLUMN "previous_value" text;--> statement-breakpoint
ALTER TABLE "instance_secrets" ADD COLUMN "previous_until" timestamp with time zone;--> statement-breakpoint
-- Every instance listens on this channel (server/db/notifications.ts): a rotation, or any change to the shared
-- secrets, reaches the running instances at once.
CREATE FUNCTION "instance_secrets_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carteira_secrets', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "instance_secrets_notify" AFTER INSERT OR UPDATE OR DELETE ON "instance_secrets" FOR EACH STATEMENT EXECUTE FUNCTION "instance_secrets_notify"();
