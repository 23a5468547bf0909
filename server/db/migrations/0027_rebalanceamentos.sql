CREATE TABLE "rebalanceamento_clientes" (
	"rebalanceamento_id" uuid NOT NULL,
	"cliente_id" integer NOT NULL,
	"caixa_depois" numeric(18, 2) NOT NULL,
	"compras" jsonb NOT NULL,
	"liberado_em" timestamp with time zone,
	CONSTRAINT "rebalanceamento_clientes_rebalanceamento_id_cliente_id_pk" PRIMARY KEY("rebalanceamento_id","cliente_id")
);
--> statement-breakpoint
CREATE TABLE "rebalanceamentos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"modelo_id" integer,
	"lote_venda_id" uuid,
	"lote_compra_id" uuid,
	"modo" text NOT NULL,
	"valor_minimo" numeric(18, 2),
	"respeitar_isencao" boolean NOT NULL,
	"idempotency_key" text NOT NULL,
	"idempotency_scope" text NOT NULL,
	"idempotency_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lotes" ADD COLUMN "aguardando" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rebalanceamento_clientes" ADD CONSTRAINT "rebalanceamento_clientes_rebalanceamento_id_rebalanceamentos_id_fk" FOREIGN KEY ("rebalanceamento_id") REFERENCES "public"."rebalanceamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebalanceamento_clientes" ADD CONSTRAINT "rebalanceamento_clientes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebalanceamentos" ADD CONSTRAINT "rebalanceamentos_modelo_id_modelos_id_fk" FOREIGN KEY ("modelo_id") REFERENCES "public"."modelos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebalanceamentos" ADD CONSTRAINT "rebalanceamentos_lote_compra_id_order_lotes_id_fk" FOREIGN KEY ("lote_compra_id") REFERENCES "public"."order_lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rebalanceamento_clientes_retidos_idx" ON "rebalanceamento_clientes" USING btree ("rebalanceamento_id") WHERE "rebalanceamento_clientes"."liberado_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "rebalanceamentos_idem_uq" ON "rebalanceamentos" USING btree ("idempotency_scope","idempotency_key");