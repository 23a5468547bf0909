import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the setup writes the server's address and admin password once it is up (tests/support/e2e.ts). */
    e2eServer: string;
  }
}

/** What the setup writes to `e2eServer`: the running server, or why there is none. */
export type E2eServer = { baseUrl: string; adminPassword: string } | { error: string };

function isAlive(pid: number): boolean {
  try {
    return pid > 0 && process.kill(pid, 0);
  } catch {
    return false;
  }
}

function tryLock(dir: string): boolean {
  try {
    fs.mkdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const owner = Number(
      fs.readFileSync(path.join(dir, 'pid'), { encoding: 'utf8', flag: 'a+' }) || 0,
    );
    if (owner > 0 && !isAlive(owner)) fs.rmSync(dir, { recursive: true, force: true });
    return false;
  }
  fs.writeFileSync(path.join(dir, 'pid'), String(process.pid));
  return true;
}

/** Several checkouts' e2e runs on one machine would rebuild dist/ under each other: one at a time. */
async function machineLock(): Promise<() => void> {
  const dir = path.join(os.tmpdir(), 'carteira-rv-e2e.lock');
  const deadline = Date.now() + 15 * 60_000;
  while (!tryLock(dir)) {
    if (Date.now() > deadline) throw new Error(`another e2e run holds ${dir}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * The process of `npm start`'s group (`pgid`) that runs server/main.ts itself: of the ones naming it (tsx's command
 * line and the server it starts), the one that is no other's parent.
 */
function serverPid(pgid: number): number | undefined {
  const naming: Array<{ pid: number; ppid: number }> = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command's name (in parentheses): state, ppid, pgrp.
      const [, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) !== pgid) continue;
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmd.some((arg) => arg.endsWith('server/main.ts'))) {
        naming.push({ pid: Number(entry), ppid: Number(ppid) });
      }
    } catch {
      // gone meanwhile
    }
  }
  return naming.find((p) => !naming.some((q) => q.ppid === p.pid))?.pid;
}

interface Started {
  baseUrl: string;
  adminPassword: string;
  stop(): Promise<void>;
}

/**
 * The end-to-end tests run against `npm start` itself (SPA build, real server, embedded database, demo data)
 * on a fresh data directory, and read the admin password it prints on the first start.
 */
async function startServer(dataDir: string): Promise<Started> {
  const unlock = await machineLock();
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      // The test runner's NODE_ENV=test would make vite build React's development bundle: the e2e tests run
      // what `npm start` builds from a shell.
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));

  // 'close', not 'exit': npm exits at once on a signal; the server still holds the pipes until it has stopped.
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const deadline = Date.now() + 150_000;
  let closed = false;
  void exited.then(() => (closed = true));
  while (!/password: \S+/.test(output) && !closed && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const started = /password: \S+/.test(output);
  if (!started) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    unlock();
    throw new Error(`npm start did not come up:\n${output}`);
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    adminPassword: /password: (\S+)/.exec(output)![1]!,
    async stop() {
      // The server's own process, not the group: tsx's command line, between npm and the server, relays a signal and
      // kills the server 30 ms later unless it has said it is stopping — on a busy machine, mid-checkpoint.
      process.kill(serverPid(child.pid!) ?? -child.pid!, 'SIGTERM');
      // A clean stop finishes the request or reconciliation round in flight (one agent timeout) and checkpoints the
      // embedded database: seconds, more on a busy machine.
      const killer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 60_000);
      await exited;
      clearTimeout(killer);
      unlock();
      if (!/Stopped cleanly/.test(output)) {
        throw new Error(`the server did not stop cleanly on SIGTERM:\n${output.slice(-2000)}`);
      }
    },
  };
}

/**
 * Starts the server without waiting for it: it builds and starts while the other projects' tests run (the e2e
 * files run last, and wait for it in tests/support/e2e.ts), where it used to hold every test back for its build,
 * its start and any other checkout's e2e run.
 */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carteira-rv-e2e-'));
  const file = path.join(dir, 'server.json');
  project.provide('e2eServer', file);
  const write = (info: E2eServer) => {
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(info));
    fs.renameSync(`${file}.tmp`, file);
  };
  const server = startServer(path.join(dir, 'data')).then(
    (started) => {
      write({ baseUrl: started.baseUrl, adminPassword: started.adminPassword });
      return started;
    },
    (err: unknown) => {
      write({ error: (err as Error).message });
      return null;
    },
  );
  return async () => {
    try {
      await (await server)?.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
