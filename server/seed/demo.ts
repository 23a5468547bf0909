import type { Config } from '../config';
import type { Db } from '../db/client';

export interface DemoContext {
  db: Db;
  config: Config;
}

/**
 * Demo data for a new database (`npm start` unless DEMO=0). Each feature adds its seeder here, in dependency
 * order: clients, then price history, then operations and patrimony, then recommendations.
 */
export async function loadDemoData(ctx: DemoContext): Promise<void> {
  const seeders: Array<(ctx: DemoContext) => Promise<void>> = [];
  for (const seed of seeders) await seed(ctx);
}
