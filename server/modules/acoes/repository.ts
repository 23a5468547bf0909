import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { acoes } from '../../db/schema';

/** The stock universe, by ticker. */
export function selectAcoes(db: Db) {
  return db
    .select({ id: acoes.id, ticker: acoes.ticker, empresa: acoes.empresa, setor: acoes.setor })
    .from(acoes)
    .orderBy(asc(acoes.ticker));
}

/** Whether the stock exists: the one lookup every module asks (an operation's, an event's stock). */
export async function acaoExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: acoes.id }).from(acoes).where(eq(acoes.id, id));
  return Boolean(row);
}

/** One stock by its ticker, or undefined. */
export async function findAcaoPorTicker(db: Db, ticker: string) {
  const [row] = await db
    .select({ id: acoes.id, ticker: acoes.ticker })
    .from(acoes)
    .where(eq(acoes.ticker, ticker));
  return row;
}
