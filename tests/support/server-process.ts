import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { nodeEntry } from './node-entry';

const root = path.resolve(import.meta.dirname, '../..');

/** A loopback port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** What it printed so far (stdout and stderr). */
  output: () => string;
  /** Whether it said it is running before it exited or the time ran out. */
  started: boolean;
  closed: Promise<number | null>;
  /**
   * Resolves true as soon as its output matches `pattern` (at once if it already does), false once it has exited
   * or `waitMs` passed without it: a wait ended by the line itself, not by polling.
   */
  waitFor: (pattern: RegExp, waitMs: number) => Promise<boolean>;
}

/**
 * Where a server process started by a test looks for the public services it would otherwise reach at start: the
 * Banco Central's CDI (the job runs whenever DEMO=0) and Yahoo (with QUOTES_PROVIDER=yahoo). Port 9 of the loopback (discard, on
 * fetch's list of blocked ports: not even tried): the refresh fails at once, as offline, and no test touches the
 * internet. A test
 * that needs the services passes its fake's address in `env` (tests/support/fake-bcb.ts, fake-yahoo.ts).
 */
export const OFFLINE_ENV = {
  BCB_BASE_URL: 'http://127.0.0.1:9',
  YAHOO_BASE_URL: 'http://127.0.0.1:9',
} as const;

/**
 * `server/main.ts` in a process of its own, as `npm start` runs it (from its bundle, node-entry.ts), on the
 * loopback, offline (OFFLINE_ENV); `env` over the test's environment. Resolves once it says it is running, has
 * exited, or `waitMs` passed (whichever comes first: its output and its exit end the wait, no polling).
 */
export async function startServerProcess(
  env: Record<string, string>,
  waitMs: number,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, await nodeEntry('server/main.ts'), {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...OFFLINE_ENV, ...env },
  });
  let out = '';
  let ended = false;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());
  const append = (d: Buffer) => {
    out += d.toString();
    changed();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const closed = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      ended = true;
      changed();
      resolve(code);
    }),
  );
  const waitFor = (pattern: RegExp, ms: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        listeners.delete(check);
        resolve(false);
      }, ms);
      const check = () => {
        const found = pattern.test(out);
        if (!found && !ended) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve(found);
      };
      listeners.add(check);
      check();
    });
  const started = await waitFor(/is running at/, waitMs);
  return { child, output: () => out, started, closed, waitFor };
}
