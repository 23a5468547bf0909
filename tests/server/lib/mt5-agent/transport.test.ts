import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { exchange } from '../../../../server/lib/mt5-agent/transport';

let server: http.Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = null;
});

/**
 * An agent that restarted (or dropped an idle connection) behind a connection the client kept alive: the next
 * request written on it is reset before any answer. It never reached the agent, so it goes again on a new
 * connection, once, and the caller gets the answer rather than a failure.
 */
it('sends a request again on a new connection when the kept-alive one was closed by the agent', async () => {
  const sockets = new Set<Socket>();
  let requests = 0;
  server = http.createServer((req, res) => {
    requests++;
    // The second request arrives on the first one's connection: the agent "had closed" it, and resets it.
    if (requests === 2) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ n: requests }));
  });
  server.on('connection', (s: Socket) => sockets.add(s));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`;
  const ask = () =>
    exchange({ method: 'GET', url, headers: {}, signal: AbortSignal.timeout(5_000) });

  expect(await ask()).toEqual({ status: 200, text: '{"n":1}' });
  expect(await ask()).toEqual({ status: 200, text: '{"n":3}' });
  expect(requests).toBe(3);
  expect(sockets.size).toBe(2);
});
