import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../../../server/db/lock';

describe('the data directory lock', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('refuses a second holder while a live process holds it, and frees it on release', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(
        path.join(dir, 'carteira-rv.lock'),
        JSON.stringify({ pid: holder.pid, purpose: 'server on port 3000' }),
      );
      expect(() => acquireDataDirLock(dir, 'user:create')).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir, 'user:create')).toThrow(
        /in use by process \d+ \(server on port 3000\)/,
      );
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a dead process (a crash)', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.on('exit', r));
    fs.writeFileSync(path.join(dir, 'carteira-rv.lock'), JSON.stringify({ pid: dead.pid }));
    const release = acquireDataDirLock(dir, 'server');
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'carteira-rv.lock'), 'utf8')).pid).toBe(
      process.pid,
    );
    release();
    expect(fs.existsSync(path.join(dir, 'carteira-rv.lock'))).toBe(false);
  });
});
