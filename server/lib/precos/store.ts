import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { precosDiarios } from '../../db/schema';

/** One daily bar, prices as exact decimal text (numeric columns), volume in shares. */
export interface Barra {
  acao_id: number;
  data: string;
  abertura: string;
  maxima: string;
  minima: string;
  fechamento: string;
  volume: number;
}

// 7 parameters a row: 2,000 rows a statement stays far below PostgreSQL's 65,535 parameters.
const LOTE = 2000;

/** Inserts or replaces bars by (acao_id, data): importing the same data twice changes nothing. */
export async function gravarBarras(db: Db | Tx, barras: Barra[]): Promise<void> {
  for (let i = 0; i < barras.length; i += LOTE) {
    await db
      .insert(precosDiarios)
      .values(barras.slice(i, i + LOTE))
      .onConflictDoUpdate({
        target: [precosDiarios.acao_id, precosDiarios.data],
        set: {
          abertura: sql`excluded.abertura`,
          maxima: sql`excluded.maxima`,
          minima: sql`excluded.minima`,
          fechamento: sql`excluded.fechamento`,
          volume: sql`excluded.volume`,
        },
      });
  }
}
