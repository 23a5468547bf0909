import { todayIso } from '../../shared/dates';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { seedDemoClientes } from './demo-clientes';
import { seedDemoConciliacao } from './demo-conciliacao';
import { seedDemoCarteiras } from './demo-carteiras';
import { demoCalendario, seedDemoPrecos, type DemoCalendario } from './demo-precos';
import { seedDemoRecomendacoes } from './demo-recomendacoes';
import { seedDemoReferencias } from './demo-referencias';

export interface DemoContext {
  db: Db;
  config: Config;
  /** The bundled history's sessions on the days before the database was created. */
  calendario?: DemoCalendario;
}

/**
 * Demo data for a new database (`npm start` unless DEMO=0). Each feature adds its seeder here, in dependency
 * order: clients, then price history and the benchmarks (the CDI), then operations and patrimony, then the custody
 * import and the book's deliberate divergences, then recommendations. Dates are laid relative to `hoje` (the day
 * the database is created): the demo always looks like this week.
 */
export async function loadDemoData(
  ctx: Omit<DemoContext, 'calendario'>,
  hoje: string = todayIso(),
): Promise<void> {
  const withCalendario = { ...ctx, calendario: demoCalendario(hoje) };
  const seeders: Array<(ctx: DemoContext) => Promise<void>> = [
    seedDemoClientes,
    seedDemoPrecos,
    seedDemoReferencias,
    seedDemoCarteiras,
    seedDemoConciliacao,
    seedDemoRecomendacoes,
  ];
  for (const seed of seeders) await seed(withCalendario);
}
