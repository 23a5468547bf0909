CREATE TABLE "eventos_aplicacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"evento_id" integer NOT NULL,
	"operacao_id" integer NOT NULL,
	"quantidade_antes" integer NOT NULL,
	"preco_antes" numeric(18, 4),
	"alvo_antes" numeric(18, 4),
	"quantidade_depois" integer NOT NULL,
	"preco_depois" numeric(18, 4),
	"alvo_depois" numeric(18, 4),
	"fracao" numeric(20, 10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eventos_corporativos" (
	"id" serial PRIMARY KEY NOT NULL,
	"acao_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"data_ex" date NOT NULL,
	"fator" numeric(20, 10),
	"valor_por_acao" numeric(20, 10),
	"fonte" text NOT NULL,
	"aplicado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eventos_corporativos_valores" CHECK (case when "eventos_corporativos"."tipo" in ('dividendo', 'jcp')
        then "eventos_corporativos"."valor_por_acao" >= 0 and "eventos_corporativos"."fator" is null
        else "eventos_corporativos"."fator" > 0 and "eventos_corporativos"."valor_por_acao" is null end)
);
--> statement-breakpoint
CREATE TABLE "proventos" (
	"evento_id" integer NOT NULL,
	"operacao_id" integer NOT NULL,
	"quantidade" integer NOT NULL,
	"valor_bruto" numeric(18, 2) NOT NULL,
	"valor_liquido" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proventos_evento_id_operacao_id_pk" PRIMARY KEY("evento_id","operacao_id")
);
--> statement-breakpoint
-- Bars stored before sources were recorded came from the bundled history, Yahoo or a COTAHIST import: nothing tells
-- which. They are taken as adjusted up to the day of this migration (true of the first two); a COTAHIST file
-- imported before it is marked as traded prices again by importing it once more. Both defaults are evaluated once,
-- so no row is rewritten.
ALTER TABLE "precos_diarios" ADD COLUMN "fonte" text DEFAULT 'legado' NOT NULL;--> statement-breakpoint
ALTER TABLE "precos_diarios" ALTER COLUMN "fonte" SET DEFAULT 'cotahist';--> statement-breakpoint
ALTER TABLE "precos_diarios" ADD COLUMN "ajustado_ate" date DEFAULT current_date;--> statement-breakpoint
ALTER TABLE "precos_diarios" ALTER COLUMN "ajustado_ate" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "eventos_aplicacoes" ADD CONSTRAINT "eventos_aplicacoes_evento_id_eventos_corporativos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos_corporativos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos_aplicacoes" ADD CONSTRAINT "eventos_aplicacoes_operacao_id_operacoes_id_fk" FOREIGN KEY ("operacao_id") REFERENCES "public"."operacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos_corporativos" ADD CONSTRAINT "eventos_corporativos_acao_id_acoes_id_fk" FOREIGN KEY ("acao_id") REFERENCES "public"."acoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proventos" ADD CONSTRAINT "proventos_evento_id_eventos_corporativos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos_corporativos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proventos" ADD CONSTRAINT "proventos_operacao_id_operacoes_id_fk" FOREIGN KEY ("operacao_id") REFERENCES "public"."operacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eventos_aplicacoes_uq" ON "eventos_aplicacoes" USING btree ("evento_id","operacao_id");--> statement-breakpoint
CREATE INDEX "eventos_aplicacoes_operacao_idx" ON "eventos_aplicacoes" USING btree ("operacao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "eventos_corporativos_uq" ON "eventos_corporativos" USING btree ("acao_id","tipo","data_ex");--> statement-breakpoint
CREATE INDEX "eventos_corporativos_pendentes_idx" ON "eventos_corporativos" USING btree ("data_ex") WHERE "eventos_corporativos"."aplicado_em" is null;--> statement-breakpoint
CREATE INDEX "proventos_operacao_idx" ON "proventos" USING btree ("operacao_id");