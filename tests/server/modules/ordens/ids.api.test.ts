import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * Issue 27, item 3: every path that names an order or a lote answers a malformed id as one that names nothing, with
 * the resource's own 404 (the contract's one id parser), never a 400 nor a database error.
 */
describe('a malformed order or lote id', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ MT5_RECONCILE_SECONDS: '0' });
    token = await server.login();
  });
  afterAll(async () => server?.close());

  const ORDEM = { detail: 'Ordem não encontrada.' };
  const LOTE = { detail: 'Lote não encontrado.' };
  it.each([
    ['GET', '/api/ordens/nao-e-uuid/', ORDEM],
    ['POST', '/api/ordens/nao-e-uuid/cancelar/', ORDEM],
    ['POST', '/api/ordens/nao-e-uuid/resolver/', ORDEM],
    ['GET', '/api/clientes/1/mt5/compra-status/nao-e-uuid/', ORDEM],
    ['GET', '/api/clientes/1/mt5/venda-status/0f8fad5b-d9cb-469f-a165-70867728950/', ORDEM],
    ['GET', '/api/lotes/nao-e-uuid/', LOTE],
    ['POST', '/api/lotes/nao-e-uuid/cancelar/', LOTE],
  ] as const)('%s %s: 404 with the resource’s message', async (method, path, answer) => {
    const res = await server.request(path, {
      method,
      token,
      ...(path.endsWith('/resolver/') ? { json: { motivo: 'teste' } } : {}),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(answer);
  });
});
