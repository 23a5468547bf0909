CREATE TABLE "task_leases" (
	"task" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"epoch" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mt5_status" (
	"cliente_id" integer PRIMARY KEY NOT NULL,
	"chave" text NOT NULL,
	"status" text,
	"ping" double precision,
	"detail" text,
	"medido_em" timestamp with time zone,
	"instancia" text,
	"medindo_desde" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mt5_status" ADD CONSTRAINT "mt5_status_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;