import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import { acoes, clientes, custodias, importLotes, operacoes } from '../../db/schema';

export interface ClienteAlvo {
  id: number;
  nome: string;
  codigo_xp: string | null;
  vm_ip: string | null;
  vm_private_ip: string | null;
  /** The client's own agent token, sealed: its VM takes only that one when it has one. */
  mt5_token: string | null;
}

/** Every client (undefined), or these ones. */
const soCliente = (alias: string, ids: readonly number[] | undefined) =>
  ids === undefined
    ? sql``
    : ids.length
      ? sql`and ${sql.raw(alias)}.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`and false`;

/** Every client (or one), by name: who is reconciled and where its terminal is. */
export function selectClientesAlvo(db: Db, ids?: readonly number[]): Promise<ClienteAlvo[]> {
  return queryRows<ClienteAlvo>(
    db,
    sql`select c.id, coalesce(nullif(trim(c.nome), ''), 'Cliente ' || c.id) as nome,
          nullif(trim(c.codigo_xp), '') as codigo_xp, c.vm_ip, c.vm_private_ip, c.mt5_token
        from ${clientes} c where true ${soCliente('c', ids)}
        order by 2, c.id`,
  );
}

/** The book: the open operations' shares per client and ticker. */
export function selectLivro(
  db: Db,
  ids?: readonly number[],
): Promise<Array<{ cliente_id: number; ticker: string; quantidade: number }>> {
  return queryRows(
    db,
    sql`select o.cliente_id, a.ticker, sum(o.quantidade)::int as quantidade
        from ${operacoes} o join ${acoes} a on a.id = o.acao_id join ${clientes} c on c.id = o.cliente_id
        where o.data_venda is null and o.quantidade > 0 ${soCliente('c', ids)}
        group by 1, 2`,
  );
}

/**
 * The custody: for each client's codigo_xp, the rows of its latest import date (lotes a later import replaced hold
 * no rows, and are left out all the same), quantities summed per asset as written in the sheet.
 */
export function selectCustodia(
  db: Db,
  ids?: readonly number[],
): Promise<Array<{ cliente_id: number; data: string; ativo: string; quantidade: string }>> {
  return queryRows(
    db,
    sql`select c.id as cliente_id, u.data, x.ativo, sum(x.quantidade)::text as quantidade
        from ${clientes} c
        cross join lateral (
          select max(k.data_referencia) as data
          from ${custodias} k join ${importLotes} l on l.id = k.lote_id and l.substituido_em is null
          where k.codigo = trim(c.codigo_xp)
        ) u
        join ${custodias} x on x.codigo = trim(c.codigo_xp) and x.data_referencia = u.data
        join ${importLotes} l on l.id = x.lote_id and l.substituido_em is null
        where nullif(trim(c.codigo_xp), '') is not null ${soCliente('c', ids)}
        group by 1, 2, 3`,
  );
}
