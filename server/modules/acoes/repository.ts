import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { acoes } from '../../db/schema';

/** The stock universe, by ticker. */
export function selectAcoes(db: Db) {
  return db
    .select({ id: acoes.id, ticker: acoes.ticker, empresa: acoes.empresa, setor: acoes.setor })
    .from(acoes)
    .orderBy(asc(acoes.ticker));
}
