CREATE TABLE "alerta_preferencias" (
	"user_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"canal" text NOT NULL,
	CONSTRAINT "alerta_preferencias_user_id_tipo_pk" PRIMARY KEY("user_id","tipo")
);
--> statement-breakpoint
CREATE TABLE "alerta_regras" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"acao_id" integer NOT NULL,
	"direcao" text NOT NULL,
	"nivel" numeric(18, 4) NOT NULL,
	"rearmes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alertas" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"chave" text NOT NULL,
	"episodio" text NOT NULL,
	"estado" text NOT NULL,
	"cliente_id" integer,
	"operacao_id" integer,
	"order_group_id" uuid,
	"evento_id" integer,
	"regra_id" integer,
	"user_id" integer,
	"ticker" text,
	"nivel" numeric(18, 4),
	"cotacao" numeric(18, 4),
	"titulo" text NOT NULL,
	"desde" timestamp with time zone NOT NULL,
	"disparado_em" timestamp with time zone,
	"resolvido_em" timestamp with time zone,
	"avisos" integer DEFAULT 0 NOT NULL,
	"ultimo_aviso_em" timestamp with time zone,
	"reconhecido" boolean DEFAULT false NOT NULL,
	"reconhecido_por" text,
	"reconhecido_em" timestamp with time zone,
	"adiado_ate" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"alerta_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"aviso" integer NOT NULL,
	"motivo" text NOT NULL,
	"titulo" text NOT NULL,
	"lida" boolean DEFAULT false NOT NULL,
	"email" text,
	"email_tentativas" integer DEFAULT 0 NOT NULL,
	"email_proxima" timestamp with time zone,
	"email_enviado_em" timestamp with time zone,
	"email_erro" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operacoes" ADD COLUMN "valor_stop" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "alerta_preferencias" ADD CONSTRAINT "alerta_preferencias_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerta_regras" ADD CONSTRAINT "alerta_regras_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerta_regras" ADD CONSTRAINT "alerta_regras_acao_id_acoes_id_fk" FOREIGN KEY ("acao_id") REFERENCES "public"."acoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas" ADD CONSTRAINT "alertas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas" ADD CONSTRAINT "alertas_operacao_id_operacoes_id_fk" FOREIGN KEY ("operacao_id") REFERENCES "public"."operacoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas" ADD CONSTRAINT "alertas_order_group_id_order_groups_id_fk" FOREIGN KEY ("order_group_id") REFERENCES "public"."order_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas" ADD CONSTRAINT "alertas_evento_id_eventos_corporativos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos_corporativos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas" ADD CONSTRAINT "alertas_regra_id_alerta_regras_id_fk" FOREIGN KEY ("regra_id") REFERENCES "public"."alerta_regras"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas" ADD CONSTRAINT "alertas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_alerta_id_alertas_id_fk" FOREIGN KEY ("alerta_id") REFERENCES "public"."alertas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerta_regras_uq" ON "alerta_regras" USING btree ("user_id","acao_id","direcao","nivel");--> statement-breakpoint
CREATE UNIQUE INDEX "alertas_episodio_uq" ON "alertas" USING btree ("tipo","chave","episodio");--> statement-breakpoint
CREATE INDEX "alertas_abertos_idx" ON "alertas" USING btree ("tipo","chave") WHERE "alertas"."estado" <> 'resolvido';--> statement-breakpoint
CREATE INDEX "alertas_operacao_idx" ON "alertas" USING btree ("operacao_id");--> statement-breakpoint
CREATE INDEX "alertas_ordem_idx" ON "alertas" USING btree ("order_group_id");--> statement-breakpoint
CREATE INDEX "alertas_evento_idx" ON "alertas" USING btree ("evento_id");--> statement-breakpoint
CREATE INDEX "alertas_regra_idx" ON "alertas" USING btree ("regra_id");--> statement-breakpoint
CREATE INDEX "alertas_cliente_idx" ON "alertas" USING btree ("cliente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notificacoes_aviso_uq" ON "notificacoes" USING btree ("alerta_id","user_id","aviso");--> statement-breakpoint
CREATE INDEX "notificacoes_usuario_idx" ON "notificacoes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notificacoes_nao_lidas_idx" ON "notificacoes" USING btree ("user_id") WHERE not "notificacoes"."lida";--> statement-breakpoint
CREATE INDEX "notificacoes_email_idx" ON "notificacoes" USING btree ("email_proxima") WHERE "notificacoes"."email" = 'pendente';--> statement-breakpoint
CREATE INDEX "notificacoes_enviadas_idx" ON "notificacoes" USING btree ("user_id","tipo","email_enviado_em") WHERE "notificacoes"."email_enviado_em" is not null;