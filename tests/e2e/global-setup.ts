import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The end-to-end tests run against `npm start` itself (SPA build, real server, embedded database, demo data)
 * on a fresh data directory, and read the admin password it prints on the first start.
 */
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

export default async function setup(project: TestProject) {
  const unlock = await machineLock();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carteira-rv-e2e-'));
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
  const adminPassword = /password: (\S+)/.exec(output)![1]!;
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('adminPassword', adminPassword);

  return async () => {
    process.kill(-child.pid!, 'SIGTERM');
    // A clean stop finishes the request or reconciliation round in flight (one agent timeout) and checkpoints the
    // embedded database: seconds, more on a busy machine.
    const killer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 60_000);
    await exited;
    clearTimeout(killer);
    unlock();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!/Stopped cleanly/.test(output)) {
      throw new Error(`the server did not stop cleanly on SIGTERM:\n${output.slice(-2000)}`);
    }
  };
}
