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
 * Issue 32: user:create makes an admin unless --role says otherwise; a reset keeps the role unless given. The
 * command runs in this process (its own process, exit codes and streams: user-create.test.ts).
 */
const userCreate = (dataDir: string, args: string[], stdin: string) =>
  runInProcess(run, dataDir, args, stdin);

async function papelOf(dataDir: string, username: string) {
  const database = await openDatabase({ dataDir, purpose: 'test' });
  try {
    const rows = await queryRows<{ papel: string }>(
      database.db,
      sql`select papel from users where username = ${username}`,
    );
    return rows[0]?.papel;
  } finally {
    await database.close();
  }
}

describe('npm run user:create -- --role', { timeout: 60_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'user-role-'));
  beforeAll(() => loadMigratedDatabase(dataDir), 60_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates an admin without --role, the role given with it, and a reset keeps or changes it', async () => {
    const admin = await userCreate(dataDir, ['--username', 'dona'], 'uma-senha-bem-longa\n');
    expect(admin.out).toContain('User "dona" created. Role: admin.');
    expect(await papelOf(dataDir, 'dona')).toBe('admin');

    const assessor = await userCreate(
      dataDir,
      ['--username', 'assis', '--role', 'assessor'],
      'outra-senha-bem-longa\n',
    );
    expect(assessor.code).toBe(0);
    expect(await papelOf(dataDir, 'assis')).toBe('assessor');

    await userCreate(dataDir, ['--username', 'assis'], 'mais-uma-senha-longa\n');
    expect(await papelOf(dataDir, 'assis')).toBe('assessor');
    await userCreate(dataDir, ['--username', 'assis', '--role', 'Leitura'], 'e-mais-outra-longa\n');
    expect(await papelOf(dataDir, 'assis')).toBe('leitura');
  });

  it('refuses a role that is not one, creating nothing', async () => {
    const bad = await userCreate(
      dataDir,
      ['--username', 'tito', '--role', 'gerente'],
      'uma-senha-bem-longa\n',
    );
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('--role must be one of admin, operador, assessor, leitura.');
    expect(await papelOf(dataDir, 'tito')).toBeUndefined();
  });
});
