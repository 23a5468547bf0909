import { Worker } from 'node:worker_threads';
import { ImportError } from './file-check';
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
  /** Parses in a worker thread with a heap and a time limit; a file that breaks them is an ImportError (413). */
  parse(buffer: Uint8Array, options: ParseOptions): Promise<ParsedPayload>;
  close(): Promise<void>;
}

export type PoolLimits = Pick<
  ImportLimits,
  'workerHeapMb' | 'parseTimeoutMs' | 'maxWorkers' | 'maxQueued'
>;

// SheetJS makes a short-lived string of every cell: a young generation larger than the default 16 MB
// scavenges less often and parses a 10,000-row sheet about a tenth faster.
const YOUNG_GENERATION_MB = 64;

const WORKER_URL = new URL('./parse-worker-boot.mjs', import.meta.url);

/**
 * Workers start in about half a second (tsx and SheetJS load), so up to maxWorkers idle workers are kept warm
 * between uploads (an upload parses its two sheets side by side); a worker that timed out, ran out of memory or
 * crashed is discarded and the next parse gets a fresh one.
 */
export function createParsePool(limits: PoolLimits): ParsePool {
  const idle: Worker[] = [];
  let busy = 0;
  let nextId = 1;
  let closed = false;
  const waiting: (() => void)[] = [];

  const spawn = () =>
    new Worker(WORKER_URL, {
      resourceLimits: {
        maxOldGenerationSizeMb: limits.workerHeapMb,
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      },
    });

  const park = (worker: Worker) => {
    if (closed || idle.length >= limits.maxWorkers) {
      void worker.terminate();
      return;
    }
    worker.unref();
    const forget = () => {
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
    };
    worker.once('error', forget);
    worker.once('exit', forget);
    idle.push(worker);
  };

  const take = (): Worker => {
    const worker = idle.pop() ?? spawn();
    worker.removeAllListeners('error');
    worker.removeAllListeners('exit');
    worker.ref();
    return worker;
  };

  const acquireSlot = async () => {
    if (busy < limits.maxWorkers) {
      busy++;
      return;
    }
    if (waiting.length >= limits.maxQueued) {
      throw new ImportError(503, 'Muitas importações ao mesmo tempo. Tente de novo em instantes.');
    }
    // The slot is handed over by release(): busy stays counted.
    await new Promise<void>((resolve) => waiting.push(resolve));
  };

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  };

  const run = (buffer: Uint8Array, options: ParseOptions) =>
    new Promise<ParsedPayload>((resolve, reject) => {
      const id = nextId++;
      const worker = take();
      let settled = false;
      const finish = (outcome: () => void, keep: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.removeAllListeners('message');
        worker.removeAllListeners('error');
        worker.removeAllListeners('exit');
        if (keep) park(worker);
        else {
          // A dying worker may still report an error; with no listener it would crash the server.
          worker.on('error', () => undefined);
          void worker.terminate();
        }
        outcome();
      };
      const timer = setTimeout(
        () =>
          finish(
            () =>
              reject(
                new ImportError(
                  413,
                  `A leitura da planilha passou do limite de ${(limits.parseTimeoutMs / 1000).toLocaleString('pt-BR')} s.`,
                ),
              ),
            false,
          ),
        limits.parseTimeoutMs,
      );
      worker.on('message', (reply: ParseReply) => {
        if (reply.id !== id) return;
        if (reply.ok) finish(() => resolve(reply.result), true);
        else if ('internal' in reply)
          finish(() => reject(new Error(`parse worker: ${reply.internal}`)), false);
        else finish(() => reject(new ImportError(reply.status, reply.detail)), true);
      });
      worker.on('error', (err: Error & { code?: string }) => {
        const error =
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ImportError(413, 'A planilha exige memória demais para ser lida.')
            : err;
        finish(() => reject(error), false);
      });
      worker.on('exit', (code) =>
        finish(() => reject(new Error(`parse worker exited with code ${code}`)), false),
      );
      // A copy the worker can own: the upload's buffer may share its memory with others.
      const copy = new Uint8Array(buffer);
      worker.postMessage({ id, buffer: copy, options } satisfies ParseRequest, [copy.buffer]);
    });

  return {
    async parse(buffer, options) {
      if (closed) throw new Error('parse pool closed');
      await acquireSlot();
      try {
        return await run(buffer, options);
      } finally {
        release();
      }
    },
    async close() {
      closed = true;
      await Promise.all(idle.splice(0).map((worker) => worker.terminate()));
    },
  };
}
