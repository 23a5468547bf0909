import { asc, eq } from 'drizzle-orm';
import type { AcaoInput } from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { acoes } from '../../db/schema';

const colunas = {
  id: acoes.id,
  ticker: acoes.ticker,
  empresa: acoes.empresa,
  setor: acoes.setor,
  classe: acoes.classe,
};

/** The stock universe, by ticker. */
export function selectAcoes(db: Db) {
  return db.select(colunas).from(acoes).orderBy(asc(acoes.ticker));
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

/** One asset by its ticker, locked until the transaction ends (PUT acoes/{ticker}/). */
export async function lockAcaoPorTicker(tx: Tx, ticker: string) {
  const [row] = await tx.select(colunas).from(acoes).where(eq(acoes.ticker, ticker)).for('update');
  return row;
}

/** A new asset; undefined when another request created the ticker first. */
export async function insertAcao(tx: Tx, values: AcaoInput & { ticker: string }) {
  const [row] = await tx
    .insert(acoes)
    .values(values)
    .onConflictDoNothing({ target: acoes.ticker })
    .returning(colunas);
  return row;
}

export async function updateAcao(tx: Tx, id: number, values: AcaoInput) {
  const [row] = await tx.update(acoes).set(values).where(eq(acoes.id, id)).returning(colunas);
  return row!;
}
