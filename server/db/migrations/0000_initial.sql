CREATE TABLE "acoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticker" text NOT NULL,
	"empresa" text,
	"setor" text,
	CONSTRAINT "acoes_ticker_unique" UNIQUE("ticker")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"username" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text,
	"email" text,
	"documento" text,
	"telefone" text,
	"codigo_xp" text,
	"percentual_patrimonio" numeric(5, 2) DEFAULT '0' NOT NULL,
	"vm" text,
	"vm_ip" text,
	"vm_private_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custodias" (
	"id" serial PRIMARY KEY NOT NULL,
	"lote_id" integer NOT NULL,
	"data_referencia" date NOT NULL,
	"codigo" text NOT NULL,
	"ativo" text NOT NULL,
	"quantidade" numeric(18, 4) NOT NULL,
	"preco_medio" numeric(18, 4),
	"valor" numeric(18, 2)
);
--> statement-breakpoint
CREATE TABLE "import_lotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"data_referencia" date NOT NULL,
	"arquivo" text NOT NULL,
	"linhas" integer NOT NULL,
	"status" text NOT NULL,
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"acao_id" integer NOT NULL,
	"data_compra" date,
	"preco_unitario" numeric(18, 4),
	"quantidade" integer,
	"data_venda" date,
	"preco_venda_unitario" numeric(18, 4),
	"valor_alvo" numeric(18, 4),
	"origem" text DEFAULT 'manual' NOT NULL,
	"order_group_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"side" text NOT NULL,
	"ticker_base" text NOT NULL,
	"acao_id" integer,
	"execucao" text NOT NULL,
	"preco" numeric(18, 4),
	"tp" numeric(18, 4),
	"operacao_id" integer,
	"idempotency_key" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"erro" text,
	"completed_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_legs" (
	"group_id" uuid NOT NULL,
	"leg" smallint NOT NULL,
	"symbol" text NOT NULL,
	"volume" integer NOT NULL,
	"client_order_id" text NOT NULL,
	"ticket" bigint,
	"state" text DEFAULT 'pending' NOT NULL,
	"volume_filled" integer DEFAULT 0 NOT NULL,
	"price_avg" numeric(18, 4),
	"retcode" integer,
	"retcode_desc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_legs_group_id_leg_pk" PRIMARY KEY("group_id","leg"),
	CONSTRAINT "order_legs_client_order_id_unique" UNIQUE("client_order_id")
);
--> statement-breakpoint
CREATE TABLE "patrimonios" (
	"id" serial PRIMARY KEY NOT NULL,
	"lote_id" integer NOT NULL,
	"data_referencia" date NOT NULL,
	"codigo" text NOT NULL,
	"nome" text,
	"patrimonio" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "precos_diarios" (
	"acao_id" integer NOT NULL,
	"data" date NOT NULL,
	"abertura" numeric(18, 4) NOT NULL,
	"maxima" numeric(18, 4) NOT NULL,
	"minima" numeric(18, 4) NOT NULL,
	"fechamento" numeric(18, 4) NOT NULL,
	"volume" bigint NOT NULL,
	CONSTRAINT "precos_diarios_acao_id_data_pk" PRIMARY KEY("acao_id","data")
);
--> statement-breakpoint
CREATE TABLE "recomendacoes" (
	"data" date NOT NULL,
	"acao_id" integer NOT NULL,
	"preco_compra" numeric(18, 4) NOT NULL,
	"alvo_sugerido" numeric(18, 4) NOT NULL,
	"percentual_estimado" numeric NOT NULL,
	"probabilidade" numeric NOT NULL,
	"vezes_atingiu_alvo_1m" integer NOT NULL,
	"cruza_medias" boolean NOT NULL,
	"obv_cres" boolean NOT NULL,
	"vol_acima_media" boolean NOT NULL,
	"wma602" boolean NOT NULL,
	"min" numeric(18, 4) NOT NULL,
	"max" numeric(18, 4) NOT NULL,
	"amplitude" numeric NOT NULL,
	"amp_axf" numeric NOT NULL,
	"amp_mxxmn" numeric NOT NULL,
	"a_x_f" numeric NOT NULL,
	"alvo" numeric NOT NULL,
	"alta" smallint NOT NULL,
	"baixa" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recomendacoes_data_acao_id_pk" PRIMARY KEY("data","acao_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "custodias" ADD CONSTRAINT "custodias_lote_id_import_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."import_lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operacoes" ADD CONSTRAINT "operacoes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operacoes" ADD CONSTRAINT "operacoes_acao_id_acoes_id_fk" FOREIGN KEY ("acao_id") REFERENCES "public"."acoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_acao_id_acoes_id_fk" FOREIGN KEY ("acao_id") REFERENCES "public"."acoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_operacao_id_operacoes_id_fk" FOREIGN KEY ("operacao_id") REFERENCES "public"."operacoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_legs" ADD CONSTRAINT "order_legs_group_id_order_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."order_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrimonios" ADD CONSTRAINT "patrimonios_lote_id_import_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."import_lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "precos_diarios" ADD CONSTRAINT "precos_diarios_acao_id_acoes_id_fk" FOREIGN KEY ("acao_id") REFERENCES "public"."acoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recomendacoes" ADD CONSTRAINT "recomendacoes_acao_id_acoes_id_fk" FOREIGN KEY ("acao_id") REFERENCES "public"."acoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "clientes_codigo_xp_idx" ON "clientes" USING btree ("codigo_xp");--> statement-breakpoint
CREATE INDEX "custodias_codigo_data_idx" ON "custodias" USING btree ("codigo","data_referencia");--> statement-breakpoint
CREATE INDEX "operacoes_cliente_idx" ON "operacoes" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "operacoes_abertas_idx" ON "operacoes" USING btree ("cliente_id") WHERE "operacoes"."data_venda" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "operacoes_order_group_uq" ON "operacoes" USING btree ("order_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_groups_idem_uq" ON "order_groups" USING btree ("cliente_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "order_groups_sell_in_flight_uq" ON "order_groups" USING btree ("operacao_id") WHERE "order_groups"."side" = 'sell' and "order_groups"."state" in ('pending', 'sent');--> statement-breakpoint
CREATE INDEX "patrimonios_codigo_data_idx" ON "patrimonios" USING btree ("codigo","data_referencia");