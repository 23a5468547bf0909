import type { PGlite } from '@electric-sql/pglite';
import { createTestDatabase } from './test-db';

/**
 * An embedded database in memory with nothing in it, as a new PGlite() has, for a migration's test to migrate up to
 * the migration before the one it tests (migrations.ts): the run's migrated template (test-db.ts) with its schemas
 * dropped and public made again. Loading the template and emptying it costs about a third of a new cluster's
 * initdb (measured: 0.7 against 2–4 CPU-s); the migrations up to any of ours take a fraction of a second. The
 * migrations make nothing outside public and drizzle (no extension, schema or role): nothing of the template is
 * left, and the catalogue is a new cluster's (schemas and their owners, relations, types, functions, extensions,
 * roles: compared once). Its client reads `date` columns as text, as the server's does (server/db/client.ts).
 */
export async function emptyPglite(): Promise<{ client: PGlite; close: () => Promise<void> }> {
  const database = await createTestDatabase();
  // drizzle keeps its client as $client (server/db/backup-pglite.ts reads it the same way).
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // public as initdb makes it: owned by pg_database_owner, usable by everyone.
  await client.exec(`
    drop schema public cascade;
    drop schema drizzle cascade;
    create schema public authorization pg_database_owner;
    grant usage on schema public to public;
  `);
  return { client, close: () => database.close() };
}
