import {
  SIMBOLO_B3,
  TICKER_B3,
  TICKER_NOVO_INVALIDO,
  tickerFracionario,
  type Acao,
  type AcaoInput,
} from '../../../contract';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest } from '../../lib/http-error';
import { insertAcao, lockAcaoPorTicker, updateAcao } from './repository';

/**
 * PUT acoes/{ticker}/: states an asset's name, sector and class (issue 29), creating it when the ticker is new.
 * A fractional symbol (PETR4F) is refused rather than normalised: it is PETR4's own market, and a PUT that
 * silently wrote another resource than the one in its path would surprise whoever reads the audit.
 */
export async function saveAcao(
  db: Db,
  username: string,
  ticker: string,
  input: AcaoInput,
): Promise<Acao> {
  const fracionario = SIMBOLO_B3.exec(ticker);
  if (fracionario && fracionario[1] !== ticker) throw badRequest(tickerFracionario(ticker));
  return db.transaction(async (tx) => {
    let before = await lockAcaoPorTicker(tx, ticker);
    if (!before) {
      // The universe holds what COTAHIST lists (AAPL34, TAEE11…); a new asset by hand follows B3's ticker rule.
      if (!TICKER_B3.test(ticker)) throw badRequest(TICKER_NOVO_INVALIDO);
      const created = await insertAcao(tx, { ticker, ...input });
      if (created) {
        await audit(tx, {
          username,
          action: 'create',
          entity: 'acao',
          entityId: created.id,
          after: created,
        });
        return created;
      }
      // Another request created it meanwhile: this one updates it.
      before = (await lockAcaoPorTicker(tx, ticker))!;
    }
    const after = await updateAcao(tx, before.id, input);
    await audit(tx, {
      username,
      action: 'update',
      entity: 'acao',
      entityId: before.id,
      before,
      after,
    });
    return after;
  });
}
