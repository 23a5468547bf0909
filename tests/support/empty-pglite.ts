import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { migratedDump } from './pglite-global-setup';

let template: Promise<Blob> | undefined;

/** The run's migrated dump (pglite-global-setup.ts writes it while the first tests run), else one made here. */
async function readTemplate(): Promise<Blob> {
  const file = inject('pgliteTemplate');
  if (!file) return migratedDump();
  const deadline = Date.now() + 5 * 60_000;
  while (!fs.existsSync(file)) {
    if (fs.existsSync(`${file}.error`)) return migratedDump();
    if (Date.now() > deadline) throw new Error(`no migrated template at ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return new Blob([await fs.promises.readFile(file)]);
}

/**
 * An embedded database in memory with nothing in it, as a new PGlite() has, for a migration's test to migrate up to
 * the migration before the one it tests (migrations.ts): a copy of the run's migrated template with its schemas
 * dropped and public made again. Loading the template and emptying it costs about a third of a new cluster's
 * initdb (measured: 0.7 against 2–4 CPU-s); the migrations up to any of ours take a fraction of a second. The
 * migrations make nothing outside public and drizzle (no extension, schema or role): nothing of the template is
 * left, and the catalogue is a new cluster's (schemas and their owners, relations, types, functions, extensions,
 * roles: compared once). A client of its own, with PGlite's default parsers, closed by the caller: not one of
 * test-db.ts's databases, which a worker's next file reuses.
 */
export async function emptyPglite(): Promise<{ client: PGlite; close: () => Promise<void> }> {
  template ??= readTemplate();
  const client = await PGlite.create({ loadDataDir: await template });
  // public as initdb makes it: owned by pg_database_owner, usable by everyone.
  await client.exec(`
    drop schema public cascade;
    drop schema drizzle cascade;
    create schema public authorization pg_database_owner;
    grant usage on schema public to public;
  `);
  return { client, close: () => client.close() };
}
