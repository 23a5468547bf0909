import type { DashboardRvResponse } from '../../../contract';
import { todayIso } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { posicoesAbertasJson } from '../../lib/portfolio-figures';
import type { QuoteService } from '../../lib/quotes';
import { RawJson } from '../../lib/route';

export { patrimonioDisponivel } from '../../lib/portfolio-figures';

/** Every open position with its quote, as the JSON the database builds (20,000 rows in one text). */
export async function posicionadas(deps: {
  db: Db;
  quotes: QuoteService;
}): Promise<RawJson<DashboardRvResponse>> {
  return new RawJson(await posicoesAbertasJson(deps.db, deps.quotes, todayIso()));
}
