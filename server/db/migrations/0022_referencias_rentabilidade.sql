CREATE TABLE "cdi_diario" (
	"data" date PRIMARY KEY NOT NULL,
	"taxa" numeric(14, 8) NOT NULL,
	"fonte" text NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cdi_diario_taxa" CHECK ("cdi_diario"."taxa" > -100),
	CONSTRAINT "cdi_diario_fonte" CHECK ("cdi_diario"."fonte" in ('bcb', 'selic'))
);
--> statement-breakpoint
CREATE TABLE "indices_diarios" (
	"indice" text NOT NULL,
	"data" date NOT NULL,
	"fechamento" numeric(18, 4) NOT NULL,
	"fonte" text NOT NULL,
	CONSTRAINT "indices_diarios_indice_data_pk" PRIMARY KEY("indice","data"),
	CONSTRAINT "indices_diarios_fechamento" CHECK ("indices_diarios"."fechamento" > 0)
);
--> statement-breakpoint
CREATE TABLE "referencias_atualizacoes" (
	"referencia" text PRIMARY KEY NOT NULL,
	"tentativa_em" timestamp with time zone NOT NULL,
	"sucesso_em" timestamp with time zone,
	"erro" text
);
