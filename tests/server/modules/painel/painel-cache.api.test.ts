import http from 'node:http';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  DashboardRvResponse,
  PatrimonioDisponivel,
  PosicaoPainel,
} from '../../../../contract';
import { todayIso } from '../../../../shared/dates';
import { buildApp } from '../../../../server/app';
import { queryRows } from '../../../../server/db/query';
import type { QuoteService } from '../../../../server/lib/quotes';
import { painelCaches } from '../../../../server/modules/painel/service';
import { TEST_JWT_SECRET } from '../../../support/test-server';
import { buildWorkbook } from '../importacao/workbooks';
import { startCarteiraServer, type CarteiraServer } from '../operacoes/fixtures';

/** GET without a client that decodes: the bytes as sent, and their headers. */
function rawGet(url: string, token: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers: { authorization: `Bearer ${token}`, ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    },
  );
}

describe('control panel answers are kept while their data is unchanged', () => {
  let s: CarteiraServer;
  /** A second server instance on the same database, as behind a load balancer. */
  let other: FastifyInstance;
  let otherUrl: string;
  let ana: number;
  let bia: number;
  let petr: number;
  let vale: number;
  let primeira: number;

  const caches = () => painelCaches(s.app.deps);
  const builds = () => caches().posicionadas.stats.builds;
  const dashboard = async (token = s.token) => {
    const res = await s.json<DashboardRvResponse>('/api/dashboard-rv/', { token });
    expect(res.status).toBe(200);
    return res.body.posicionadas;
  };
  const patrimonio = async () => {
    const res = await s.json<PatrimonioDisponivel[]>('/api/patrimonio-disponivel/');
    expect(res.status).toBe(200);
    return res.body;
  };
  const byId = (rows: PosicaoPainel[], id: number) => rows.find((r) => r.id === id);
  const novaOperacao = async (base: string, values: Record<string, unknown>) => {
    const res = await fetch(`${base}/api/operacoes/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        cliente: ana,
        acao: petr,
        data_compra: '2025-03-10',
        preco_unitario: 20,
        quantidade: 100,
        valor_alvo: 25,
        ...values,
      }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };

  beforeAll(async () => {
    s = await startCarteiraServer();
    ana = await s.novoCliente({ nome: 'Ana', codigo_xp: '111', percentual_patrimonio: '20' });
    bia = await s.novoCliente({ nome: 'Bia', codigo_xp: '222', percentual_patrimonio: '10' });
    petr = await s.acaoId('PETR3');
    vale = await s.acaoId('VALE3');
    other = await buildApp({
      config: s.config,
      database: s.database,
      jwtSecret: TEST_JWT_SECRET,
      spaDir: null,
      logger: false,
      checkAnswers: true,
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    otherUrl = `http://127.0.0.1:${(other.server.address() as { port: number }).port}`;
    primeira = await novaOperacao(s.url, {});
    // Enough positions for several pages of the build.
    for (let i = 0; i < 3; i++) {
      await s.database.db.execute(
        sql`insert into operacoes (cliente_id, acao_id, data_compra, preco_unitario, quantidade)
            select ${bia}, ${vale}, '2025-02-03', 50 + g, 10 from generate_series(1, 90) g`,
      );
    }
  });
  afterAll(async () => {
    await other?.close();
    await s?.close();
  });

  it('answers again from memory while nothing changed', async () => {
    const first = await dashboard();
    const before = builds();
    const hits = caches().posicionadas.stats.hits;
    expect(await dashboard()).toEqual(first);
    expect(await dashboard()).toEqual(first);
    expect(builds()).toBe(before);
    expect(caches().posicionadas.stats.hits).toBe(hits + 2);
    expect(first).toHaveLength(271);
  });

  it('builds once for concurrent identical requests', async () => {
    await s.database.db.execute(sql`update clientes set nome = 'Ana Maria' where id = ${ana}`);
    const before = builds();
    const answers = await Promise.all(Array.from({ length: 8 }, () => dashboard()));
    expect(builds()).toBe(before + 1);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(byId(answers[0]!, primeira)?.cliente).toBe('Ana Maria');
  });

  it('changes after an operation is created, edited and deleted, on this instance or another', async () => {
    await dashboard();
    const criada = await novaOperacao(otherUrl, { quantidade: 7 });
    expect(byId(await dashboard(), criada)).toMatchObject({ quantidade: 7, cliente: 'Ana Maria' });

    const edit = await s.json(`/api/operacoes/${criada}/`, {
      method: 'PATCH',
      json: { quantidade: 8 },
    });
    expect(edit.status).toBe(200);
    expect(byId(await dashboard(), criada)?.quantidade).toBe(8);

    const venda = await fetch(`${otherUrl}/api/operacoes/${criada}/`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data_venda: '2025-04-01', preco_venda_unitario: 21 }),
    });
    expect(venda.status).toBe(200);
    expect(byId(await dashboard(), criada)).toBeUndefined();

    const outra = await novaOperacao(s.url, { quantidade: 9 });
    expect(byId(await dashboard(), outra)?.quantidade).toBe(9);
    const removida = await s.request(`/api/operacoes/${outra}/`, {
      method: 'DELETE',
      token: s.token,
    });
    expect(removida.status).toBe(204);
    expect(byId(await dashboard(), outra)).toBeUndefined();
  });

  it('changes after a client is renamed through the API', async () => {
    await dashboard();
    const res = await fetch(`${otherUrl}/api/clientes/${ana}/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nome: 'Ana Souza', codigo_xp: '111', percentual_patrimonio: 20 }),
    });
    expect(res.status).toBe(200);
    expect(byId(await dashboard(), primeira)?.cliente).toBe('Ana Souza');
    expect((await patrimonio()).map((r) => r.nome)).toContain('Ana Souza');
  });

  it('changes after rows written in plain SQL, as the command line or any other program would', async () => {
    await dashboard();
    const [row] = await queryRows<{ id: number }>(
      s.database.db,
      sql`insert into operacoes (cliente_id, acao_id, data_compra, preco_unitario, quantidade)
          values (${bia}, ${petr}, '2025-05-05', 30, 3) returning id`,
    );
    expect(byId(await dashboard(), row!.id)).toMatchObject({ cliente: 'Bia', quantidade: 3 });
  });

  it('changes after a new price is stored', async () => {
    const before = byId(await dashboard(), primeira)!;
    await s.database.db.execute(
      sql`insert into precos_diarios (acao_id, data, abertura, maxima, minima, fechamento, volume)
          values (${petr}, ${todayIso()}, 1, 99, 1, ${before.preco_atual! + 1.11}, 1000)`,
    );
    const after = byId(await dashboard(), primeira)!;
    expect(after.preco_atual).toBe(Math.round((before.preco_atual! + 1.11) * 100) / 100);
    expect(after.lucro_percentual).not.toBe(before.lucro_percentual);
  });

  it('changes when the quotes move without any write, and not otherwise', async () => {
    const quotes = s.app.deps.quotes;
    try {
      let shift = 0;
      let window = 1;
      const moved = (map: Map<string, number>) =>
        new Map([...map].map(([t, p]) => [t, Math.round((p + shift) * 100) / 100]));
      // Quotes whose version tells when they change (simulated: a 10-second window).
      s.app.deps.quotes = {
        provider: 'simulated',
        getQuotes: async (tickers) => moved(await quotes.getQuotes(tickers)),
        version: () => String(window),
      } satisfies QuoteService;
      const start = byId(await dashboard(), primeira)!.preco_atual!;
      let before = builds();
      shift = 1;
      expect(byId(await dashboard(), primeira)!.preco_atual).toBe(start);
      expect(builds()).toBe(before);
      window = 2;
      expect(byId(await dashboard(), primeira)!.preco_atual).toBeCloseTo(start + 1, 2);

      // Quotes that only asking tells (yahoo's, refreshed in the background).
      s.app.deps.quotes = {
        provider: 'yahoo',
        getQuotes: async (tickers) => moved(await quotes.getQuotes(tickers)),
        version: () => null,
      } satisfies QuoteService;
      expect(byId(await dashboard(), primeira)!.preco_atual).toBeCloseTo(start + 1, 2);
      before = builds();
      expect(byId(await dashboard(), primeira)!.preco_atual).toBeCloseTo(start + 1, 2);
      expect(builds()).toBe(before);
      shift = 2;
      expect(byId(await dashboard(), primeira)!.preco_atual).toBeCloseTo(start + 2, 2);
    } finally {
      s.app.deps.quotes = quotes;
    }
  });

  it('changes at midnight in São Paulo: dias_posicionado counts to the new day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 23:59:50 in São Paulo (UTC−3) of the coming midnight, then 20 seconds later: a new day. The coming one,
      // so that the session opened at that time is still live by the database's own clock.
      const midnight = new Date();
      midnight.setUTCHours(3, 0, 0, 0);
      if (midnight.getTime() <= Date.now()) midnight.setUTCDate(midnight.getUTCDate() + 1);
      vi.setSystemTime(midnight.getTime() - 10_000);
      // A token issued now, by the clock the server reads.
      const token = await s.login();
      const ontem = byId(await dashboard(token), primeira)!.dias_posicionado!;
      const before = builds();
      expect(byId(await dashboard(token), primeira)!.dias_posicionado).toBe(ontem);
      expect(builds()).toBe(before);
      vi.setSystemTime(midnight.getTime() + 10_000);
      expect(byId(await dashboard(token), primeira)!.dias_posicionado).toBe(ontem + 1);
      expect(builds()).toBe(before + 1);
    } finally {
      vi.useRealTimers();
      // PGlite's clock is the faked one: the login above cleared sessions "expired" by then, the suite's own among
      // them. The suite goes on with a session opened now.
      s.token = await s.login();
    }
  });

  it('lets the browser revalidate: 304 while unchanged, the new answer after a change', async () => {
    const url = `${s.url}/api/dashboard-rv/`;
    const first = await rawGet(url, s.token, { 'accept-encoding': 'br' });
    const tag = first.headers.etag!;
    expect(tag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await rawGet(url, s.token, { 'accept-encoding': 'br', 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(tag);
    // Another instance that built the same answer gives it the same tag.
    const elsewhere = await rawGet(`${otherUrl}/api/dashboard-rv/`, s.token, {
      'if-none-match': tag,
    });
    expect(elsewhere.status).toBe(304);

    await s.database.db.execute(sql`update operacoes set quantidade = 11 where id = ${primeira}`);
    const changed = await rawGet(url, s.token, { 'accept-encoding': 'br', 'if-none-match': tag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    const body = JSON.parse(
      zlib.brotliDecompressSync(changed.body).toString(),
    ) as DashboardRvResponse;
    expect(byId(body.posicionadas, primeira)?.quantidade).toBe(11);
  });

  it('patrimonio-disponivel changes after a patrimony import and is kept otherwise', async () => {
    const before = (await patrimonio()).find((r) => r.codigo === '222')!;
    expect(before.patrimonio).toBeNull();
    const kept = caches().patrimonioDisponivel.stats.builds;
    await patrimonio();
    expect(caches().patrimonioDisponivel.stats.builds).toBe(kept);

    const form = new FormData();
    form.set('tipo', 'patrimonio');
    form.set('data_referencia', '2025-06-30');
    const file = buildWorkbook({
      Patrimônio: [
        ['Código', 'Nome', 'Patrimônio'],
        ['222', 'Bia', 100000],
      ],
    });
    form.set('arquivo', new Blob([new Uint8Array(file)]), 'patrimonio.xlsx');
    const res = await fetch(`${otherUrl}/api/importacao/upload/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.token}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await patrimonio()).find((r) => r.codigo === '222')!;
    expect(after.patrimonio).toBe(100000);
    expect(after.valor_disponivel).toBeCloseTo(10000 - after.total_consolidado!, 2);
  });

  it('answers in br or gzip as asked, the same JSON once decoded; small answers as they are', async () => {
    const url = `${s.url}/api/dashboard-rv/`;
    const plain = await rawGet(url, s.token, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const gzip = await rawGet(url, s.token, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    const br = await rawGet(url, s.token, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 5);

    // Answers not kept in a cache are compressed too.
    const lista = await rawGet(`${s.url}/api/operacoes/?cliente=${bia}`, s.token, {
      'accept-encoding': 'br',
    });
    expect(lista.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(lista.body).toString())).toHaveLength(271);

    const pequena = await rawGet(`${s.url}/api/clientes/${ana}/`, s.token, {
      'accept-encoding': 'br, gzip',
    });
    expect(pequena.status).toBe(200);
    expect(pequena.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(pequena.body.toString())).toMatchObject({ id: ana, nome: 'Ana Souza' });
  });
});
