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

/**
 * Where a set of bars came from: COTAHIST prices as traded (`ajustado_ate` null), Yahoo's adjusted for every share
 * event up to the last session of its answer (server/lib/precos/ajuste.ts).
 */
export interface OrigemBarras {
  fonte: 'cotahist' | 'yahoo';
  ajustado_ate: string | null;
}

// 9 parameters a row: 2,000 rows a statement stays far below PostgreSQL's 65,535 parameters.
const LOTE = 2000;

/**
 * Inserts or replaces bars by (acao_id, data), with their source: importing the same data twice changes nothing,
 * and a bar stored again carries the newer source's adjustment.
 */
export async function writeBarras(
  db: Db | Tx,
  barras: Barra[],
  origem: OrigemBarras,
): Promise<void> {
  for (let i = 0; i < barras.length; i += LOTE) {
    await db
      .insert(precosDiarios)
      .values(barras.slice(i, i + LOTE).map((b) => ({ ...b, ...origem })))
      .onConflictDoUpdate({
        target: [precosDiarios.acao_id, precosDiarios.data],
        set: {
          abertura: sql`excluded.abertura`,
          maxima: sql`excluded.maxima`,
          minima: sql`excluded.minima`,
          fechamento: sql`excluded.fechamento`,
          volume: sql`excluded.volume`,
          fonte: sql`excluded.fonte`,
          ajustado_ate: sql`excluded.ajustado_ate`,
        },
      });
  }
}
