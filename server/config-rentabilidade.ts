import { z } from 'zod';
import { TICKER_B3 } from '../contract';

/**
 * The benchmarks' configuration (issue 30: each client's return against the CDI and the Ibovespa), read with the
 * rest of the environment by server/config.ts.
 */

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** The Banco Central's API (SGS series 12, the CDI). */
export const BCB_PADRAO = 'https://api.bcb.gov.br';

export const referenciasEnv = {
  /**
   * Where the CDI is read from: the Banco Central's public API by default outside the demo; the tests point it at
   * a local fake. In the demo, unset: the demo's CDI is the one estimated from the Selic targets, offline.
   */
  BCB_BASE_URL: optionalText.pipe(z.url('must be a URL, e.g. https://api.bcb.gov.br').optional()),
  /**
   * A stock whose closes stand in for the Ibovespa (an ETF such as BOVA11, its history imported from COTAHIST);
   * unset: the index itself (^BVSP) from Yahoo with the yahoo quotes provider.
   */
  IBOV_TICKER: optionalText.pipe(
    z.string().regex(TICKER_B3, 'must be a B3 ticker such as BOVA11').optional(),
  ),
};

export function referenciasConfig(env: {
  BCB_BASE_URL?: string | undefined;
  IBOV_TICKER?: string | undefined;
  DEMO: '0' | '1';
}) {
  return {
    /** Null: the CDI is never refreshed (the demo without BCB_BASE_URL). */
    bcbUrl: env.BCB_BASE_URL ?? (env.DEMO === '1' ? null : BCB_PADRAO),
    ibovTicker: env.IBOV_TICKER ?? null,
  };
}
