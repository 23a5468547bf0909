import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { queryRows } from '../../../server/db/query';
import { createSession } from '../../../server/modules/auth/sessions';
import { findUser, upsertUser } from '../../../server/modules/auth/users';
import { verifyPassword } from '../../../server/modules/auth/passwords';
import { run as runUserCreate } from '../../../server/cli/commands/user-create';
import { run as runUserDelete } from '../../../server/cli/commands/user-delete';
import { runCli } from '../../support/node-entry';
import { loadMigratedDatabase } from '../../support/test-db';
import { runInProcess } from './in-process';

/**
 * Each command once as `npm run` starts it, a process of its own (`*Process`: its arguments, standard input, exit
 * code and streams); its other cases in this process, the same command without a process start each.
 */
const userCreateProcess = (dataDir: string, args: string[], stdin: string) =>
  runCli('server/cli/user-create.ts', dataDir, args, stdin);
const userCreate = (dataDir: string, args: string[], stdin: string) =>
  runInProcess(runUserCreate, dataDir, args, stdin);
const userDeleteProcess = (dataDir: string, args: string[]) =>
  runCli('server/cli/user-delete.ts', dataDir, args);
const userDelete = (dataDir: string, args: string[]) => runInProcess(runUserDelete, dataDir, args);

/** Runs fn on the embedded database of dataDir (the CLI needs it closed). */
async function withDatabase<T>(
  dataDir: string,
  fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ dataDir, purpose: 'test' });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

const actor = `cli:${os.userInfo().username}`;

describe('npm run user:create', { timeout: 60_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'user-create-'));
  beforeAll(() => loadMigratedDatabase(dataDir), 60_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates a user from one line of standard input, then resets its password and ends its sessions', async () => {
    const created = await userCreate(dataDir, ['--username', 'maria'], 'primeira-senha\n');
    expect(created.out).toContain('User "maria" created.');
    expect(created.code).toBe(0);
    await withDatabase(dataDir, async (db) => {
      const user = await findUser(db, 'maria');
      await createSession(db, user!, new Date(Date.now() + 3600_000), '127.0.0.1');
    });

    const reset = await userCreate(dataDir, ['--username', 'maria'], 'segunda-senha\nignored\n');
    expect(reset.out).toContain('Password of "maria" reset; 1 open session(s) ended.');
    expect(reset.code).toBe(0);

    await withDatabase(dataDir, async (db) => {
      const user = await findUser(db, 'maria');
      expect(await verifyPassword(user!.password_hash, 'segunda-senha')).toBe(true);
      const sessions = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from sessions`,
      );
      expect(sessions[0]!.n).toBe(0);
      const audited = await queryRows(
        db,
        sql`select username, action, entity, entity_id from audit_log order by id`,
      );
      expect(audited).toEqual([
        { username: actor, action: 'create', entity: 'user', entity_id: 'maria' },
        { username: actor, action: 'password_reset', entity: 'user', entity_id: 'maria' },
      ]);
    });
  });

  it('refuses a missing username, and a short or common password, changing nothing', async () => {
    expect((await userCreate(dataDir, [], 'uma-senha-bem-longa\n')).code).toBe(2);
    const short = await userCreate(dataDir, ['--username', 'joao'], 'curta-11chr\n');
    expect(short.code).toBe(2);
    expect(short.out).toMatch(/at least 12 characters/);
    // Which passwords are too common is the rules' own test (passwords.test.ts); here, that the command refuses one.
    const common = await userCreate(dataDir, ['--username', 'joao'], 'Flamengo2024!\n');
    expect(common.code).toBe(2);
    expect(common.out).toMatch(/too common/);
    await withDatabase(dataDir, async (db) => expect(await findUser(db, 'joao')).toBeUndefined());
  });

  it('refuses to open the embedded database while another process holds it', async () => {
    const database = await openDatabase({ dataDir, purpose: 'server on port 3000' });
    try {
      // The lock is the process's (the test's own process may open the directory again): a process of its own.
      const refused = await userCreateProcess(
        dataDir,
        ['--username', 'ana'],
        'uma-senha-bem-longa\n',
      );
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/in use by process \d+ \(server on port 3000\)/);
    } finally {
      await database.close();
    }
  });
});

describe('npm run user:delete', { timeout: 60_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'user-delete-'));
  beforeAll(() => loadMigratedDatabase(dataDir), 60_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('deletes the user and its sessions, audited; refuses an unknown or missing username', async () => {
    // The user made as user:create makes it (audited as cli:, the command's own test runs it), in this process.
    await withDatabase(dataDir, async (db) => {
      await upsertUser(db, 'pedro', 'senha-do-pedro-123');
      const user = await findUser(db, 'pedro');
      await createSession(db, user!, new Date(Date.now() + 3600_000), '127.0.0.1');
    });

    const deleted = await userDeleteProcess(dataDir, ['--username', 'pedro']);
    expect(deleted.out).toContain('User "pedro" deleted; 1 open session(s) ended.');
    expect(deleted.code).toBe(0);
    await withDatabase(dataDir, async (db) => {
      expect(await findUser(db, 'pedro')).toBeUndefined();
      const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sessions`);
      expect(rows[0]!.n).toBe(0);
      const audited = await queryRows(
        db,
        sql`select username, action, entity_id from audit_log where entity = 'user' order by id`,
      );
      expect(audited).toEqual([
        { username: actor, action: 'create', entity_id: 'pedro' },
        { username: actor, action: 'delete', entity_id: 'pedro' },
      ]);
    });

    const unknown = await userDelete(dataDir, ['--username', 'pedro']);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('There is no user "pedro".');
    expect((await userDelete(dataDir, [])).code).toBe(2);
  });
});
