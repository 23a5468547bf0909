import { parentPort } from 'node:worker_threads';
import { ImportError, isOutOfMemory, tooMuchMemory } from './file-check';
import type { ParseReply, ParseRequest } from './parse-pool';
import { parseWorkbook, toPayload } from './parser';

const port = parentPort;
if (!port) throw new Error('parse-worker.ts runs only as a worker thread');

port.on('message', ({ id, buffer, options }: ParseRequest) => {
  let reply: ParseReply;
  try {
    reply = { id, ok: true, result: toPayload(parseWorkbook(buffer, options)) };
  } catch (caught) {
    // A buffer the process's memory limit refused (buffers live outside the heap this worker's limit covers).
    const err = isOutOfMemory(caught) ? tooMuchMemory() : caught;
    reply =
      err instanceof ImportError
        ? { id, ok: false, status: err.status, detail: err.detail }
        : {
            id,
            ok: false,
            internal: err instanceof Error ? (err.stack ?? err.message) : String(err),
          };
  }
  port.postMessage(reply);
});
