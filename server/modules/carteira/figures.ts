import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Operacao, PatrimonioDisponivel, ResumoCliente } from '../../../contract';
import { combineResumo, tickersAbertos, type ResumoRaw } from '../../../shared/resumo';
import type { Db } from '../../db/client';
import { acoes, clientes, operacoes } from '../../db/schema';
import { money } from '../../../shared/decimal';
import { prepared } from '../../lib/prepared';
import type { QuoteService } from '../../lib/quotes';

/**
 * The portfolio figures of server-design §4, shared by the portfolio (resumo, operations) and the control panel.
 * Sums run in SQL over numeric; values become JSON numbers only here, at the edge.
 */

const valorTotalCompra = sql<
  string | null
>`round(${operacoes.preco_unitario} * ${operacoes.quantidade}, 2)`;
const valorTotalVenda = sql<
  string | null
>`round(${operacoes.preco_venda_unitario} * ${operacoes.quantidade}, 2)`;
/** Open: purchase → today; realised: purchase → sale; never negative. `hoje` is São Paulo's date. */
const diasPosicionado = sql<
  number | null
>`case when ${operacoes.data_compra} is not null then greatest(coalesce(${operacoes.data_venda}, ${sql.placeholder('hoje')}::date) - ${operacoes.data_compra}, 0) end`;
/** The most recent imported Patrimônio row for the client's codigo_xp. */
const patrimonioAtual = sql<
  string | null
>`(select p.patrimonio from patrimonios p where p.codigo = ${clientes.codigo_xp} order by p.data_referencia desc, p.id desc limit 1)`;
const nomeCliente = sql<string>`coalesce(nullif(trim(${clientes.nome}), ''), 'Cliente ' || ${clientes.id})`;

/**
 * The share events applied to the operation, oldest first; null without any (corporate events, issue 15). The
 * outer column is written qualified: drizzle leaves it bare in a one-table query, where `id` would be `ap.id`.
 */
const ajustesJson = sql`(select json_agg(json_build_object(
    'evento', e.id, 'tipo', e.tipo, 'data_ex', e.data_ex, 'fator', e.fator::float8,
    'quantidade_antes', ap.quantidade_antes, 'quantidade_depois', ap.quantidade_depois,
    'fracao', ap.fracao::float8) order by ap.id)
  from eventos_aplicacoes ap join eventos_corporativos e on e.id = ap.evento_id
  where ap.operacao_id = operacoes.id)`;

/**
 * An operation as the contract's JSON, built by the database: money rounded to cents and prices kept to their
 * 4 places in numeric, then converted once to float8 (the shortest decimal that round-trips, as JSON shows it).
 * An operation bought or sold in a lote names it.
 * Long lists travel as one JSON text instead of thousands of rows the drivers would parse one by one.
 */
const operacaoJson = sql<string>`json_build_object(
  'id', ${operacoes.id},
  'cliente', ${operacoes.cliente_id},
  'acao', ${operacoes.acao_id},
  'acao_nome', ${acoes.ticker},
  'data_compra', ${operacoes.data_compra},
  'preco_unitario', ${operacoes.preco_unitario}::float8,
  'quantidade', ${operacoes.quantidade},
  'data_venda', ${operacoes.data_venda},
  'preco_venda_unitario', ${operacoes.preco_venda_unitario}::float8,
  'valor_alvo', ${operacoes.valor_alvo}::float8,
  'valor_stop', ${operacoes.valor_stop}::float8,
  'valor_total_compra', ${valorTotalCompra}::float8,
  'valor_total_venda', ${valorTotalVenda}::float8,
  'dias_posicionado', ${diasPosicionado},
  'custos_compra', ${operacoes.custos_compra}::float8,
  'custos_venda', ${operacoes.custos_venda}::float8,
  'lote_compra', (select g.lote_id from order_groups g where g.id = ${operacoes.order_group_id}),
  'lote_venda', (select g.lote_id from order_groups g
    where g.operacao_id = ${operacoes.id} and g.lado = 'venda' and g.state = 'completed' limit 1),
  'ajustes', ${ajustesJson})`;

/** Every operation of one client, oldest purchase first, as the JSON text of the answer (one query). */
export async function listOperacoesJson(db: Db, clienteId: number, hoje: string): Promise<string> {
  const statement = prepared(db, 'operacoes_por_cliente', (d) =>
    d
      .select({
        json: sql<string>`coalesce(json_agg(${operacaoJson} order by ${operacoes.data_compra}, ${operacoes.id}), '[]')::text`,
      })
      .from(operacoes)
      .innerJoin(acoes, eq(acoes.id, operacoes.acao_id))
      .where(eq(operacoes.cliente_id, sql.placeholder('cliente')))
      .prepare('operacoes_por_cliente'),
  );
  const [row] = await statement.execute({ cliente: clienteId, hoje });
  return row?.json ?? '[]';
}

