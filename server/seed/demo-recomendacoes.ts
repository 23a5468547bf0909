import { recalcular } from '../modules/recomendacoes';
import type { DemoContext } from './demo';

/** The day's recommendations over the demo price history, so the control panel opens with them. */
export async function seedDemoRecomendacoes({ db, config }: DemoContext): Promise<void> {
  await recalcular(db, config.recomendacao, 'demo');
}
