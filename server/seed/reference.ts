import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/client';
import { acoes } from '../db/schema';

const DATA = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data');

/**
 * The stock universe: the IBOVESPA theoretical portfolio plus the stocks of the bundled price history, with
 * names and B3 sectors. Loaded at every start; rows already present (edited, or added by a COTAHIST import)
 * are left alone.
 */
export async function loadReferenceData(db: Db): Promise<void> {
  const lines = fs.readFileSync(path.join(DATA, 'acoes.csv'), 'utf8').trim().split('\n').slice(1);
  const rows = lines.map((line) => {
    const [ticker = '', empresa = '', setor = ''] = line.split(';');
    return { ticker, empresa: empresa || null, setor: setor || null };
  });
  await db.insert(acoes).values(rows).onConflictDoNothing({ target: acoes.ticker });
}
