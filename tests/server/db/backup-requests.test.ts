import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackupError } from '../../../server/db/backup-archive';
import { requestBackup } from '../../../server/db/backup-requests';
import { processIdentity } from '../../../server/db/lock';

/**
 * `npm run db:backup` asks the process holding DATA_DIR with SIGUSR2, which kills a process that has no handler for
 * it: it is sent only to a server that said it listens (its ready file) and is still that same process.
 */
describe('a backup asked of the process holding the data directory', () => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  const kill = vi.spyOn(process, 'kill');
  const signalled = () => kill.mock.calls.filter(([, signal]) => signal === 'SIGUSR2');
  afterEach(() => {
    kill.mockClear();
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A live process with no SIGUSR2 handler (another command, a server of an older release), holding the lock. */
  async function holder() {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    children.push(child);
    await new Promise((resolve) => child.once('spawn', resolve));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-requests-'));
    dirs.push(dir);
    const lock = { pid: child.pid, purpose: 'user:create', ...processIdentity(child.pid!) };
    fs.writeFileSync(path.join(dir, 'carteira-rv.lock'), JSON.stringify(lock));
    return { child, dir };
  }
  const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

  it('refuses, naming the holder, and sends it nothing, when it never said it takes requests', async () => {
    const { child, dir } = await holder();
    const asked = requestBackup(dir, path.join(dir, 'copia.tar.gz'), 5_000);
    await expect(asked).rejects.toThrow(BackupError);
    await expect(asked).rejects.toThrow(`in use by process ${child.pid} (user:create)`);
    expect(signalled()).toEqual([]);
    expect(alive(child)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['carteira-rv.lock']);
  });

  it.skipIf(!fs.existsSync('/proc/self/stat'))(
    'refuses a ready file left by another process that had the same pid',
    async () => {
      const { child, dir } = await holder();
      const identity = processIdentity(child.pid!)!;
      const ready = {
        pid: child.pid,
        ...identity,
        startTicks: String(Number(identity.startTicks) - 1),
      };
      fs.writeFileSync(path.join(dir, 'carteira-rv.backup-ready'), JSON.stringify(ready));
      await expect(requestBackup(dir, path.join(dir, 'copia.tar.gz'), 5_000)).rejects.toThrow(
        /does not take backups while it runs/,
      );
      expect(signalled()).toEqual([]);
      expect(alive(child)).toBe(true);
    },
  );
});
