import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { resolveJwtSecret } from '../../../server/lib/secret';
import { loadMigratedDatabase } from '../../support/test-db';

/** Every folder and file under dir (dir included) whose mode is not 0700 / 0600, with its mode. */
function looseModes(dir: string): Record<string, string> {
  const loose: Record<string, string> = {};
  const check = (file: string, isDir: boolean) => {
    const mode = fs.lstatSync(file).mode & 0o777;
    if (mode !== (isDir ? 0o700 : 0o600)) loose[path.relative(dir, file) || '.'] = mode.toString(8);
  };
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isSymbolicLink()) continue;
      check(file, entry.isDirectory());
      if (entry.isDirectory()) walk(file);
    }
  };
  check(dir, true);
  walk(dir);
  return loose;
}

describe(
  'the data directory is private: 0700, every file in it 0600, whatever the umask',
  { timeout: 60_000 },
  () => {
    let root: string;
    let umask: number;
    beforeEach(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-'));
      // The most permissive umask there is: nothing the product creates may rely on it.
      umask = process.umask(0);
    });
    afterEach(() => {
      process.umask(umask);
      fs.rmSync(root, { recursive: true, force: true });
    });

    it('when the server creates it', async () => {
      const dataDir = path.join(root, 'data');
      const database = await openDatabase({ dataDir, purpose: 'test' });
      try {
        expect(looseModes(dataDir)).toEqual({});
        resolveJwtSecret(undefined, dataDir);
        expect(fs.readdirSync(dataDir).sort()).toEqual([
          'carteira-rv.lock',
          'jwt-secret',
          'pgdata',
        ]);
        await database.db.execute('create table nova (x int)');
        expect(looseModes(dataDir)).toEqual({});
      } finally {
        await database.close();
      }
      expect(looseModes(dataDir)).toEqual({});
    });

    it('when an older version left it open to everyone, and without following links out of it', async () => {
      const dataDir = path.join(root, 'data');
      fs.mkdirSync(dataDir, { mode: 0o777 });
      await loadMigratedDatabase(dataDir);
      fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'x'.repeat(48), { mode: 0o644 });
      const outside = path.join(root, 'outside.txt');
      fs.writeFileSync(outside, 'not ours', { mode: 0o644 });
      fs.symlinkSync(outside, path.join(dataDir, 'link'));
      expect(Object.keys(looseModes(dataDir)).length).toBeGreaterThan(900);

      const database = await openDatabase({ dataDir, purpose: 'test' });
      await database.close();
      expect(looseModes(dataDir)).toEqual({});
      expect(fs.statSync(outside).mode & 0o777).toBe(0o644);
    });

    it('for the JWT secret alone (with PostgreSQL)', () => {
      const dataDir = path.join(root, 'secret-only');
      resolveJwtSecret(undefined, dataDir);
      expect(looseModes(dataDir)).toEqual({});
    });
  },
);
