import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase, openMemoryDatabase, type Database } from '../../server/db/client';
import { databaseUrl, waitUntilUnused, withAdmin } from './pg-admin';
import { migratedDump } from './pglite-global-setup';

let pgliteTemplate: Promise<Blob> | undefined;

/** The migrated database's dump, once pglite-global-setup.ts has written it. */
async function readTemplate(file: string): Promise<Blob> {
  const deadline = Date.now() + 5 * 60_000;
  while (!fs.existsSync(file)) {
    if (fs.existsSync(`${file}.error`)) {
      throw new Error(`no migrated template: ${fs.readFileSync(`${file}.error`, 'utf8')}`);
    }
    if (Date.now() > deadline) throw new Error(`no migrated template at ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return new Blob([await fs.promises.readFile(file)]);
}

/**
 * A new, migrated, empty database for one test file: in-memory PGlite, or a fresh PostgreSQL database. Both are
 * copies of one database migrated once per run (pglite-global-setup.ts, postgres-template-setup.ts); the
 * migrations still run on the copy, and find nothing to do.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    const dump = inject('pgliteTemplate');
    if (!dump) return openMemoryDatabase();
    pgliteTemplate ??= readTemplate(dump);
    return openMemoryDatabase(await pgliteTemplate);
  }
  const adminUrl = inject('pgUrl');
  const template = inject('pgTemplate');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) =>
    admin.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const database = await openDatabase({
    databaseUrl: databaseUrl(adminUrl, name),
    dataDir: '',
    purpose: 'test',
  });
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(adminUrl, async (admin) => {
        await waitUntilUnused(admin, name);
        await admin.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

/**
 * Puts in dataDir (made if missing) an embedded database already created and migrated, and empty, as a process that
 * opens DATA_DIR on its own (a CLI command) would find it after a first start: loaded from the run's migrated dump
 * where the project makes one (pglite-global-setup.ts), else from one made once for this test file. About a second
 * instead of five for each database created and migrated anew; the command still runs the migrations, and finds
 * nothing to do.
 */
export async function loadMigratedDatabase(dataDir: string): Promise<void> {
  const dump = inject('pgliteTemplate');
  pgliteTemplate ??= dump ? readTemplate(dump) : migratedDump();
  const client = await PGlite.create(path.join(dataDir, 'pgdata'), {
    loadDataDir: await pgliteTemplate,
  });
  await client.close();
}
