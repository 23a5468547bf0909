CREATE TABLE "cache_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"changes" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
-- Every write statement on a table a cached answer reads leaves one row, in the writer's own transaction: seen by
-- every instance once committed, gone with it when rolled back. Statement-level: a 10,000-row insert is one row.
-- Inserts only: no writer ever waits for another here. The embedded database's one process also asks to be
-- notified (server/lib/cache.ts), which PostgreSQL's instances do not: they read the table.
CREATE FUNCTION "cache_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "cache_versions" ("source") VALUES (TG_TABLE_NAME);
  IF current_setting('carteira.cache_notify', true) = 'on' THEN
    PERFORM pg_notify('cache_versions', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "operacoes_cache_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "operacoes" FOR EACH STATEMENT EXECUTE FUNCTION "cache_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "clientes_cache_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clientes" FOR EACH STATEMENT EXECUTE FUNCTION "cache_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "acoes_cache_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "acoes" FOR EACH STATEMENT EXECUTE FUNCTION "cache_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "patrimonios_cache_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "patrimonios" FOR EACH STATEMENT EXECUTE FUNCTION "cache_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "precos_diarios_cache_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "precos_diarios" FOR EACH STATEMENT EXECUTE FUNCTION "cache_versions_bump"();--> statement-breakpoint
-- Even in replica mode, which a bulk import sets to skip the row-by-row foreign-key checks (importacao/service.ts).
ALTER TABLE "operacoes" ENABLE ALWAYS TRIGGER "operacoes_cache_versions";--> statement-breakpoint
ALTER TABLE "clientes" ENABLE ALWAYS TRIGGER "clientes_cache_versions";--> statement-breakpoint
ALTER TABLE "acoes" ENABLE ALWAYS TRIGGER "acoes_cache_versions";--> statement-breakpoint
ALTER TABLE "patrimonios" ENABLE ALWAYS TRIGGER "patrimonios_cache_versions";--> statement-breakpoint
ALTER TABLE "precos_diarios" ENABLE ALWAYS TRIGGER "precos_diarios_cache_versions";
