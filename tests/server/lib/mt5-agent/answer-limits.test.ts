import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MAX_ANSWER_BYTES,
  Mt5AgentClient,
  Mt5MalformedError,
  Mt5TimeoutError,
  statusFromError,
} from '../../../../server/lib/mt5-agent';

/**
 * Agents that answer too much or too slowly: a raw HTTP server stands in for a broken (or hostile) agent. The
 * client must neither hold an answer of any size in memory nor wait past its timeout for one that drips in.
 */
let server: http.Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = null;
});

async function agent(
  handler: http.RequestListener,
): Promise<(timeoutMs: number) => Mt5AgentClient> {
  server = http.createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return (timeoutMs) =>
    new Mt5AgentClient('127.0.0.1', { agentPort: port, agentToken: 'token', timeoutMs });
}

// Long enough that only the size limit, never the clock, ends the oversize answers below.
const GENEROUS_MS = 30_000;
const CHUNK = Buffer.alloc(64 * 1024, ' ');
const HUGE = 400 * 1024 * 1024;
// Bytes the agent may get rid of without the client reading them: what the kernel buffers on both sides.
const KERNEL_BUFFERS = 40 * 1024 * 1024;

/**
 * Writes up to `total` bytes of blanks (chunked, no Content-Length), as fast as the client reads them, until the
 * client goes away; `closed` resolves with how many bytes had been written by then.
 */
function endlessAnswer(total: number) {
  let closed!: (written: number) => void;
  const written = new Promise<number>((resolve) => (closed = resolve));
  const handler: http.RequestListener = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    let sent = 0;
    res.on('close', () => closed(sent));
    const pump = () => {
      while (sent < total && !res.destroyed) {
        sent += CHUNK.length;
        if (!res.write(CHUNK)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  };
  return { handler, written };
}

describe('answers past MAX_ANSWER_BYTES', () => {
  it('cuts a 400 MB /health after about 1 MiB and calls it malformed', async () => {
    const huge = endlessAnswer(HUGE);
    const client = await agent(huge.handler);
    const err = await client(GENEROUS_MS)
      .health()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Mt5MalformedError);
    expect(err).toMatchObject({
      message: expect.stringContaining(`more than ${MAX_ANSWER_BYTES} bytes`),
    });
    // What the client did not read waits in the kernel's socket buffers (a few MiB on loopback, at most the
    // 32 + 4 MiB of Linux's tcp_rmem and tcp_wmem): nowhere near the 400 MB the agent meant to send.
    expect(await huge.written).toBeLessThan(KERNEL_BUFFERS);
    expect(statusFromError(err)).toEqual({
      status: 'error',
      detail: 'Resposta inválida do agente MT5',
    });
  });

  it('refuses a Content-Length over the limit before reading the body', async () => {
    let closed!: () => void;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    const client = await agent((_req, res) => {
      // Headers only: the body never comes, so only refusing the header ends the call before the timeout.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400000000' });
      res.flushHeaders();
      res.on('close', closed);
    });
    await expect(client(GENEROUS_MS).health()).rejects.toMatchObject({
      constructor: Mt5MalformedError,
      message: expect.stringContaining('Content-Length 400000000'),
    });
    // The client hung up instead of waiting for the 400 MB.
    await gone;
  });

  it('calls an oversize answer to POST /orders malformed, as today, never a refusal', async () => {
    const huge = endlessAnswer(HUGE);
    const client = await agent(huge.handler);
    const order = {
      client_order_id: 'g-1:1',
      symbol: 'PETR4',
      side: 'buy' as const,
      volume: 100,
      type: 'market' as const,
    };
    // Malformed, like any unreadable answer to an order: the order flows leave the leg as it was and send it again
    // with the same client_order_id, which the agent answers with the first order if it exists.
    await expect(client(GENEROUS_MS).placeOrder(order)).rejects.toBeInstanceOf(Mt5MalformedError);
    expect(await huge.written).toBeLessThan(KERNEL_BUFFERS);
  });

  it('cuts an oversize error answer too', async () => {
    const client = await agent((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(`{"error":"terminal_error","message":"${'x'.repeat(MAX_ANSWER_BYTES)}"}`);
    });
    await expect(client(GENEROUS_MS).positions()).rejects.toBeInstanceOf(Mt5MalformedError);
  });

  it('still reads an answer of exactly MAX_ANSWER_BYTES', async () => {
    const client = await agent((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[]'.padEnd(MAX_ANSWER_BYTES, ' '));
    });
    expect(await client(GENEROUS_MS).positions()).toEqual([]);
  });
});

describe('an answer that drips in', () => {
  it('is cut at the timeout, body included', async () => {
    let closed!: () => void;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    const client = await agent((_req, res) => {
      // The headers come at once and a byte every 100 ms after them: each byte alone is prompt, the whole never.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      const drip = setInterval(() => res.write(' '), 100);
      res.on('close', () => {
        clearInterval(drip);
        closed();
      });
    });
    await expect(client(300).health()).rejects.toMatchObject({
      constructor: Mt5TimeoutError,
      timeoutMs: 300,
    });
    await gone;
  });
});
