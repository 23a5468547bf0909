import { sql } from 'drizzle-orm';
import type { ExposicaoLinha, ExposicaoResponse } from '../../../contract';
import { money } from '../../../shared/decimal';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import type { QuoteService } from '../../lib/quotes';
import { tickersPosicionados } from '../carteira';

/**
 * EXPOSIÇÃO (issue 34, item 4): the book's value per stock and per sector across every client, its share of the
 * book, how many clients hold it and which (the largest first). The sums run in SQL over numeric; the quotes
 * arrive as two arrays, as the control panel's positions do. A position without a quote counts at its cost, and
 * its row says so: leaving it out would understate the exposure.
 */

export const SEM_SETOR = 'Sem setor';

interface LinhaBruta {
  nome: string;
  setor: string | null;
  valor: string;
  percentual: string | null;
  clientes: number;
  sem_cotacao: boolean;
  /** json_agg's value: parsed by one driver, text from the other. */
  detentores: DetentorBruto[] | string;
}

interface DetentorBruto {
  id: number;
  nome: string;
  valor: string | number;
}

/** The open holdings per stock and client, valued: the base both groupings sum. */
const holdings = (tickers: string, precos: string) => sql`
  with q as (
    select * from unnest(string_to_array(${tickers}, ','), string_to_array(${precos}, ',')::numeric[])
      as q(ticker, preco)
  ),
  h as (
    select a.ticker, coalesce(nullif(trim(a.setor), ''), ${SEM_SETOR}) as setor, c.id as cliente,
      coalesce(nullif(trim(c.nome), ''), 'Cliente ' || c.id) as cliente_nome,
      coalesce(round(max(q.preco) * sum(o.quantidade), 2),
        sum(round(o.preco_unitario * o.quantidade, 2))) as valor,
      bool_or(q.preco is null) as sem_cotacao
    from operacoes o
    join acoes a on a.id = o.acao_id
    join clientes c on c.id = o.cliente_id
    left join q on q.ticker = a.ticker
    where o.data_venda is null and o.quantidade is not null and o.quantidade > 0
    group by a.ticker, a.setor, c.id, c.nome
  ),
  total as (select coalesce(sum(valor), 0) as valor from h)`;

/** One row per `chave` (the ticker, or the sector), its holders summed per client first. */
const grouped = (tickers: string, precos: string, porSetor: boolean) => {
  const chave = porSetor ? sql`setor` : sql`ticker`;
  const setor = porSetor ? sql`null::text` : sql`min(setor)`;
  return sql`${holdings(tickers, precos)},
  porCliente as (
    select ${chave} as chave, ${setor} as setor, cliente, min(cliente_nome) as cliente_nome,
      sum(valor) as valor, bool_or(sem_cotacao) as sem_cotacao
    from h group by ${chave}, cliente
  )
  select chave as nome, min(setor) as setor, sum(p.valor)::text as valor,
    round(sum(p.valor) * 100 / nullif((select valor from total), 0), 2)::text as percentual,
    count(*)::int as clientes, bool_or(p.sem_cotacao) as sem_cotacao,
    json_agg(json_build_object('id', p.cliente, 'nome', p.cliente_nome, 'valor', p.valor)
      order by p.valor desc, p.cliente) as detentores
  from porCliente p
  group by chave
  order by sum(p.valor) desc, chave`;
};

const linha = (r: LinhaBruta): ExposicaoLinha => {
  const detentores: DetentorBruto[] =
    typeof r.detentores === 'string' ? JSON.parse(r.detentores) : r.detentores;
  return {
    nome: r.nome,
    setor: r.setor,
    valor: money(r.valor) ?? 0,
    percentual: Number(r.percentual ?? 0),
    clientes: r.clientes,
    sem_cotacao: r.sem_cotacao,
    detentores: detentores.map((d) => ({
      id: d.id,
      nome: d.nome,
      valor: money(d.valor) ?? 0,
    })),
  };
};

export interface ExposicaoDeps {
  db: Db;
  quotes: QuoteService;
}

/** The book's exposure at today's quotes. */
export async function exposicao(deps: ExposicaoDeps): Promise<ExposicaoResponse> {
  const lista = await tickersPosicionados(deps.db);
  const precos = lista.length ? await deps.quotes.getQuotes(lista) : new Map<string, number>();
  const times = lista.length ? ((await deps.quotes.quotedAt?.(lista)) ?? new Map()) : new Map();
  // ISO instants in UTC compare as text.
  const em = [...times.values()].reduce<string | null>(
    (a, b) => (a === null || b > a ? b : a),
    null,
  );
  const tickers = [...precos.keys()].join(',');
  const valores = [...precos.values()].map(String).join(',');
  const acoes = await queryRows<LinhaBruta>(deps.db, grouped(tickers, valores, false));
  const setores = await queryRows<LinhaBruta>(deps.db, grouped(tickers, valores, true));
  const [total] = await queryRows<{ valor: string }>(
    deps.db,
    sql`${holdings(tickers, valores)} select valor::text from total`,
  );
  return {
    total: money(total?.valor ?? 0) ?? 0,
    acoes: acoes.map(linha),
    setores: setores.map(linha),
    cotacoes_em: em,
  };
}
