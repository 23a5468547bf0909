import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { acoes } from '../../db/schema';
import { writeBarras } from './store';
import type { CotacaoCotahist } from './cotahist';

export interface ResultadoImportacao {
  cotacoes: number;
  acoesNovas: string[];
  datas: string[];
}

/**
 * Stores one file's quotes in one transaction: assets not yet in the universe are added with their short
 * name and the class their record states (an asset already there keeps the class it has), and bars replace the ones of the same stock and date (a re-import changes nothing). COTAHIST prices are
 * as traded: the adjusted series divides them by the share events after their session.
 */
export async function importCotacoes(
  db: Db,
  cotacoes: CotacaoCotahist[],
): Promise<ResultadoImportacao> {
  const nomes = new Map(cotacoes.map((c) => [c.ticker, c.nome]));
  const classes = new Map(cotacoes.map((c) => [c.ticker, c.classe]));
  const tickers = [...nomes.keys()];
  const datas = [...new Set(cotacoes.map((c) => c.data))].sort();
  return db.transaction(async (tx) => {
    const acoesNovas: string[] = [];
    const ids = new Map<string, number>();
    for (let i = 0; i < tickers.length; i += 5000) {
      const lote = tickers.slice(i, i + 5000);
      const novas = await tx
        .insert(acoes)
        .values(
          lote.map((ticker) => ({
            ticker,
            empresa: nomes.get(ticker) || null,
            classe: classes.get(ticker)!,
          })),
        )
        .onConflictDoNothing({ target: acoes.ticker })
        .returning({ ticker: acoes.ticker });
      acoesNovas.push(...novas.map((r) => r.ticker));
      const todas = await tx
        .select({ id: acoes.id, ticker: acoes.ticker })
        .from(acoes)
        .where(inArray(acoes.ticker, lote));
      for (const r of todas) ids.set(r.ticker, r.id);
    }
    await writeBarras(
      tx,
      cotacoes.map(({ ticker, nome: _nome, classe: _classe, ...barra }) => ({
        acao_id: ids.get(ticker)!,
        ...barra,
      })),
      { fonte: 'cotahist', ajustado_ate: null },
    );
    return { cotacoes: cotacoes.length, acoesNovas: acoesNovas.sort(), datas };
  });
}
