ALTER TABLE "operacoes" ADD COLUMN "custos_compra" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "operacoes" ADD COLUMN "custos_venda" numeric(18, 2) DEFAULT '0' NOT NULL;