export async function getOperacao(db: Db, id: number, hoje: string): Promise<Operacao | undefined> {
  const statement = prepared(db, 'operacao_por_id', (d) =>
    d
      .select({ json: sql<string>`${operacaoJson}::text` })
      .from(operacoes)
      .innerJoin(acoes, eq(acoes.id, operacoes.acao_id))
      .where(eq(operacoes.id, sql.placeholder('id')))
      .prepare('operacao_por_id'),
  );
  const [row] = await statement.execute({ id, hoje });
  return row && (JSON.parse(row.json) as Operacao);
}

/** The two queries of the summary: the client with its patrimony, and its operations grouped. */
export async function loadResumoRaw(db: Db, clienteId: number): Promise<ResumoRaw | null> {
  const clienteStatement = prepared(db, 'resumo_cliente', (d) =>
    d
      .select({
        percentual_patrimonio: clientes.percentual_patrimonio,
        patrimonio: patrimonioAtual,
        proventos: sql<
          string | null
        >`(select sum(pv.valor_liquido) from proventos pv join operacoes o on o.id = pv.operacao_id where o.cliente_id = clientes.id)`,
      })
      .from(clientes)
      .where(eq(clientes.id, sql.placeholder('cliente')))
      .prepare('resumo_cliente'),
  );
  const aberta = sql<boolean>`${operacoes.data_venda} is null`;
  const gruposStatement = prepared(db, 'resumo_grupos', (d) =>
    d
      .select({
        ticker: acoes.ticker,
        aberta,
        compra: sql<string | null>`sum(${valorTotalCompra})`,
        resultado: sql<string | null>`sum(${valorTotalVenda} - ${valorTotalCompra})`,
        quantidade: sql<
          string | null
        >`sum(${operacoes.quantidade}) filter (where ${operacoes.preco_unitario} is not null)`,
        custo: sql<string | null>`sum(${operacoes.preco_unitario} * ${operacoes.quantidade})`,
        primeira_compra: sql<string | null>`min(${operacoes.data_compra})`,
      })
      .from(operacoes)
      .innerJoin(acoes, eq(acoes.id, operacoes.acao_id))
      .where(eq(operacoes.cliente_id, sql.placeholder('cliente')))
      .groupBy(acoes.ticker, aberta)
      .prepare('resumo_grupos'),
  );
  const [[cliente], grupos] = await Promise.all([
    clienteStatement.execute({ cliente: clienteId }),
    gruposStatement.execute({ cliente: clienteId }),
  ]);
  return cliente ? { ...cliente, grupos } : null;
}

/** The summary of one client, or null when there is no such client. */
export async function resumoCliente(
  db: Db,
  quotes: QuoteService,
  clienteId: number,
  hoje: string,
): Promise<ResumoCliente | null> {
  const raw = await loadResumoRaw(db, clienteId);
  if (!raw) return null;
  const tickers = tickersAbertos(raw);
  const cotacoes = tickers.length ? await quotes.getQuotes(tickers) : new Map<string, number>();
  return combineResumo(raw, cotacoes, hoje);
}

/** Each client's open positions at their purchase value: what its patrimony's share has already bought. */
const abertasPorCliente = (d: Db) =>
  d
    .select({
      cliente_id: operacoes.cliente_id,
      posicionadas: sql<string>`sum(${valorTotalCompra})`.as('posicionadas'),
    })
    .from(operacoes)
    .where(isNull(operacoes.data_venda))
    .groupBy(operacoes.cliente_id)
    .as('abertas');

/** Control panel: one row per client with its patrimony, open total and available value, in one query. */
export async function patrimonioDisponivel(db: Db): Promise<PatrimonioDisponivel[]> {
  const statement = prepared(db, 'patrimonio_disponivel', (d) => {
    const abertas = abertasPorCliente(d);
    return d
      .select({
        codigo: clientes.codigo_xp,
        nome: clientes.nome,
        patrimonio: patrimonioAtual,
        total_consolidado: sql<string>`coalesce(${abertas.posicionadas}, 0)`,
        valor_disponivel: sql<
          string | null
        >`round(${patrimonioAtual} * ${clientes.percentual_patrimonio} / 100 - coalesce(${abertas.posicionadas}, 0), 2)`,
      })
      .from(clientes)
      .leftJoin(abertas, eq(abertas.cliente_id, clientes.id))
      .orderBy(sql`${clientes.nome} nulls last`, asc(clientes.id))
      .prepare('patrimonio_disponivel');
  });
  const rows = await statement.execute();
  return rows.map((r) => ({
    codigo: r.codigo,
    nome: r.nome,
    patrimonio: money(r.patrimonio),
    total_consolidado: money(r.total_consolidado),
    valor_disponivel: money(r.valor_disponivel),
  }));
}

