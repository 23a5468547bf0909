import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy in front of an MT5 agent that can hold an answer: the agent has done the request (an order is
 * placed), but the caller hears of it only when the test releases it, or after a delay. Every request is counted by
 * method and path.
 */
export interface HoldingProxy {
  port: number;
  /** Requests seen, as `METHOD /path`. */
  seen: string[];
  /** Holds the answers of the next requests matching `match`; resolves each time one is held. */
  holdNext(match: (method: string, path: string) => boolean): Promise<void>;
  /** Sends every held answer on. */
  release(): void;
  /** From now on, holds the answer of each order's first POST /orders (by client_order_id) for `ms`. */
  delayFirstOrders(ms: number): void;
  /** Changes the agent's JSON answers on their way (a hostile or broken agent); null passes them as they are. */
  rewrite: ((method: string, path: string, answer: unknown) => unknown) | null;
  close(): Promise<void>;
}

export async function startHoldingProxy(host: string, target: number): Promise<HoldingProxy> {
  const seen: string[] = [];
  let hold: { match: (m: string, p: string) => boolean; held: () => void } | null = null;
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  let firstOrderDelayMs = 0;
  const ordersSeen = new Set<string>();
  /** How long to hold this answer: only an order's first send, when asked to. */
  const delayOf = (method: string, path: string, body: Buffer) => {
    if (firstOrderDelayMs === 0 || method !== 'POST' || path !== '/orders') return 0;
    const id = (JSON.parse(body.toString()) as { client_order_id: string }).client_order_id;
    if (ordersSeen.has(id)) return 0;
    ordersSeen.add(id);
    return firstOrderDelayMs;
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      seen.push(`${method} ${path}`);
      const held = hold?.match(method, path) ? hold : null;
      if (held) hold = null;
      const delay = delayOf(method, path, Buffer.concat(chunks));
      const upstream = http.request(
        { host, port: target, method, path, headers: req.headers },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', () => {
            const send = () => {
              let out = Buffer.concat(body);
              const headers = { ...answer.headers };
              if (proxy.rewrite && answer.statusCode === 200) {
                out = Buffer.from(
                  JSON.stringify(proxy.rewrite(method, path, JSON.parse(out.toString()))),
                );
                headers['content-length'] = String(out.length);
              }
              res.writeHead(answer.statusCode ?? 502, headers);
              res.end(out);
            };
            if (delay > 0) return void setTimeout(send, delay);
            if (!held) return send();
            held.held();
            void gate.then(send);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const proxy: HoldingProxy = {
    port: (server.address() as AddressInfo).port,
    seen,
    holdNext(match) {
      gate = new Promise((resolve) => (open = resolve));
      return new Promise((resolve) => (hold = { match, held: resolve }));
    },
    release: () => open(),
    delayFirstOrders(ms) {
      firstOrderDelayMs = ms;
    },
    rewrite: null,
    async close() {
      open();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return proxy;
}
