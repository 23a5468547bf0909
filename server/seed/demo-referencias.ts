import { cdiEstimado } from '../../shared/rentabilidade';
import { writeCdi } from '../modules/rentabilidade';
import type { DemoContext } from './demo';
import { readDemoPrecos } from './demo-precos';

/**
 * The demo's benchmarks, offline and honest (issue 30). The CDI is estimated from the Selic targets in force on each
 * bundled session (shared/rentabilidade/cdi-selic.ts; the answers say "CDI estimado a partir das metas da Selic"),
 * and laid on the day the demo shows that session on, as its prices are: the stocks' returns and the CDI they are
 * compared with are of the same real sessions (2022-11-01 to 2025-10-29). The bundled data has no series of the
 * Ibovespa nor of an ETF that follows it (../shared/data/README.md): the demo shows none, and its answers say so,
 * rather than show a made-up index.
 */
export async function seedDemoReferencias({ db, calendario }: DemoContext): Promise<void> {
  const sessoes = [...new Set(readDemoPrecos().map((p) => p.data))].sort();
  const { taxas } = cdiEstimado(sessoes);
  await writeCdi(
    db,
    taxas.map((t) => ({ data: calendario ? calendario(t.data) : t.data, taxa: t.taxa })),
    'selic',
  );
}
