ALTER TABLE "eventos_aplicacoes" ADD COLUMN "stop_antes" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "eventos_aplicacoes" ADD COLUMN "stop_depois" numeric(18, 4);