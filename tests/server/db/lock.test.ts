import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../../../server/db/lock';

const hasProc = fs.existsSync('/proc/self/stat');

/** A process's identity as /proc tells it, read here on its own so as not to trust the code under test. */
function procIdentity(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return {
    bootId: fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
    // Field 22, counted after the command's name in parentheses (field 2).
    startTicks: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!,
  };
}

/** A process that stays alive until killed, once it runs. */
async function liveChild() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}

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

  it.runIf(hasProc)('records who holds it: the pid, the boot and the start time', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir, 'server');
    try {
      const lock = JSON.parse(fs.readFileSync(path.join(dir, 'carteira-rv.lock'), 'utf8'));
      expect(lock).toMatchObject({ pid: process.pid, ...procIdentity(process.pid) });
    } finally {
      release();
    }
  });

  it.runIf(hasProc)('refuses while the live process that wrote it holds it', async () => {
    const dir = tempDir();
    const holder = await liveChild();
    try {
      const lock = {
        pid: holder.pid,
        purpose: 'server on port 3000',
        ...procIdentity(holder.pid!),
      };
      fs.writeFileSync(path.join(dir, 'carteira-rv.lock'), JSON.stringify(lock));
      expect(() => acquireDataDirLock(dir, 'user:create')).toThrow(
        /in use by process \d+ \(server on port 3000\)/,
      );
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it.runIf(hasProc)(
    'takes over a lock whose pid, after a restart, belongs to another live process',
    async () => {
      const dir = tempDir();
      const file = path.join(dir, 'carteira-rv.lock');
      const other = await liveChild();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const real = procIdentity(other.pid!);
        // Started at another time (the pids wrapped around), or before a reboot.
        for (const written of [
          { ...real, startTicks: String(Number(real.startTicks) - 1) },
          { ...real, bootId: '00000000-0000-0000-0000-000000000000' },
        ]) {
          fs.writeFileSync(file, JSON.stringify({ pid: other.pid, purpose: 'server', ...written }));
          const release = acquireDataDirLock(dir, 'user:create');
          expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({
            pid: process.pid,
            purpose: 'user:create',
          });
          release();
        }
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Taking over the lock/));
        expect(other.exitCode).toBeNull();
      } finally {
        warn.mockRestore();
        other.kill('SIGKILL');
      }
    },
  );

  it.runIf(hasProc)('takes over a lock naming this very process at another start', () => {
    const dir = tempDir();
    const file = path.join(dir, 'carteira-rv.lock');
    const real = procIdentity(process.pid);
    fs.writeFileSync(
      file,
      JSON.stringify({
        pid: process.pid,
        ...real,
        startTicks: String(Number(real.startTicks) - 1),
      }),
    );
    const release = acquireDataDirLock(dir, 'server');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, ...real });
    release();
  });
});
