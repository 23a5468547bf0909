import type { Config } from '../config';
import type { Db } from '../db/client';
import { seedDemoClientes } from './demo-clientes';
import { seedDemoConciliacao } from './demo-conciliacao';
import { seedDemoCarteiras } from './demo-carteiras';
import { seedDemoPrecos } from './demo-precos';
import { seedDemoRecomendacoes } from './demo-recomendacoes';

export interface DemoContext {
  db: Db;
  config: Config;
}

/**
 * Demo data for a new database (`npm start` unless DEMO=0). Each feature adds its seeder here, in dependency
 * order: clients, then price history, then operations and patrimony, then the custody import and the book's
 * deliberate divergences, then recommendations.
 */
export async function loadDemoData(ctx: DemoContext): Promise<void> {
  const seeders: Array<(ctx: DemoContext) => Promise<void>> = [
    seedDemoClientes,
    seedDemoPrecos,
    seedDemoCarteiras,
    seedDemoConciliacao,
    seedDemoRecomendacoes,
  ];
  for (const seed of seeders) await seed(ctx);
}
