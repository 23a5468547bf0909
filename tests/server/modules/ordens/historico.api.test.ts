import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acoes, clientes, operacoes, orderGroups, orderLegs } from '../../../../server/db/schema';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { startTestServer, type TestServer } from '../../../support/test-server';

/** Issue 17: the order history (filters, cursor paging while orders arrive) and one order's timeline. */

const HOST = '127.0.0.154';
const TOKEN = 'historico-token';

interface Perna {
  symbol: string;
  volume: number;
  volume_exec: number;
  preco_medio: number | null;
  estado: string;
  retcode: number | null;
  retcode_desc: string | null;
  ticket: number | null;
}
interface Ordem {
  group_id: string;
  lote_id: number | null;
  cliente: number;
  nome: string;
  acao: string;
  lado: 'compra' | 'venda';
  execucao: string;
  preco: number | null;
  tp: number | null;
  estado: string;
  criado_em: string;
  criado_por: string;
  legs: Perna[];
  erro: string | null;
  aviso: string | null;
  operacao_id: number | null;
}
interface Pagina {
  results: Ordem[];
  next_cursor: string | null;
}
interface Detalhe extends Ordem {
  timeline: Array<{ em: string; evento: string; detalhe: string | null; usuario: string }>;
  operacoes: Array<{ id: number; papel: string }>;
}

