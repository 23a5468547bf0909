CREATE TABLE "modelo_clientes" (
	"cliente_id" integer PRIMARY KEY NOT NULL,
	"modelo_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modelo_itens" (
	"modelo_id" integer NOT NULL,
	"ticker" text NOT NULL,
	"peso" numeric(9, 4) NOT NULL,
	"ordem" smallint NOT NULL,
	CONSTRAINT "modelo_itens_modelo_id_ticker_pk" PRIMARY KEY("modelo_id","ticker"),
	CONSTRAINT "modelo_itens_peso" CHECK ("modelo_itens"."peso" > 0 and "modelo_itens"."peso" <= 100)
);
--> statement-breakpoint
CREATE TABLE "modelos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"caixa_alvo" numeric(9, 4) NOT NULL,
	"faixa_tipo" text NOT NULL,
	"faixa_valor" numeric(12, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modelos_nome_unique" UNIQUE("nome"),
	CONSTRAINT "modelos_caixa_alvo" CHECK ("modelos"."caixa_alvo" >= 0 and "modelos"."caixa_alvo" <= 100),
	CONSTRAINT "modelos_faixa_valor" CHECK ("modelos"."faixa_valor" > 0)
);
--> statement-breakpoint
ALTER TABLE "modelo_clientes" ADD CONSTRAINT "modelo_clientes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelo_clientes" ADD CONSTRAINT "modelo_clientes_modelo_id_modelos_id_fk" FOREIGN KEY ("modelo_id") REFERENCES "public"."modelos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelo_itens" ADD CONSTRAINT "modelo_itens_modelo_id_modelos_id_fk" FOREIGN KEY ("modelo_id") REFERENCES "public"."modelos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "modelo_clientes_modelo_idx" ON "modelo_clientes" USING btree ("modelo_id");