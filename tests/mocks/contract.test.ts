// @vitest-environment jsdom
// The handlers' paths are relative, as the SPA calls them: they resolve against the page's address.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { acoesEndpoints, allEndpoints, API_BASE, colonPath } from '../../contract';
import { handle, isContractHandler, ok, takeContractViolations } from '../../mocks/contract';
import { handlers } from '../../mocks/handlers/index';

const BASE = location.origin;
const list = acoesEndpoints.list;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  takeContractViolations();
});
afterAll(() => server.close());

describe('mock handlers made from the contract', () => {
  it('report an answer whose body breaks its schema', async () => {
    server.use(handle(list, () => ok(list, [{ id: 1, ticker: 'PETR4' }] as never)));
    const res = await fetch(`${BASE}${API_BASE}/acoes/`);
    expect(res.status).toBe(200);
    const violations = takeContractViolations();
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(/^GET \/acoes\/ → 200: .*empresa/);
  });

  it('report an answer with a status the endpoint does not declare', async () => {
    server.use(handle(list, () => ({ status: 404, body: { detail: 'Não há.' } }) as never));
    const res = await fetch(`${BASE}${API_BASE}/acoes/`);
    expect(res.status).toBe(404);
    expect(takeContractViolations()).toEqual(['GET /acoes/ → 404: status not in the contract']);
  });

  it('report nothing for an answer the contract declares', async () => {
    server.use(handle(list, () => ok(list, [])));
    await fetch(`${BASE}${API_BASE}/acoes/`);
    expect(takeContractViolations()).toEqual([]);
  });

  it('answer a request that breaks the schema with the 400 the server gives', async () => {
    server.use(...handlers);
    const res = await fetch(`${BASE}${API_BASE}/operacoes/?cliente=abc`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      detail: 'Campo cliente: Informe o cliente.',
      campos: { cliente: 'Informe o cliente.' },
    });
    expect(takeContractViolations()).toEqual([]);
  });

  it('are every handler the mocks register, one per endpoint of the table', () => {
    expect(handlers.filter((h) => !isContractHandler(h))).toEqual([]);
    const routes = (list: Array<{ method: string; path: string }>) =>
      list.map(({ method, path }) => `${method} ${path}`).sort();
    expect(
      routes(handlers.map((h) => ({ method: String(h.info.method), path: String(h.info.path) }))),
    ).toEqual(
      routes(
        allEndpoints.map((e) => ({ method: e.method, path: `${API_BASE}${colonPath(e.path)}` })),
      ),
    );
  });
});
