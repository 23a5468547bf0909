import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { queryRows } from '../../../server/db/query';
import { run } from '../../../server/cli/commands/user-create';
import { loadMigratedDatabase } from '../../support/test-db';
import { runInProcess } from './in-process';

/**
 * Issue 31: user:create --email sets where the user's alerts are e-mailed; a bad address changes nothing. The
 * command runs in this process (its own process, exit codes and streams: user-create.test.ts).
 */
const userCreate = (dataDir: string, args: string[], stdin: string) =>
  runInProcess(run, dataDir, args, stdin);

async function emailOf(dataDir: string, username: string) {
  const database = await openDatabase({ dataDir, purpose: 'test' });
  try {
    const rows = await queryRows<{ email: string | null }>(
      database.db,
      sql`select email from users where username = ${username}`,
    );
    return rows[0]?.email;
  } finally {
    await database.close();
  }
}

describe('npm run user:create -- --email', { timeout: 60_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'user-email-'));
  beforeAll(() => loadMigratedDatabase(dataDir), 60_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates the user with an e-mail, keeps it on a reset without --email, removes it with --email ""', async () => {
    const created = await userCreate(
      dataDir,
      ['--username', 'rita', '--email', 'rita@carteira.test'],
      'uma-senha-bem-longa\n',
    );
    expect(created.out).toContain('E-mail of "rita": rita@carteira.test.');
    expect(created.code).toBe(0);
    expect(await emailOf(dataDir, 'rita')).toBe('rita@carteira.test');

    expect(
      (await userCreate(dataDir, ['--username', 'rita'], 'outra-senha-bem-longa\n')).code,
    ).toBe(0);
    expect(await emailOf(dataDir, 'rita')).toBe('rita@carteira.test');

    const removed = await userCreate(
      dataDir,
      ['--username', 'rita', '--email', ''],
      'mais-uma-senha-longa\n',
    );
    expect(removed.out).toContain('E-mail of "rita" removed.');
    expect(await emailOf(dataDir, 'rita')).toBeNull();
  });

  it('refuses an address that is not one, creating nothing', async () => {
    const bad = await userCreate(
      dataDir,
      ['--username', 'tito', '--email', 'tito'],
      'uma-senha-bem-longa\n',
    );
    expect(bad.code).toBe(2);
    expect(bad.out).toMatch(/--email must be an e-mail address/);
    expect(await emailOf(dataDir, 'tito')).toBeUndefined();
  });
});
