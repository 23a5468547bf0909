-- With PostgreSQL, each secret every instance must share (JWT_SECRET, MT5_TOKEN_KEY) leaves its fingerprint here: the
-- first instance writes them, a later one started with other secrets refuses to start (server/lib/secret.ts).
CREATE TABLE "instance_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
