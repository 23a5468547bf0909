import { recompute } from '../modules/recomendacoes';
import type { DemoContext } from './demo';

/** The day's recommendations over the demo price history, so the control panel opens with them. */
export async function seedDemoRecomendacoes({ db, config }: DemoContext): Promise<void> {
  await recompute(db, config.recomendacao, 'demo');
}
