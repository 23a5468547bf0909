// @vitest-environment jsdom
// The handlers' paths are relative, as the SPA calls them: they resolve against the page's address.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, type Operacao } from '../../contract';
import { takeContractViolations } from '../../mocks/contract';
import { handlers } from '../../mocks/handlers/index';
import { recorded, recordedSequence } from '../../mocks/recorded';
import { seedFromRecordedFixtures } from '../../mocks/replay';

/** The QA replay's error paths (README, "QA: replaying recorded fixtures"), over the recorded fixtures. */

const server = setupServer(...handlers);
const statuses = recorded('clientes-status').response.body;
const clienteWith = (status: string) => statuses.find((s) => s.status === status)!;

beforeAll(() => {
  seedFromRecordedFixtures();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => expect(takeContractViolations()).toEqual([]));
afterAll(() => server.close());

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${location.origin}${API_BASE}${path}`, {
    method,
    headers:
      body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

/** The recorded lote's items, their legs renamed to another stock. */
const renamed = (itens: unknown, ticker: string) =>
  (itens as Array<{ cliente: number; legs: Array<{ symbol: string; quantidade: number }> }>).map(
    (item) => ({
      ...item,
      legs: item.legs.map((l) => ({ ...l, symbol: l.symbol.replace(/^[A-Z]{4}\d+/, ticker) })),
    }),
  );

const compra = {
  ticker_base: 'PETR4',
  execucao: 'mercado',
  tp: 100,
  legs: [{ symbol: 'PETR4', quantidade: 100 }],
};

/** A recorded sequence's answers of one endpoint (by its path's tail), in order, with its stock swapped. */
function recordedAnswers(
  name: Parameters<typeof recordedSequence>[0],
  tail: RegExp,
  ticker: string,
) {
  const steps = recordedSequence(name);
  const first = steps[0]!.request.body as { ticker?: string; ticker_base?: string };
  const from = first.ticker ?? first.ticker_base!;
  return steps
    .filter((s) => tail.test(s.request.path))
    .map((s) => JSON.parse(JSON.stringify(s.response.body).replaceAll(from, ticker)) as unknown);
}

describe('QA replay (npm run dev:mock)', () => {
  it('replays the recorded buy: validate, send, then each recorded status in order', async () => {
    const ana = recorded('clientes-list').response.body[0]!;
    const [validar, enviar] = recordedSequence('fluxo-compra').map((s) => s.request.body);
    const path = `/clientes/${ana.id}/mt5/compra/validar/`;
    const validated = await api('POST', path, { ...(validar as object), ticker: 'PETR4' });
    const [recordedValidation] = recordedAnswers('fluxo-compra', /validar\/$/, 'PETR4');
    expect(validated.body).toEqual(recordedValidation);
    // Another quantity: the recorded checks on its own legs.
    const outra = await api('POST', path, {
      ...(validar as object),
      ticker: 'PETR4',
      quantidade: 100,
    });
    expect(outra.body.legs_sugeridas).toEqual([{ symbol: 'PETR4', quantidade: 100 }]);
    const envio = enviar as { legs: Array<{ symbol: string; quantidade: number }> };
    const sent = await api('POST', `/clientes/${ana.id}/mt5/compra/`, {
      ...envio,
      ticker_base: 'PETR4',
      legs: envio.legs.map((l) => ({ ...l, symbol: l.symbol.replace(/^[A-Z]{4}\d+/, 'PETR4') })),
    });
    const expected = recordedAnswers('fluxo-compra', /compra-status\/[^/]+\/$/, 'PETR4');
    expect(expected.length).toBeGreaterThan(1);
    const statuses = [];
    for (let i = 0; i < expected.length; i++) {
      const path = `/clientes/${ana.id}/mt5/compra-status/${sent.body.group_id}/`;
      statuses.push((await api('GET', path)).body);
    }
    expect(statuses).toEqual(
      expected.map((s) => ({ ...(s as object), group_id: sent.body.group_id })),
    );
    expect(statuses.at(-1)).toMatchObject({ finished: true, executed_all: true });
  });

  it('replays the recorded lote: its validation, then each client’s recorded statuses in order', async () => {
    const ticker = 'VALE3';
    const fluxo = recordedSequence('fluxo-lote-compra');
    const pedido = fluxo[0]!.request.body as Record<string, unknown>;
    const validated = await api('POST', '/lotes/validar/', { ...pedido, ticker });
    const [recordedValidation] = recordedAnswers('fluxo-lote-compra', /validar\/$/, ticker);
    expect(validated.body).toEqual(recordedValidation);
    const envio = fluxo[1]!.request.body as Record<string, unknown>;
    const sent = await fetch(`${location.origin}${API_BASE}/lotes/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'qa-replay' },
      body: JSON.stringify({ ...envio, ticker_base: ticker, itens: renamed(envio.itens, ticker) }),
    }).then((r) => r.json() as Promise<{ lote_id: string }>);
    const expected = recordedAnswers(
      'fluxo-lote-compra',
      /lotes\/[0-9a-f-]{36}\/$/,
      ticker,
    ) as Array<{
      itens: Array<{ cliente: number; finished: boolean; summary: unknown }>;
    }>;
    const seen = [];
    for (let i = 0; i < expected.length; i++)
      seen.push((await api('GET', `/lotes/${sent.lote_id}/`)).body);
    const per = (s: { itens: Array<{ cliente: number; finished: boolean; summary: unknown }> }) =>
      s.itens.map(({ cliente, finished, summary }) => ({ cliente, finished, summary }));
    expect(seen.map(per)).toEqual(expected.map(per));
    expect(seen.at(-1)).toMatchObject({ finished: true });
  });

  it('replays a sale and a sale lote: each operation realised once its order executed', async () => {
    const abertas = recorded('operacoes-list').response.body.filter((o) => !o.data_venda);
    const [vendida, emLote] = abertas;
    const { cliente } = vendida!;
    const sent = await api('POST', `/clientes/${cliente}/mt5/venda/${vendida!.id}/`, {
      execucao: 'mercado',
    });
    const status = `/clientes/${cliente}/mt5/venda-status/${sent.body.group_id}/`;
    let venda = (await api('GET', status)).body;
    while (!venda.finished) venda = (await api('GET', status)).body;
    expect(venda).toMatchObject({ executed_all: true });
    const lote = await fetch(`${location.origin}${API_BASE}/lotes/venda/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'qa-venda' },
      body: JSON.stringify({ execucao: 'mercado', operacoes: [emLote!.id] }),
    }).then((r) => r.json() as Promise<{ lote_id: string }>);
    let itens = (await api('GET', `/lotes/${lote.lote_id}/`)).body;
    while (!itens.finished) itens = (await api('GET', `/lotes/${lote.lote_id}/`)).body;
    expect(itens).toMatchObject({ lado: 'venda', executed_all: true });
    const depois = (await api('GET', `/operacoes/?cliente=${cliente}`)).body as Operacao[];
    const realizadas = depois.filter((o) => o.data_venda !== null).map((o) => o.id);
    expect(realizadas).toEqual(expect.arrayContaining([vendida!.id, emLote!.id]));
  });

  it('keeps a limit lote resting until it is canceled, in the recorded words', async () => {
    const [, envio] = recordedSequence('fluxo-lote-cancelar').map((s) => s.request.body);
    const sent = await fetch(`${location.origin}${API_BASE}/lotes/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'qa-limite' },
      body: JSON.stringify(envio),
    }).then((r) => r.json() as Promise<{ lote_id: string }>);
    const path = `/lotes/${sent.lote_id}/`;
    expect((await api('GET', path)).body).toMatchObject({ finished: false });
    expect((await api('GET', path)).body).toMatchObject({ finished: false });
    const cancelado = await api('POST', `${path}cancelar/`);
    expect(cancelado.body).toMatchObject({ finished: true, executed_all: false });
    expect(cancelado.body.itens[0].erro).toMatch(
      /^Ordem não executada por completo \(\w+ cancelada/,
    );
    expect(await api('POST', `${path}cancelar/`)).toEqual({
      status: 409,
      body: recorded('lote-cancelar-409').response.body,
    });
  });

  it('lists the recorded history, and opens the recorded order', async () => {
    const pagina = recorded('ordens').response.body.results;
    const { body } = await api('GET', '/ordens/');
    expect(body.results).toEqual(expect.arrayContaining(pagina));
    const ordem = recorded('ordem').response.body;
    expect((await api('GET', `/ordens/${ordem.group_id}/`)).body).toEqual(ordem);
  });

  it("logs in with any password but 'errada'", async () => {
    expect((await api('POST', '/token/', { username: 'qa', password: 'errada' })).status).toBe(401);
    expect((await api('POST', '/token/', { username: 'qa', password: 'outra' })).status).toBe(200);
  });

  it('answers 502 with the recorded message to a buy for a client whose VM is off', async () => {
    const offline = clienteWith('offline');
    const answer = await api('POST', `/clientes/${offline.id}/mt5/compra/`, compra);
    expect(answer).toEqual({
      status: 502,
      body: { detail: `Terminal MT5 do cliente indisponível: ${offline.detail}.` },
    });
  });

  it('rejects the order legs of a client in warning, naming the stock', async () => {
    const warning = clienteWith('warning');
    const sent = await api('POST', `/clientes/${warning.id}/mt5/compra/`, compra);
    expect(sent.status).toBe(200);
    const status = await api(
      'GET',
      `/clientes/${warning.id}/mt5/compra-status/${sent.body.group_id}/`,
    );
    expect(status.body).toMatchObject({ finished: true, executed_all: false });
    expect(status.body.erro).toMatch(/^Ordem não executada por completo \(PETR4 rejeitada/);
  });

  it('answers 409 for the recorded date and for a date imported in the session, until forced', async () => {
    // The date the recorder imported twice (a day of these weeks on the demo's calendar).
    const recordedDate = /\d{2}\/\d{2}\/\d{4}/.exec(
      recorded('importacao-upload-409').response.body.detail,
    )![0];
    const upload = (data: string, force = false) => {
      const form = new FormData();
      form.set('tipo', 'auto');
      form.set('data_referencia', data);
      if (force) form.set('force', 'true');
      form.set('arquivo', new File([new Uint8Array([0x50, 0x4b])], 'carteira.xlsx'));
      return api('POST', '/importacao/upload/', form);
    };
    expect((await upload(recordedDate.split('/').reverse().join('-'))).status).toBe(409);
    expect((await upload('2024-06-28')).status).toBe(200);
    const again = await upload('2024-06-28');
    expect(again).toEqual({
      status: 409,
      body: { detail: expect.stringContaining('28/06/2024') },
    });
    expect((await upload('2024-06-28', true)).body).toMatchObject({
      resumo: { patrimonio: { status: 'sobrescrito' } },
    });
  });
});
