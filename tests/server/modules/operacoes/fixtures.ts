import { sql } from 'drizzle-orm';
import type { ResumoCliente } from '../../../../contract';
import { daysBetween } from '../../../../shared/dates';
import { queryRows } from '../../../../server/db/query';
import { clientes } from '../../../../server/db/schema';
import { Decimal } from '../../../../shared/decimal';
import { loadDemoPrecos } from '../../../../server/seed/demo-precos';
import { loadReferenceData } from '../../../../server/seed/reference';
import { startTestServer, type TestServer } from '../../../support/test-server';

/** The portfolio's API tests: the real server, the stock universe, some real price history, a token. */
export interface CarteiraServer extends TestServer {
  token: string;
  acaoId(ticker: string): Promise<number>;
  novoCliente(values?: Partial<typeof clientes.$inferInsert>): Promise<number>;
  json<T>(
    path: string,
    init?: Parameters<TestServer['request']>[1],
  ): Promise<{ status: number; body: T }>;
}

export const TICKERS = ['PETR3', 'VALE3', 'ITUB3', 'WEGE3', 'BBAS3'];

export async function startCarteiraServer(
  env: Record<string, string> = {},
  tickers: string[] = TICKERS,
): Promise<CarteiraServer> {
  const server = await startTestServer(env);
  const { db } = server.database;
  await loadReferenceData(db);
  await loadDemoPrecos(db, { tickers, desde: '2025-01-01' });
  const token = await server.login();
  const ids = new Map<string, number>();
  const carteira: CarteiraServer = {
    ...server,
    token,
    async acaoId(ticker) {
      if (!ids.has(ticker)) {
        const res = await server.request('/api/acoes/', { token: carteira.token });
        for (const a of (await res.json()) as Array<{ id: number; ticker: string }>) {
          ids.set(a.ticker, a.id);
        }
      }
      return ids.get(ticker)!;
    },
    async novoCliente(values = {}) {
      const [row] = await db
        .insert(clientes)
        .values({ nome: 'Cliente de Teste', codigo_xp: null, ...values })
        .returning({ id: clientes.id });
      return row!.id;
    },
    async json(path, init = {}) {
      // The token of now: a test may open a new session (carteira.token = await carteira.login()).
      const res = await server.request(path, { token: carteira.token, ...init });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
  };
  return carteira;
}

/** The figures recomputed independently of the server's SQL: plain rows and decimal.js, one client at a time. */
export async function independentFigures(s: CarteiraServer, hoje: string) {
  const { db } = s.database;
  const ops = await queryRows<{
    cliente_id: number;
    ticker: string;
    data_compra: string | null;
    preco_unitario: string | null;
    quantidade: number | null;
    data_venda: string | null;
    preco_venda_unitario: string | null;
  }>(db, sql`select o.*, a.ticker from operacoes o join acoes a on a.id = o.acao_id`);
  const closes = new Map(
    (
      await queryRows<{ ticker: string; fechamento: string }>(
        db,
        sql`select distinct on (p.acao_id) a.ticker, p.fechamento
            from precos_diarios p join acoes a on a.id = p.acao_id order by p.acao_id, p.data desc`,
      )
    ).map((r) => [r.ticker, new Decimal(r.fechamento)]),
  );
  const patrimonios = await queryRows<{
    codigo: string;
    patrimonio: string;
    data_referencia: string;
    id: number;
  }>(db, sql`select codigo, patrimonio, data_referencia, id from patrimonios`);
  const clientesRows = await queryRows<{
    id: number;
    nome: string | null;
    codigo_xp: string | null;
    percentual_patrimonio: string;
  }>(db, sql`select id, nome, codigo_xp, percentual_patrimonio from clientes order by id`);
  const recebidos = await queryRows<{ cliente_id: number; valor_liquido: string }>(
    db,
    sql`select o.cliente_id, pv.valor_liquido from proventos pv join operacoes o on o.id = pv.operacao_id`,
  );
  const round2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
  const totalCompra = (o: (typeof ops)[number]) =>
    o.preco_unitario === null || o.quantidade === null
      ? null
      : new Decimal(o.preco_unitario).times(o.quantidade).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const totalVenda = (o: (typeof ops)[number]) =>
    o.preco_venda_unitario === null || o.quantidade === null
      ? null
      : new Decimal(o.preco_venda_unitario)
          .times(o.quantidade)
          .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

  const perCliente = new Map<number, ResumoCliente>();
  for (const c of clientesRows) {
    const mine = ops.filter((o) => o.cliente_id === c.id);
    const abertas = mine.filter((o) => o.data_venda === null);
    const realizadas = mine.filter((o) => o.data_venda !== null);
    const posicionadas = abertas.reduce((sum, o) => sum.plus(totalCompra(o) ?? 0), new Decimal(0));
    const realizado = realizadas.reduce((sum, o) => {
      const venda = totalVenda(o);
      const compra = totalCompra(o);
      return venda === null || compra === null ? sum : sum.plus(venda.minus(compra));
    }, new Decimal(0));
    const posicionado = abertas.reduce((sum, o) => {
      const q = closes.get(o.ticker);
      if (!q || o.preco_unitario === null || o.quantidade === null) return sum;
      return sum.plus(q.minus(o.preco_unitario).times(o.quantidade));
    }, new Decimal(0));
    const latest = patrimonios
      .filter((p) => p.codigo === c.codigo_xp)
      .sort((a, b) =>
        a.data_referencia === b.data_referencia
          ? b.id - a.id
          : a.data_referencia < b.data_referencia
            ? 1
            : -1,
      )[0];
    const patrimonio = latest ? new Decimal(latest.patrimonio) : null;
    const pct = new Decimal(c.percentual_patrimonio);
    const datas = mine
      .map((o) => o.data_compra)
      .filter((d): d is string => d !== null)
      .sort();
    const dias = datas.length ? Math.max(0, daysBetween(datas[0]!, hoje)) : 0;
    const base = patrimonio?.times(pct).dividedBy(100);
    perCliente.set(c.id, {
      patrimonio: patrimonio ? round2(patrimonio) : null,
      percentual_patrimonio: pct.toNumber(),
      posicionadas: round2(posicionadas),
      valor_disponivel: base ? round2(base.minus(posicionadas)) : null,
      realizadas: round2(realizado),
      posicionado: round2(posicionado),
      dias_total: dias,
      rentabilidade_mensal:
        !base || base.isZero()
          ? null
          : round2(
              realizado
                .plus(posicionado)
                .dividedBy(base)
                .times(100)
                .dividedBy(Math.max(dias / 30, 1)),
            ),
      proventos_recebidos: round2(
        recebidos
          .filter((p) => p.cliente_id === c.id)
          .reduce((sum, p) => sum.plus(p.valor_liquido), new Decimal(0)),
      ),
    });
  }
  return { ops, closes, clientes: clientesRows, perCliente, totalCompra };
}
