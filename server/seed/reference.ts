import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/client';
import { CLASSES_ATIVO } from '../../contract';
import { acoes } from '../db/schema';

type Classe = (typeof CLASSES_ATIVO)[number];
const isClasse = (v: string): v is Classe => (CLASSES_ATIVO as readonly string[]).includes(v);

const DATA = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data');

/**
 * The stock universe: the IBOVESPA theoretical portfolio plus the stocks of the bundled price history, with
 * names, B3 sectors and classes (acao, unit, etf, fii, bdr). Loaded at every start; rows already present (edited, or added by a COTAHIST import)
 * are left alone.
 */
export async function loadReferenceData(db: Db): Promise<void> {
  const lines = fs.readFileSync(path.join(DATA, 'acoes.csv'), 'utf8').trim().split('\n').slice(1);
  const rows = lines.map((line) => {
    const [ticker = '', empresa = '', setor = '', classe = ''] = line.split(';');
    // The file states each asset's class (issue 29): a typo there must stop the start, not exempt a unit.
    if (!isClasse(classe))
      throw new Error(`acoes.csv: classe inválida para ${ticker}: '${classe}'`);
    return { ticker, empresa: empresa || null, setor: setor || null, classe };
  });
  await db.insert(acoes).values(rows).onConflictDoNothing({ target: acoes.ticker });
}
