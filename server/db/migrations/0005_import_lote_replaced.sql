ALTER TABLE "import_lotes" ADD COLUMN "substituido_por" integer;--> statement-breakpoint
ALTER TABLE "import_lotes" ADD COLUMN "substituido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_lotes" ADD CONSTRAINT "import_lotes_substituido_por_import_lotes_id_fk" FOREIGN KEY ("substituido_por") REFERENCES "public"."import_lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Until now a forced import left the lote it replaced as it was. A lote followed by a later lote of its sheet and
-- date was replaced by the next one: an import of a date that has rows is refused unless forced, and a forced one
-- deletes them first (a lote without rows is replaced by the next import too).
UPDATE "import_lotes" AS "l" SET "substituido_por" = "n"."next_id", "substituido_em" = "n"."next_at"
FROM (
  SELECT "id",
    lead("id") OVER "w" AS "next_id",
    lead("created_at") OVER "w" AS "next_at"
  FROM "import_lotes"
  WINDOW "w" AS (PARTITION BY "tipo", "data_referencia" ORDER BY "id")
) AS "n"
WHERE "n"."id" = "l"."id" AND "n"."next_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "import_lotes_vigente_uq" ON "import_lotes" USING btree ("tipo","data_referencia") WHERE "import_lotes"."substituido_em" is null;