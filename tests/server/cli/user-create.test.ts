import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { findUser } from '../../../server/modules/auth/users';
import { verifyPassword } from '../../../server/modules/auth/passwords';

const root = path.resolve(import.meta.dirname, '../../..');

function userCreate(dataDir: string, args: string[], stdin: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/cli/user-create.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
    child.stdin.end(stdin);
  });
}

describe('npm run user:create', { timeout: 60_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'user-create-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates a user from one line of standard input, then resets its password', async () => {
    const created = await userCreate(dataDir, ['--username', 'maria'], 'primeira-senha\n');
    expect(created.out).toContain('User "maria" created.');
    expect(created.code).toBe(0);
    const reset = await userCreate(dataDir, ['--username', 'maria'], 'segunda-senha\nignored\n');
    expect(reset.out).toContain('Password of "maria" reset.');

    const database = await openDatabase({ dataDir, purpose: 'test' });
    try {
      const user = await findUser(database.db, 'maria');
      expect(await verifyPassword(user!.password_hash, 'segunda-senha')).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('refuses a missing username and a short password', async () => {
    expect((await userCreate(dataDir, [], 'senha-longa\n')).code).toBe(2);
    const short = await userCreate(dataDir, ['--username', 'joao'], 'curta\n');
    expect(short.code).toBe(2);
    expect(short.out).toMatch(/at least 8 characters/);
  });

  it('refuses to open the embedded database while another process holds it', async () => {
    const database = await openDatabase({ dataDir, purpose: 'server on port 3000' });
    try {
      const refused = await userCreate(dataDir, ['--username', 'ana'], 'senha-longa\n');
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/in use by process \d+ \(server on port 3000\)/);
    } finally {
      await database.close();
    }
  });
});