describe('the order history', () => {
  let server: TestServer;
  let sim: Mt5Simulator;
  let token: string;
  let ana: number;
  let bruno: number;
  let petr4: number;

  beforeAll(async () => {
    sim = new Mt5Simulator({ host: HOST, token: TOKEN, fillDelayMs: 20, marginFree: 10_000_000 });
    sim.terminal.setPrice('PETR4', 38);
    const { port } = await sim.listen(0);
    server = await startTestServer({
      MT5_AGENT_PORT: String(port),
      MT5_AGENT_TOKEN: TOKEN,
      MT5_TIMEOUT_MS: '2000',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    const { db } = server.database;
    const [p] = await db
      .insert(acoes)
      .values([{ ticker: 'PETR4' }, { ticker: 'VALE3' }])
      .returning({ id: acoes.id });
    petr4 = p!.id;
    const [a, b] = await db
      .insert(clientes)
      .values([
        { nome: 'Ana', vm_private_ip: HOST },
        { nome: 'Bruno', vm_private_ip: HOST },
      ])
      .returning({ id: clientes.id });
    ana = a!.id;
    bruno = b!.id;
  });
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });

  const get = async <T>(path: string): Promise<T> => {
    const res = await server.request(path, { token });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };

  /**
   * Groups written straight into the database at chosen instants (microseconds, several sharing one), each with
   * one leg; answers their ids.
   */
  const seed = async (
    rows: Array<{
      cliente: number;
      ticker?: string;
      state?: 'pending' | 'sent' | 'completed' | 'failed' | 'resolved';
      at: string;
      lado?: 'compra' | 'venda';
    }>,
  ): Promise<string[]> => {
    const ids = rows.map(() => crypto.randomUUID());
    await server.database.db.insert(orderGroups).values(
      rows.map((r, i) => ({
        id: ids[i]!,
        cliente_id: r.cliente,
        lado: r.lado ?? 'compra',
        ticker_base: r.ticker ?? 'PETR4',
        execucao: 'mercado' as const,
        tp: '45',
        state: r.state ?? 'completed',
        created_by: 'semente',
        created_at: sql`${r.at}::timestamptz`,
      })),
    );
    await server.database.db.insert(orderLegs).values(
      rows.map((r, i) => ({
        group_id: ids[i]!,
        leg: 1,
        symbol: r.ticker ?? 'PETR4',
        volume: 100,
        client_order_id: `${ids[i]!}:1`,
        state: 'filled' as const,
        volume_filled: 100,
        price_avg: '38.1234',
      })),
    );
    return ids;
  };

  /** Every page of a query, following next_cursor; `between` runs before each next page is asked. */
  const allPages = async (query: string, between: () => Promise<unknown> = async () => {}) => {
    const seen: Ordem[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Pagina = await get<Pagina>(
        `/api/ordens/?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.results);
      cursor = page.next_cursor;
      pages++;
      if (cursor) await between();
    } while (cursor && pages < 100);
    return { seen, pages };
  };

  const newestFirst = (list: Ordem[]) =>
    list.every(
      (o, i) =>
        i === 0 ||
        list[i - 1]!.criado_em > o.criado_em ||
        (list[i - 1]!.criado_em === o.criado_em && list[i - 1]!.group_id > o.group_id),
    );

  it('filters by cliente, ação, estado and São Paulo dates, newest first', async () => {
    const [anaPetr, anaVale, brunoFailed, brunoLate, anaOld] = await seed([
      { cliente: ana, at: '2024-03-11T15:00:00Z' },
      { cliente: ana, ticker: 'VALE3', at: '2024-03-11T16:00:00Z', lado: 'venda' },
      { cliente: bruno, state: 'failed', at: '2024-03-10T13:00:00Z' },
      // 23:30 on the 9th in São Paulo, though the 10th in UTC.
      { cliente: bruno, at: '2024-03-10T02:30:00Z' },
      { cliente: ana, state: 'resolved', at: '2024-03-01T12:00:00Z' },
    ]);
    const ids = async (query: string) =>
      (await get<Pagina>(`/api/ordens/?de=2024-03-01&ate=2024-03-31&${query}`)).results.map(
        (o) => o.group_id,
      );

    expect(await ids('')).toEqual([anaVale, anaPetr, brunoFailed, brunoLate, anaOld]);
    expect(await ids(`cliente=${ana}`)).toEqual([anaVale, anaPetr, anaOld]);
    expect(await ids('acao=vale3')).toEqual([anaVale]);
    // A ticker with digits after its first letter is a ticker too.
    expect(await ids('acao=B3SA3')).toEqual([]);
    expect(await ids('estado=failed')).toEqual([brunoFailed]);
    expect(await ids(`cliente=${bruno}&estado=completed`)).toEqual([brunoLate]);
    expect(await ids(`cliente=${ana}&acao=PETR4&estado=completed`)).toEqual([anaPetr]);
    // The period is São Paulo's calendar: 02:30 UTC on the 10th is still the 9th there.
    const periodo = async (de: string, ate: string) =>
      (await get<Pagina>(`/api/ordens/?cliente=${bruno}&de=${de}&ate=${ate}`)).results.map(
        (o) => o.group_id,
      );
    expect(await periodo('2024-03-10', '2024-03-10')).toEqual([brunoFailed]);
    expect(await periodo('2024-03-09', '2024-03-09')).toEqual([brunoLate]);
    // Empty values are no filter (other tools send `?cliente=&acao=`).
    expect(await ids('cliente=&acao=&estado=')).toHaveLength(5);

    const [row] = (await get<Pagina>(`/api/ordens/?acao=VALE3&de=2024-03-11&ate=2024-03-11`))
      .results;
    expect(row).toMatchObject({
      lote_id: null,
      cliente: ana,
      nome: 'Ana',
      acao: 'VALE3',
      lado: 'venda',
      execucao: 'mercado',
      preco: null,
      tp: 45,
      estado: 'completed',
      criado_em: '2024-03-11T16:00:00.000Z',
      criado_por: 'semente',
      aviso: null,
      legs: [
        {
          symbol: 'VALE3',
          volume: 100,
          volume_exec: 100,
          preco_medio: 38.1234,
          estado: 'filled',
          retcode: null,
          retcode_desc: null,
        },
      ],
    });
  });

  it('refuses a bad cursor, limit or period with a 400 that says why', async () => {
    const bad = async (query: string) => {
      const res = await server.request(`/api/ordens/?${query}`, { token });
      expect(res.status).toBe(400);
      return ((await res.json()) as { detail: string }).detail;
    };
    expect(await bad('cursor=abc')).toContain('Cursor inválido');
    expect(await bad(`cursor=2025-02-30T10:00:00.000000Z_${crypto.randomUUID()}`)).toContain(
      'Cursor inválido',
    );
    expect(await bad('limite=0')).toContain('limite de 1 a 200');
    expect(await bad('limite=201')).toContain('limite de 1 a 200');
    expect(await bad('estado=rejeitada')).toContain('estado');
    expect(await bad('de=2025-03-10&ate=2025-03-09')).toContain(
      'O fim do período não pode ser anterior ao início.',
    );
  });

  it('pages by cursor without repeating or missing a row while new orders arrive', async () => {
    // 37 orders in 2023, eight of them created in the same microsecond (one transaction's now()).
    const instants = Array.from({ length: 29 }, (_, i) => {
      const d = new Date(Date.UTC(2023, 5, 1, 12, 0, 0) - i * 61_000);
      return `${d.toISOString().slice(0, 19)}.${String(i * 7919).padStart(6, '0')}Z`;
    });
    const tied = '2023-06-01T09:00:00.123456Z';
    const initial = await seed([
      ...instants.map((at, i) => ({ cliente: i % 3 === 0 ? bruno : ana, at })),
      ...Array.from({ length: 8 }, (_, i) => ({ cliente: i % 2 ? ana : bruno, at: tied })),
    ]);
    const query = 'de=2023-01-01&ate=2023-12-31&limite=4';

    // Between pages orders keep arriving: new ones (newer than the cursor, so not on these pages) and one whose
    // transaction took an instant older than every row so far (it shows once, further down).
    const atrasadas: string[] = [];
    let arrivals = 0;
    const { seen } = await allPages(query, async () => {
      arrivals++;
      const [, atrasada] = await Promise.all([
        seed([{ cliente: ana, at: new Date().toISOString() }]),
        seed([
          { cliente: bruno, at: new Date(Date.UTC(2023, 0, 9) - arrivals * 60_000).toISOString() },
        ]),
      ]);
      atrasadas.push(...atrasada);
    });
    const ids = seen.map((o) => o.group_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => initial.includes(id)).sort()).toEqual([...initial].sort());
    expect(ids.filter((id) => atrasadas.includes(id)).sort()).toEqual([...atrasadas].sort());
    expect(newestFirst(seen)).toBe(true);

    // The same within a filter: one client's orders, across the tie.
    const soAna = await allPages(`cliente=${ana}&de=2023-06-01&ate=2023-06-01&limite=3`);
    const anaIds = soAna.seen.map((o) => o.group_id);
    expect(new Set(anaIds).size).toBe(anaIds.length);
    expect(soAna.seen.every((o) => o.cliente === ana)).toBe(true);
    expect(newestFirst(soAna.seen)).toBe(true);
    const esperadas = await server.database.db
      .select({ id: orderGroups.id })
      .from(orderGroups)
      .where(
        sql`${orderGroups.cliente_id} = ${ana} and ${orderGroups.created_at} >= '2023-06-01T03:00:00Z' and ${orderGroups.created_at} < '2023-06-02T03:00:00Z'`,
      );
    expect(anaIds.sort()).toEqual(esperadas.map((e) => e.id).sort());
  });

  it('tells an order partly filled, then completed, from the audit log, with the operation it created', async () => {
    sim.terminal.setPrice('PETR4', 38);
    // A limit buy below the market rests at the terminal; the test fills it in two steps.
    const res = await server.request(`/api/clientes/${ana}/mt5/compra/`, {
      method: 'POST',
      token,
      json: {
        ticker_base: 'PETR4',
        execucao: 'limite',
        preco: 37,
        tp: 45,
        legs: [{ symbol: 'PETR4', quantidade: 200 }],
      },
    });
    expect(res.status).toBe(200);
    const { group_id } = (await res.json()) as { group_id: string };
    const status = () => get(`/api/clientes/${ana}/mt5/compra-status/${group_id}/`);
    const [leg] = await server.database.db
      .select()
      .from(orderLegs)
      .where(eq(orderLegs.group_id, group_id));
    expect(leg?.state).toBe('placed');

    const aberta = await get<Detalhe>(`/api/ordens/${group_id}/`);
    expect(aberta.estado).toBe('sent');
    expect(aberta.legs[0]).toMatchObject({ estado: 'placed', volume_exec: 0, ticket: leg!.ticket });

    sim.terminal.fillPart(leg!.ticket!, 100);
    await status();
    const parcial = await get<Detalhe>(`/api/ordens/${group_id}/`);
    expect(parcial.legs[0]).toMatchObject({ estado: 'partial', volume_exec: 100 });

    sim.terminal.fillPart(leg!.ticket!, 100);
    await status();
    const detalhe = await get<Detalhe>(`/api/ordens/${group_id}/`);
    const [op] = await server.database.db
      .select({ id: operacoes.id })
      .from(operacoes)
      .where(eq(operacoes.order_group_id, group_id));

    expect(detalhe).toMatchObject({
      group_id,
      estado: 'completed',
      acao: 'PETR4',
      execucao: 'limite',
      preco: 37,
      criado_por: 'operador',
      operacao_id: op!.id,
      legs: [{ symbol: 'PETR4', volume: 200, volume_exec: 200, preco_medio: 37, estado: 'filled' }],
      operacoes: [{ id: op!.id, papel: 'criada' }],
    });
    expect(detalhe.timeline.map((t) => [t.evento, t.detalhe])).toEqual([
      [
        'Ordem registrada',
        'Compra de 200 ações de PETR4 (PETR4 200), limitada a R$ 37,00, alvo R$ 45,00.',
      ],
      [
        'PETR4: enviada e aceita pelo terminal',
        `Ticket ${leg!.ticket} — 10008 Ordem colocada (Request placed)`,
      ],
      ['PETR4: executada em parte', '100 de 200 ações executadas, preço médio R$ 37,00.'],
      ['PETR4: executada', '200 ações, preço médio R$ 37,00.'],
      [
        'Ordem concluída',
        `200 ações a R$ 37,00 (preço médio). Operação #${op!.id} criada na carteira.`,
      ],
    ]);
    expect(detalhe.timeline.every((t) => t.usuario === 'operador')).toBe(true);
    const instantes = detalhe.timeline.map((t) => t.em);
    expect([...instantes].sort()).toEqual(instantes);

    // The list shows the same order with its legs.
    const [naLista] = (await get<Pagina>(`/api/ordens/?cliente=${ana}&limite=1`)).results;
    expect(naLista).toMatchObject({ group_id, estado: 'completed', operacao_id: op!.id });
    expect(naLista!.legs).toEqual(detalhe.legs);
    void petr4;
  });

  it('says an order is in doubt with the status answer’s own words, and 404s an unknown id', async () => {
    const [id] = await seed([{ cliente: bruno, state: 'sent', at: '2022-01-03T15:00:00Z' }]);
    // A ticket the terminal does not know: the status call asks for it and keeps the leg in doubt.
    await server.database.db
      .update(orderLegs)
      .set({ state: 'placed', ticket: 7, volume_filled: 0, price_avg: null })
      .where(eq(orderLegs.group_id, id!));
    const status = await get<{ aviso: string }>(`/api/clientes/${bruno}/mt5/compra-status/${id}/`);
    const detalhe = await get<Detalhe>(`/api/ordens/${id}/`);
    expect(detalhe.legs[0]?.estado).toBe('unknown');
    expect(detalhe.aviso).toBe(
      'Situação desconhecida de PETR4 (o terminal não conhece o ticket 7 (o agente pode ter perdido seus ' +
        'registros)). Nada será registrado na carteira até ela ser esclarecida; um responsável pode resolver a ordem.',
    );
    expect(detalhe.aviso).toBe(status.aviso);

    for (const bad of [crypto.randomUUID(), 'nao-e-uuid']) {
      const res = await server.request(`/api/ordens/${bad}/`, { token });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Ordem não encontrada.' });
    }
  });
});
