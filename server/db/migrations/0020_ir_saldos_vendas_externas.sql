CREATE TABLE "ir_saldos_iniciais" (
	"cliente_id" integer NOT NULL,
	"ano" integer NOT NULL,
	"prejuizo_comum" numeric(18, 2) DEFAULT '0' NOT NULL,
	"prejuizo_day_trade" numeric(18, 2) DEFAULT '0' NOT NULL,
	"prejuizo_fii" numeric(18, 2) DEFAULT '0' NOT NULL,
	"irrf_a_compensar" numeric(18, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ir_saldos_iniciais_cliente_id_ano_pk" PRIMARY KEY("cliente_id","ano"),
	CONSTRAINT "ir_saldos_iniciais_valores" CHECK ("ir_saldos_iniciais"."prejuizo_comum" >= 0 and "ir_saldos_iniciais"."prejuizo_day_trade" >= 0 and "ir_saldos_iniciais"."prejuizo_fii" >= 0
        and "ir_saldos_iniciais"."irrf_a_compensar" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ir_vendas_externas" (
	"cliente_id" integer NOT NULL,
	"mes" text NOT NULL,
	"valor" numeric(18, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ir_vendas_externas_cliente_id_mes_pk" PRIMARY KEY("cliente_id","mes"),
	CONSTRAINT "ir_vendas_externas_valor" CHECK ("ir_vendas_externas"."valor" >= 0 and "ir_vendas_externas"."mes" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "ir_saldos_iniciais" ADD CONSTRAINT "ir_saldos_iniciais_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ir_vendas_externas" ADD CONSTRAINT "ir_vendas_externas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;