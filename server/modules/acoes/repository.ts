import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { acoes } from '../../db/schema';

/** The stock universe, by ticker. */
export function selectAcoes(db: Db) {
  return db
    .select({ id: acoes.id, ticker: acoes.ticker, empresa: acoes.empresa, setor: acoes.setor })
    .from(acoes)
    .orderBy(asc(acoes.ticker));
}

/** One stock by its ticker, or undefined. */
export async function findAcaoPorTicker(db: Db, ticker: string) {
  const [row] = await db
    .select({ id: acoes.id, ticker: acoes.ticker })
    .from(acoes)
    .where(eq(acoes.ticker, ticker));
  return row;
}
