import { and, asc, eq, inArray, isNull, ne, notInArray, or } from 'drizzle-orm';
import type { CompraEmVoo } from '../../../contract';
import { Decimal, money } from '../../../shared/decimal';
import type { Db, Tx } from '../../db/client';
import { clientes, orderGroups, orderLegs } from '../../db/schema';

/**
 * Buys in flight (issue 26, item 5): a buy of a client and a stock stored or sent and not ended yet. Two lotes
 * (or a lote and a single buy) of the same stock for the same clients were both accepted, and each client's
 * terminal got both. Validar shows them and counts them against the money a lote sizes from; a create refuses
 * to send another one unless the operator confirms (docs/decisions/0008-lotes.md). The texts the operator reads
 * are shared/compras-em-voo.ts's.
 */

type Leg = typeof orderLegs.$inferSelect;
/** A group's states before it ends (repository.ts's transitions never leave an ended one). */
const EM_VOO = ['pending', 'sent'] as const;

/** A buy in flight as stored: what its value is computed from. */
export interface CompraEmVooRow {
  group_id: string;
  cliente_id: number;
  execucao: 'mercado' | 'limite';
  preco: string | null;
  legs: Array<Pick<Leg, 'volume' | 'volume_filled' | 'price_avg' | 'state'>>;
}

/** A buy in flight with its value exact (the contract's is rounded to cents): null when a price is unknown. */
export interface EmVoo {
  group_id: string;
  quantidade: number;
  valor: Decimal | null;
}

/** The groups a request's own Idempotency-Keys created (its retry's), which are not another buy. */
export interface ChavesProprias {
  scope: string;
  keys: string[];
}

/** The buys in flight of a stock, per client (only these clients when given), oldest first. */
export async function selectComprasEmVoo(
  db: Db | Tx,
  ticker: string,
  clienteIds: readonly number[] | null,
  proprias?: ChavesProprias | null,
): Promise<Map<number, CompraEmVooRow[]>> {
  const rows = await db
    .select({
      group_id: orderGroups.id,
      cliente_id: orderGroups.cliente_id,
      execucao: orderGroups.execucao,
      preco: orderGroups.preco,
      volume: orderLegs.volume,
      volume_filled: orderLegs.volume_filled,
      price_avg: orderLegs.price_avg,
      state: orderLegs.state,
    })
    .from(orderGroups)
    .innerJoin(orderLegs, eq(orderLegs.group_id, orderGroups.id))
    .where(
      and(
        eq(orderGroups.lado, 'compra'),
        eq(orderGroups.ticker_base, ticker),
        inArray(orderGroups.state, [...EM_VOO]),
        clienteIds ? inArray(orderGroups.cliente_id, [...clienteIds]) : undefined,
        proprias && proprias.keys.length
          ? or(
              isNull(orderGroups.idempotency_key),
              ne(orderGroups.idempotency_scope, proprias.scope),
              notInArray(orderGroups.idempotency_key, proprias.keys),
            )
          : undefined,
      ),
    )
    .orderBy(asc(orderGroups.created_at), asc(orderGroups.id), asc(orderLegs.leg));
  const byCliente = new Map<number, CompraEmVooRow[]>();
  for (const { volume, volume_filled, price_avg, state, ...group } of rows) {
    const own = byCliente.get(group.cliente_id) ?? [];
    byCliente.set(group.cliente_id, own);
    let row = own.at(-1);
    if (row?.group_id !== group.group_id) {
      row = { ...group, legs: [] };
      own.push(row);
    }
    row.legs.push({ volume, volume_filled, price_avg, state });
  }
  return byCliente;
}

/**
 * Locks these clients' rows (in id order, as every caller does) until the transaction ends: two buys of the same
 * client checking for each other at once take turns, so the second sees the first. `no key update` leaves the
 * key-share locks of inserts referencing the client (any other order, a sale lote) free.
 */
export async function lockClientes(tx: Tx, ids: readonly number[]): Promise<void> {
  await tx
    .select({ id: clientes.id })
    .from(clientes)
    .where(inArray(clientes.id, [...ids]))
    .orderBy(asc(clientes.id))
    .for('no key update');
}

/**
 * Inside the storing transaction, under the clients' row locks: a buy in flight stored meanwhile (another submit
 * with another key, racing this one) is refused with `recusar`'s answer, as the check before it would have been.
 */
export async function guardEmVoo(
  tx: Tx,
  ticker: string,
  clienteIds: readonly number[],
  proprias: ChavesProprias | null,
  recusar: (emVoo: ReadonlyMap<number, EmVoo[]>) => Error,
): Promise<void> {
  await lockClientes(tx, clienteIds);
  const rows = await selectComprasEmVoo(tx, ticker, clienteIds, proprias);
  if (rows.size) throw recusar(emVooPorCliente(rows, null));
}

/** Each client's buys in flight with their values (`precoMercado` as emVooDe takes it). */
export const emVooPorCliente = (
  rows: ReadonlyMap<number, CompraEmVooRow[]>,
  precoMercado: number | null,
): Map<number, EmVoo[]> =>
  new Map([...rows].map(([id, own]) => [id, own.map((r) => emVooDe(r, precoMercado))]));

const ENCERRADA: ReadonlySet<Leg['state']> = new Set(['filled', 'canceled', 'rejected', 'expired']);

/**
 * What a buy in flight takes of the client's money that the portfolio does not show yet (its operation is created
 * when the group ends): the filled shares at their fill price, and the shares that may still fill at the limit
 * price or, for a market order, at `precoMercado` (the reference price of validar: the terminal's ask). A leg that
 * ended unfilled (canceled, rejected, expired) takes nothing more.
 */
export function emVooDe(row: CompraEmVooRow, precoMercado: number | null): EmVoo {
  const preco = row.preco ?? (precoMercado === null ? null : String(precoMercado));
  let quantidade = 0;
  let valor: Decimal | null = new Decimal(0);
  const add = (shares: number, at: string | null) => {
    if (shares <= 0) return;
    quantidade += shares;
    valor = valor === null || at === null ? null : valor.plus(new Decimal(at).times(shares));
  };
  for (const leg of row.legs) {
    add(leg.volume_filled, leg.price_avg ?? preco);
    if (!ENCERRADA.has(leg.state)) add(leg.volume - leg.volume_filled, preco);
  }
  return { group_id: row.group_id, quantidade, valor };
}

export const paraContrato = (e: EmVoo): CompraEmVoo => ({
  group_id: e.group_id,
  quantidade: e.quantidade,
  valor: e.valor === null ? null : money(e.valor.toFixed()),
});

/** The valor disponível less the buys in flight: the mocks' rule too (shared/compras-em-voo). */
export { deductEmVoo } from '../../../shared/compras-em-voo';

/** What the group's audit entry keeps of the buys in flight the operator confirmed past. */
export const confirmadas = (compras: readonly EmVoo[]) =>
  compras.map((c) => ({ group_id: c.group_id, quantidade: c.quantidade }));
