import type { QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lotesEndpoints, ordensEndpoints as e, type LoteStatus } from '../../../contract';
import { handle, ok } from '../../../mocks/contract';
import { server } from '../../../mocks/node';
import { carteiraQueries } from '../../../src/api/carteira';
import { conciliacaoQueries } from '../../../src/api/conciliacao';
import { lotesQueries } from '../../../src/api/lotes';
import { operacoesQueries } from '../../../src/api/operacoes';
import { followOrdem, ORDEM_POLL_MS, ordensQueries } from '../../../src/api/ordens';
import { createQueryClient } from '../../../src/app/query-client';

const GROUP = '00000000-0000-4000-8000-00000000f011';

afterEach(() => {
  vi.useRealTimers();
});

/** Counts the status polls of GROUP. */
function countPolls() {
  const polls = { n: 0 };
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes(`/compra-status/${GROUP}/`)) polls.n++;
  });
  return polls;
}

/** A status whose legs are done or not. */
const status = (done: boolean) => ({
  group_id: GROUP,
  executed_all: done,
  finished: done,
  erro: null,
  aviso: null,
  summary: [{ symbol: 'PETR4', executada: done, volume: 100, volume_exec: done ? 100 : 50 }],
});

/** A query client with what two clients' screens may have cached, and the names of what became stale. */
function cachedClient(keys: Record<string, QueryKey>) {
  const queryClient = createQueryClient();
  for (const key of Object.values(keys)) queryClient.setQueryData(key, []);
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  const refresh = () => {
    for (const key of Object.values(keys)) queryClient.setQueryData(key, []);
  };
  return { queryClient, stale, refresh };
}

describe('following an order', () => {
  it('stops polling when the session ends (the cache is cleared), and follows a group once', async () => {
    const polls = countPolls();
    // An unknown group answers 404: a failed poll is logged and polling goes on (specification section 8).
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const queryClient = createQueryClient();
    const ordem = { groupId: GROUP, cliente: 1, lado: 'compra' } as const;
    followOrdem(queryClient, ordem);
    followOrdem(queryClient, ordem);
    await expect.poll(() => polls.n).toBe(1);
    expect(
      queryClient.getQueryCache().findAll({ queryKey: ordensQueries.statuses() }),
    ).toHaveLength(1);
    queryClient.clear();
    await new Promise((r) => setTimeout(r, ORDEM_POLL_MS + 500));
    expect(polls.n).toBe(1);
    server.events.removeAllListeners();
  }, 10_000);

  it('with nobody reading it, reloads the detail while in flight, then what the end changed, once', async () => {
    const answers = [status(false), status(true), status(true)];
    server.use(handle(e.compraStatus, () => ok(e.compraStatus, answers.shift()!)));
    const { queryClient, stale, refresh } = cachedClient({
      'operacoes 1': operacoesQueries.list({ cliente: 1 }).queryKey,
      'resumo 1': carteiraQueries.resumo(1).queryKey,
      'resumo 2': carteiraQueries.resumo(2).queryKey,
      conciliacao: conciliacaoQueries.list().queryKey,
      'conciliacao 2': conciliacaoQueries.detail(2).queryKey,
      historico: ordensQueries.list({}).queryKey,
      detalhe: ordensQueries.detail(GROUP).queryKey,
      'outra ordem': ordensQueries.detail('00000000-0000-4000-8000-00000000f012').queryKey,
    });
    followOrdem(queryClient, { groupId: GROUP, cliente: 1, lado: 'compra' });
    // The next polls are asked for here rather than waited for.
    const poll = () => queryClient.refetchQueries({ queryKey: ordensQueries.statuses() });
    const observers = () =>
      queryClient
        .getQueryCache()
        .find({ queryKey: ordensQueries.statusKey(GROUP) })!
        .getObserversCount();

    // Half filled: only the order's detail follows.
    await vi.waitFor(() => expect(stale()).toEqual(['detalhe']));
    expect(observers()).toBe(1);
    refresh();
    // Executed: the client's portfolio, the reconciliation, the history and the detail; the follower lets go.
    await poll();
    expect(stale()).toEqual(['conciliacao', 'detalhe', 'historico', 'operacoes 1', 'resumo 1']);
    expect(observers()).toBe(0);
    refresh();
    // The same end seen again changes nothing.
    await poll();
    expect(answers).toHaveLength(0);
    expect(stale()).toEqual([]);
  });
});

describe("following a lote's orders", () => {
  const LOTE = '10000000-0000-4000-8000-000000000001';
  const item = (cliente: number, done: boolean) => ({
    ...status(done),
    group_id: `00000000-0000-4000-8000-00000000f0${cliente}0`,
    cliente,
    nome: `Cliente ${cliente}`,
    operacao: null,
  });
  const lote = (itens: ReturnType<typeof item>[]): LoteStatus => ({
    lote_id: LOTE,
    lado: 'compra',
    ticker_base: 'PETR4',
    execucao: 'mercado',
    preco: null,
    tp: 45,
    regra: null,
    valor: null,
    criado_em: '2025-10-29T13:05:00.000Z',
    criado_por: 'operador',
    finished: itens.every((i) => i.finished),
    executed_all: itens.every((i) => i.executed_all),
    itens,
  });

  it('ends each order as a single one the first time it is seen ended, and the lote reloads the list', async () => {
    const answers = [lote([item(1, true), item(2, false)]), lote([item(1, true), item(2, true)])];
    server.use(handle(lotesEndpoints.status, () => ok(lotesEndpoints.status, answers.shift()!)));
    const { queryClient, stale, refresh } = cachedClient({
      'resumo 1': carteiraQueries.resumo(1).queryKey,
      'resumo 2': carteiraQueries.resumo(2).queryKey,
      'resumo 3': carteiraQueries.resumo(3).queryKey,
      lotes: lotesQueries.list().queryKey,
    });
    const poll = () => queryClient.fetchQuery({ ...lotesQueries.detail(LOTE), staleTime: 0 });
    await poll();
    expect(stale()).toEqual(['resumo 1']);
    refresh();
    await poll();
    expect(stale()).toEqual(['lotes', 'resumo 2']);
  });
});
