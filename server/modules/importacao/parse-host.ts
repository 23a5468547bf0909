import { Worker } from 'node:worker_threads';
import { ImportError, tooMuchMemory } from './file-check';
import type { ParseReply, ParseRequest } from './parse-pool';
import { missingSheets, type ParsedPayload, type ParseOptions } from './parser';

/** What the pool tells the parsing process when it starts (its one argument, as JSON). */
export interface HostSettings {
  workerHeapMb: number;
  /** Worker threads at once, and kept warm: one per sheet of an upload. */
  workers: number;
}

// SheetJS makes a short-lived string of every cell: a young generation larger than the default 16 MB scavenges
// less often. Not larger: each worker's young generation is taken from the process's capped memory.
const YOUNG_GENERATION_MB = 32;

const WORKER_URL = new URL('./parse-worker-boot.mjs', import.meta.url);

const send = process.send?.bind(process);
if (!send) throw new Error('parse-host.ts runs only as a child process with an IPC channel');
const settings = JSON.parse(process.argv[2] ?? '{}') as HostSettings;

const idle: Worker[] = [];
let busy = 0;
const waiting: (() => void)[] = [];

const park = (worker: Worker) => {
  if (idle.length >= settings.workers) {
    void worker.terminate();
    return;
  }
  const forget = () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  };
  worker.once('error', forget);
  worker.once('exit', forget);
  idle.push(worker);
};

const take = (): Worker => {
  const worker =
    idle.pop() ??
    new Worker(WORKER_URL, {
      resourceLimits: {
        maxOldGenerationSizeMb: settings.workerHeapMb,
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      },
    });
  worker.removeAllListeners('error');
  worker.removeAllListeners('exit');
  return worker;
};

/** One sheet in a worker thread whose heap is limited; the process's memory limit covers the rest. */
async function inWorker(buffer: Uint8Array, options: ParseOptions): Promise<ParsedPayload> {
  if (busy < settings.workers) busy++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await new Promise<ParsedPayload>((resolve, reject) => {
      const worker = take();
      const finish = (outcome: () => void, keep: boolean) => {
        worker.removeAllListeners('message');
        worker.removeAllListeners('error');
        worker.removeAllListeners('exit');
        if (keep) park(worker);
        else {
          // A dying worker may still report an error; with no listener it would bring the process down.
          worker.on('error', () => undefined);
          void worker.terminate();
        }
        outcome();
      };
      worker.on('message', (reply: ParseReply) => {
        if (reply.ok) finish(() => resolve(reply.result), true);
        else if ('internal' in reply) finish(() => reject(new Error(reply.internal)), false);
        // A 413 is a worker that reached a limit: its memory is better given back.
        else
          finish(() => reject(new ImportError(reply.status, reply.detail)), reply.status !== 413);
      });
      worker.on('error', (err: Error & { code?: string }) =>
        finish(
          () => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooMuchMemory() : err),
          false,
        ),
      );
      worker.on('exit', (code) =>
        finish(() => reject(new Error(`parse worker exited with code ${code}`)), false),
      );
      // A copy the worker can own: the same bytes go to the upload's other sheet.
      const copy = new Uint8Array(buffer);
      worker.postMessage({ id: 0, buffer: copy, options } satisfies ParseRequest, [copy.buffer]);
    });
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}

/**
 * Each requested sheet in its own worker, side by side: SheetJS parses one sheet only, so two sheets take the time
 * of the larger. Errors are reported in sheet order, as a single reader would meet them.
 */
async function parseSheets(buffer: Uint8Array, options: ParseOptions): Promise<ParsedPayload> {
  const outcomes = await Promise.allSettled(
    options.tipos.map((tipo) =>
      inWorker(buffer, { ...options, tipos: [tipo], allowMissing: true }),
    ),
  );
  const parsed: ParsedPayload = { abas: [] };
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome.status === 'rejected') throw outcome.reason;
    const tipo = options.tipos[i]!;
    parsed.abas = outcome.value.abas;
    parsed[tipo] = outcome.value[tipo] ?? null;
  }
  if (!options.allowMissing && options.tipos.every((tipo) => !parsed[tipo])) {
    throw missingSheets(options.tipos, parsed.abas);
  }
  return parsed;
}

process.on('message', ({ id, buffer, options }: ParseRequest) => {
  parseSheets(buffer, options).then(
    (result) => send({ id, ok: true, result } satisfies ParseReply),
    (err: unknown) =>
      send(
        (err instanceof ImportError
          ? { id, ok: false, status: err.status, detail: err.detail }
          : {
              id,
              ok: false,
              internal: err instanceof Error ? (err.stack ?? err.message) : String(err),
            }) satisfies ParseReply,
      ),
  );
});
// The server went away: nothing is left to parse for.
process.on('disconnect', () => process.exit(0));