/**
 * Each client's valor_disponivel as the database's exact numeric text (null without patrimony), keyed by client id:
 * what a lote sizes its buys from. Not rounded: a lote must never spend more than the client has.
 */
export async function valoresDisponiveis(db: Db): Promise<Map<number, string | null>> {
  const statement = prepared(db, 'valores_disponiveis', (d) => {
    const abertas = abertasPorCliente(d);
    return d
      .select({
        id: clientes.id,
        valor_disponivel: sql<
          string | null
        >`${patrimonioAtual} * ${clientes.percentual_patrimonio} / 100 - coalesce(${abertas.posicionadas}, 0)`,
      })
      .from(clientes)
      .leftJoin(abertas, eq(abertas.cliente_id, clientes.id))
      .prepare('valores_disponiveis');
  });
  const rows = await statement.execute();
  return new Map(rows.map((r) => [r.id, r.valor_disponivel]));
}

/** Control panel: the tickers of the open positions (what needs a quote). */
export async function tickersPosicionados(db: Db): Promise<string[]> {
  const statement = prepared(db, 'tickers_abertos', (d) =>
    d
      .selectDistinct({ ticker: acoes.ticker })
      .from(operacoes)
      .innerJoin(acoes, eq(acoes.id, operacoes.acao_id))
      .where(isNull(operacoes.data_venda))
      .prepare('tickers_abertos'),
  );
  return (await statement.execute()).map((r) => r.ticker);
}

/**
 * Control panel: every open position of every client with its quote and lucro_percentual, as the JSON text of
 * the answer. In keyset pages of `pageSize` positions (null: all in one statement), each its own short query:
 * on the embedded database, where every query waits for the one before, other requests run between pages. The
 * pages' elements are joined as json_agg joins them, so the text is the same whatever the page size.
 */
export async function posicoesAbertasJson(
  db: Db,
  cotacoes: Map<string, number>,
  hoje: string,
  pageSize: number | null,
  /** When the newest quote was made (the answer's cotacoes_em). */
  cotacoesEm: string | null = null,
): Promise<string> {
  const statement = prepared(db, 'posicoes_abertas', (d) => {
    const preco = sql`q.preco`;
    // The page's positions first, through the primary key; then their joins. The page keeps the table's name,
    // so the expressions shared with the other figures read its rows.
    const pagina = d
      .select()
      .from(operacoes)
      .where(and(isNull(operacoes.data_venda), gt(operacoes.id, sql.placeholder('depois'))))
      .orderBy(asc(operacoes.id))
      .limit(sql.placeholder('linhas'))
      .as('operacoes');
    return d
      .select({
        json: sql<string | null>`json_agg(json_build_object(
          'id', ${operacoes.id},
          'cliente', ${nomeCliente},
          'acao', ${acoes.ticker},
          'data_compra', ${operacoes.data_compra},
          'preco_compra', ${operacoes.preco_unitario}::float8,
          'quantidade', ${operacoes.quantidade},
          'valor_total_compra', ${valorTotalCompra}::float8,
          'preco_atual', round(${preco}, 4)::float8,
          'lucro_percentual', round((${preco} / nullif(${operacoes.preco_unitario}, 0) - 1) * 100, 2)::float8,
          'valor_alvo', ${operacoes.valor_alvo}::float8,
          'dias_posicionado', ${diasPosicionado}) order by ${operacoes.id})::text`,
        ultimo: sql<number | null>`max(${operacoes.id})`,
        linhas: sql<number>`count(*)::int`,
      })
      .from(pagina)
      .innerJoin(clientes, eq(clientes.id, operacoes.cliente_id))
      .innerJoin(acoes, eq(acoes.id, operacoes.acao_id))
      .leftJoin(
        sql`unnest(string_to_array(${sql.placeholder('tickers')}, ','), string_to_array(${sql.placeholder('precos')}, ',')::numeric[]) as q(ticker, preco)`,
        sql`q.ticker = ${acoes.ticker}`,
      )
      .prepare('posicoes_abertas');
  });
  const tickers = [...cotacoes.keys()].join(',');
  const precos = [...cotacoes.values()].map(String).join(',');
  const elements: string[] = [];
  let depois = 0;
  for (;;) {
    const [page] = await statement.execute({ hoje, tickers, precos, depois, linhas: pageSize });
    if (!page?.json) break;
    elements.push(page.json.slice(1, -1));
    if (pageSize === null || page.linhas < pageSize) break;
    depois = page.ultimo!;
    // The embedded database runs a query on this thread and resolves it in a microtask: without a turn of the
    // event loop, the next page would start before any request that arrived meanwhile is even read.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return `{"posicionadas":[${elements.join(', ')}],"cotacoes_em":${JSON.stringify(cotacoesEm)}}`;
}
