import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ImportError, tooMuchMemory } from './file-check';
import type { HostSettings } from './parse-host';
import type { ImportLimits } from './limits';
import type { ParsedPayload, ParseOptions } from './parser';

export interface ParseRequest {
  id: number;
  buffer: Uint8Array;
  options: ParseOptions;
}

export type ParseReply =
  | { id: number; ok: true; result: ParsedPayload }
  | { id: number; ok: false; status: ImportError['status']; detail: string }
  | { id: number; ok: false; internal: string };

export interface ParsePool {
  /**
   * Parses an upload's requested sheets, side by side, in a process whose memory the operating system caps, with a
   * time limit; a file that breaks either is an ImportError (413).
   */
  parse(buffer: Uint8Array, options: ParseOptions): Promise<ParsedPayload>;
  close(): Promise<void>;
}

export type PoolLimits = Pick<
  ImportLimits,
  'workerHeapMb' | 'workerMemoryMb' | 'parseTimeoutMs' | 'maxWorkers' | 'maxQueued'
>;

const HOST_PATH = fileURLToPath(new URL('./parse-host-boot.mjs', import.meta.url));

// The data segment limit (RLIMIT_DATA) counts every private writable mapping: the heaps, and also the buffers and
// native memory that a heap limit does not see. The shell sets it and becomes Node, keeping the IPC channel.
const LIMITED = 'ulimit -S -d "$1" && shift && exec "$@"';

const OUT_OF_MEMORY = /out of memory|allocation failed/i;

interface Host {
  process: ChildProcess;
  /** The end of what the process wrote to stderr, for a crash's message. */
  stderr: string;
  /** V8 said it ran out of memory: it says so first, then prints a long stack, before it aborts. */
  outOfMemory: boolean;
}

/** A new parsing process, capped by the operating system at workerMemoryMb. */
function spawnHost(limits: PoolLimits): Host {
  const settings: HostSettings = {
    workerHeapMb: limits.workerHeapMb,
    workers: limits.maxWorkers,
  };
  const proc = spawn(
    '/bin/sh',
    [
      '-c',
      LIMITED,
      'sh',
      String(limits.workerMemoryMb * 1024),
      process.execPath,
      HOST_PATH,
      JSON.stringify(settings),
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      // glibc gives each thread its own arena: two arenas leave more of the cap to the parse itself.
      env: { ...process.env, MALLOC_ARENA_MAX: '2' },
    },
  );
  const host: Host = { process: proc, stderr: '', outOfMemory: false };
  proc.stderr?.setEncoding('utf8');
  proc.stderr?.on('data', (text: string) => {
    const joined = host.stderr + text;
    host.outOfMemory ||= OUT_OF_MEMORY.test(joined);
    host.stderr = joined.slice(-2000);
  });
  return host;
}

/** Whether the process keeps the server's event loop alive (an idle one must not). */
function setRef({ process: proc }: Host, on: boolean): void {
  for (const handle of [proc, proc.channel, proc.stderr as Socket | null]) {
    if (on) handle?.ref();
    else handle?.unref();
  }
}

function kill(host: Host): Promise<void> {
  return new Promise<void>((resolve) => {
    const proc = host.process;
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    // An idle process is unreferenced: its exit would not keep a closing server's event loop alive to see it.
    setRef(host, true);
    proc.once('exit', () => resolve());
    // A dying process may still report an error; with no listener it would crash the server.
    proc.on('error', () => undefined);
    proc.kill('SIGKILL');
  });
}

const timedOut = (ms: number) =>
  new ImportError(
    413,
    `A leitura da planilha passou do limite de ${(ms / 1000).toLocaleString('pt-BR')} s.`,
  );

/** Why a parsing process ended before answering. */
function exitError(host: Host, code: number | null, signal: NodeJS.Signals | null): Error {
  // The kernel's OOM killer says nothing and sends SIGKILL.
  if (host.outOfMemory || signal === 'SIGKILL') return tooMuchMemory();
  return new Error(
    `parse process exited (${signal ?? `code ${code}`}): ${host.stderr.slice(-500)}`,
  );
}

/**
 * One parsing process, capped by the operating system at workerMemoryMb, parses one upload at a time (its sheets
 * side by side, in worker threads): whatever a hostile workbook makes SheetJS allocate, the server and its parsing
 * process together grow by about that cap at most, and no other upload shares the process it may bring down. Further
 * uploads wait in a short queue; past it they get a 503. The process and its workers start in about a second (tsx
 * and SheetJS load), so it is kept warm between uploads; one that timed out, crashed or ran out of memory is
 * discarded and the next upload gets a fresh one.
 */
export function createParsePool(limits: PoolLimits): ParsePool {
  let idle: Host | null = null;
  let busy = false;
  let nextId = 1;
  let closed = false;
  const waiting: (() => void)[] = [];

  const park = (host: Host) => {
    if (closed) {
      void kill(host);
      return;
    }
    setRef(host, false);
    const forget = () => {
      if (idle === host) idle = null;
    };
    host.process.once('error', forget);
    host.process.once('exit', forget);
    idle = host;
  };

  const take = (): Host => {
    const host = idle ?? spawnHost(limits);
    idle = null;
    host.process.removeAllListeners('error');
    host.process.removeAllListeners('exit');
    setRef(host, true);
    return host;
  };

  const acquire = async () => {
    if (!busy) {
      busy = true;
      return;
    }
    if (waiting.length >= limits.maxQueued) {
      throw new ImportError(503, 'Muitas importações ao mesmo tempo. Tente de novo em instantes.');
    }
    // The process is handed over by release(): busy stays set.
    await new Promise<void>((resolve) => waiting.push(resolve));
  };

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  };

  const run = (buffer: Uint8Array, options: ParseOptions) =>
    new Promise<ParsedPayload>((resolve, reject) => {
      const id = nextId++;
      const host = take();
      const proc = host.process;
      let settled = false;
      const finish = (outcome: () => void, keep: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        proc.removeAllListeners('message');
        proc.removeAllListeners('error');
        proc.removeAllListeners('close');
        if (keep) park(host);
        else void kill(host);
        outcome();
      };
      const timer = setTimeout(
        () => finish(() => reject(timedOut(limits.parseTimeoutMs)), false),
        limits.parseTimeoutMs,
      );
      proc.on('message', (reply: ParseReply) => {
        if (reply.id !== id) return;
        if (reply.ok) finish(() => resolve(reply.result), true);
        else if ('internal' in reply)
          finish(() => reject(new Error(`parse process: ${reply.internal}`)), false);
        else finish(() => reject(new ImportError(reply.status, reply.detail)), true);
      });
      proc.on('error', (err) => finish(() => reject(err), false));
      // 'close' comes once stderr is drained too: what V8 said before dying has been read.
      proc.on('close', (code, signal) =>
        finish(() => reject(exitError(host, code, signal)), false),
      );
      proc.send({ id, buffer, options } satisfies ParseRequest);
    });

  return {
    async parse(buffer, options) {
      if (closed) throw new Error('parse pool closed');
      await acquire();
      try {
        return await run(buffer, options);
      } finally {
        release();
      }
    },
    async close() {
      closed = true;
      const host = idle;
      idle = null;
      if (host) await kill(host);
    },
  };
}
