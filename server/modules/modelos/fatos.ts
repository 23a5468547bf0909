import { and, eq, inArray, sql } from 'drizzle-orm';
import { Decimal } from '../../../shared/decimal';
import { todayIso } from '../../../shared/dates';
import type { ClasseAtivo } from '../../../shared/rebalanceamento';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import { acoes, irVendasExternas, operacoes, orderGroups, orderLegs } from '../../db/schema';

/** The facts of the rebalance the database keeps, for the clients asked, one query each (never one per client). */

/** Each client's orders not ended yet: their tickers, and whether any leg's outcome is unknown. */
export async function selectOrdensEmVoo(db: Db, ids: readonly number[]) {
  const porCliente = new Map<number, { tickers: string[]; desconhecido: boolean }>();
  if (!ids.length) return porCliente;
  const rows = await db
    .select({
      cliente: orderGroups.cliente_id,
      ticker: orderGroups.ticker_base,
      desconhecido: sql<boolean>`bool_or(${orderLegs.state} = 'unknown')`,
    })
    .from(orderGroups)
    .leftJoin(orderLegs, eq(orderLegs.group_id, orderGroups.id))
    .where(
      and(
        inArray(orderGroups.state, ['pending', 'sent']),
        inArray(orderGroups.cliente_id, [...ids]),
      ),
    )
    .groupBy(orderGroups.cliente_id, orderGroups.ticker_base);
  for (const r of rows) {
    const own = porCliente.get(r.cliente) ?? { tickers: [], desconhecido: false };
    own.tickers.push(r.ticker);
    own.desconhecido ||= Boolean(r.desconhecido);
    porCliente.set(r.cliente, own);
  }
  return porCliente;
}

/** The income-tax class of each ticker the book knows (a ticker it does not know counts as a stock: `acao`). */
export async function selectClasses(db: Db, tickers: readonly string[]) {
  if (!tickers.length) return new Map<string, ClasseAtivo>();
  const rows = await db
    .select({ ticker: acoes.ticker, classe: acoes.classe })
    .from(acoes)
    .where(inArray(acoes.ticker, [...tickers]));
  return new Map(rows.map((r) => [r.ticker, r.classe as ClasseAtivo]));
}

/**
 * This month's common sales of `acao`-class stocks per client (R$, exact text): the book's (an operation sold this
 * month, not bought the same day: day trade is not a common sale, as shared/ir counts them) plus those stated as
 * made elsewhere (the ir module's).
 */
export async function selectVendasAcoesMes(
  db: Db,
  ids: readonly number[],
  hoje = todayIso(),
): Promise<Map<number, Decimal>> {
  const mes = hoje.slice(0, 7);
  const vendas = new Map<number, Decimal>(ids.map((id) => [id, new Decimal(0)]));
  if (!ids.length) return vendas;
  const clientes = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [livro, externas] = await Promise.all([
    queryRows<{ cliente_id: number; valor: string }>(
      db,
      sql`select o.cliente_id, sum(o.quantidade * o.preco_venda_unitario)::text as valor
          from ${operacoes} o join ${acoes} a on a.id = o.acao_id
          where a.classe = 'acao' and o.data_venda >= ${`${mes}-01`}::date and o.data_venda <= ${hoje}::date
            and o.data_compra is distinct from o.data_venda and o.preco_venda_unitario is not null
            and o.cliente_id in (${clientes})
          group by 1`,
    ),
    // Every client's month at once: the table's key is (cliente_id, mes), so one row each at most.
    queryRows<{ cliente_id: number; valor: string }>(
      db,
      sql`select cliente_id, valor::text as valor from ${irVendasExternas}
          where mes = ${mes} and cliente_id in (${clientes})`,
    ),
  ]);
  for (const r of [...livro, ...externas]) {
    vendas.set(r.cliente_id, vendas.get(r.cliente_id)!.plus(r.valor ?? 0));
  }
  return vendas;
}
