import http from 'node:http';
import https from 'node:https';

/**
 * The most an agent's answer may hold. The largest real answer, /positions of a big portfolio, is tens of kB;
 * past this the agent is broken or hostile, and an answer read whole stays in the server's memory (a /health
 * answering 400 MB once took the server from 150 MB to 1.4 GB, and it kept most of it).
 */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/** An answer past MAX_ANSWER_BYTES: declared in its Content-Length, or counted while it was read. */
export class AnswerTooLargeError extends Error {
  constructor(
    readonly bytes: number,
    readonly declared: boolean,
  ) {
    super(
      declared
        ? `Content-Length ${bytes} is over the limit of ${MAX_ANSWER_BYTES} bytes`
        : `more than ${MAX_ANSWER_BYTES} bytes`,
    );
  }
}

export interface Exchange {
  method: 'GET' | 'POST' | 'DELETE';
  /** http:// or https:// */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Ends the whole exchange (connect, headers and body); the promise then rejects with the signal's reason. */
  signal: AbortSignal;
  /** PEM of the CA the agent's certificate must chain to (https only); the system's CAs without it. */
  ca?: Buffer;
}

export interface Answer {
  status: number;
  text: string;
}

const cutShort = () =>
  Object.assign(new Error('the answer ended before its body was complete'), {
    code: 'ECONNRESET',
  });

/**
 * One request to an agent over node:http(s), reading the answer as it arrives: never more than MAX_ANSWER_BYTES
 * are held (an answer declaring more is refused before its body is read, one growing past it is cut off), and
 * the signal ends the exchange at any point, including an answer that drips in slowly. The connection of a
 * refused or aborted exchange is destroyed, so the agent stops sending. Not fetch: Node's fetch takes no CA to
 * trust without the undici package's dispatcher.
 */
export async function exchange(x: Exchange): Promise<Answer> {
  try {
    return await attempt(x, true);
  } catch (err) {
    // A kept-alive connection the agent had closed (it restarted, or its idle timeout passed) fails before any
    // answer: the request never reached it, so it is sent once more on a new connection. What reached the agent is
    // never sent twice by this (and an order is idempotent by its client_order_id anyway).
    if (!(err instanceof StaleConnectionError) || x.signal.aborted) throw err;
    return attempt(x, false);
  }
}

/** A request written on a reused kept-alive connection that the other end had closed: nothing reached it. */
class StaleConnectionError extends Error {}

function attempt(x: Exchange, reuse: boolean): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    if (x.signal.aborted) return reject(x.signal.reason as Error);
    const payload = x.body === undefined ? undefined : Buffer.from(x.body, 'utf8');
    const secure = x.url.startsWith('https:');
    const options: https.RequestOptions = {
      method: x.method,
      headers: payload ? { ...x.headers, 'content-length': String(payload.length) } : x.headers,
      ...(secure && x.ca ? { ca: x.ca } : {}),
      ...(!reuse && { agent: false }),
    };

    // The exchange ends once its request has closed (Node always closes it: after the answer, or once destroyed),
    // not when its outcome is known: a caller that then starts another one (the status checks' bounded
    // concurrency) never has more connections open than it counts.
    let outcome: { err: Error } | { answer: Answer } | null = null;
    let closed = false;
    const finish = () => {
      if (!outcome || !closed) return;
      x.signal.removeEventListener('abort', onAbort);
      if ('err' in outcome) reject(outcome.err);
      else resolve(outcome.answer);
    };
    const settle = (err: Error | null, answer?: Answer) => {
      if (outcome) return;
      outcome = err ? { err } : { answer: answer! };
      if (err) request.destroy();
      finish();
    };
    const onAbort = () => settle(x.signal.reason as Error);

    const request = (secure ? https : http).request(x.url, options, (res) => {
      const declared = Number(res.headers['content-length']);
      if (declared > MAX_ANSWER_BYTES) return settle(new AnswerTooLargeError(declared, true));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) settle(new AnswerTooLargeError(size, false));
        else chunks.push(chunk);
      });
      res.on('end', () => {
        const text = new TextDecoder().decode(Buffer.concat(chunks));
        settle(null, { status: res.statusCode ?? 0, text });
      });
      res.on('error', (err) => settle(err));
      // After 'end' this changes nothing; before it, the agent closed the connection mid-answer.
      res.on('close', () => settle(cutShort()));
    });
    let answered = false;
    request.on('response', () => (answered = true));
    request.on('error', (err: NodeJS.ErrnoException) => {
      const stale =
        request.reusedSocket && !answered && (err.code === 'ECONNRESET' || err.code === 'EPIPE');
      settle(stale ? new StaleConnectionError(err.message) : err);
    });
    request.on('close', () => {
      closed = true;
      settle(cutShort());
      finish();
    });
    x.signal.addEventListener('abort', onAbort, { once: true });
    request.end(payload);
  });
}
