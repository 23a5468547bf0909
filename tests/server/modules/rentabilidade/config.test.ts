import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../server/config';

/** Issue 30: where the benchmarks come from (BCB_BASE_URL, IBOV_TICKER), and a bad value naming its variable. */
describe('rentabilidade: the benchmarks configuration', () => {
  const fora = {
    DEMO: '0',
    MT5_AGENT_TOKEN: 'x'.repeat(32),
    MT5_AGENT_NETWORKS: '10.0.0.0/8',
  };

  it("reads the CDI from the Banco Central's public API outside the demo, never in it unless told", () => {
    expect(loadConfig(fora).referencias).toEqual({
      bcbUrl: 'https://api.bcb.gov.br',
      ibovTicker: null,
    });
    expect(loadConfig({}).referencias.bcbUrl).toBeNull();
    expect(loadConfig({ BCB_BASE_URL: 'http://127.0.0.1:9/' }).referencias.bcbUrl).toBe(
      'http://127.0.0.1:9/',
    );
    expect(loadConfig({ ...fora, IBOV_TICKER: ' BOVA11 ' }).referencias.ibovTicker).toBe('BOVA11');
  });

  it('refuses a stand-in that is no B3 ticker and a Banco Central that is no URL', () => {
    expect(() => loadConfig({ IBOV_TICKER: 'IBOV' })).toThrow(ConfigError);
    expect(() => loadConfig({ IBOV_TICKER: 'IBOV' })).toThrow(/IBOV_TICKER: must be a B3 ticker/);
    expect(() => loadConfig({ BCB_BASE_URL: 'api.bcb.gov.br' })).toThrow(
      /BCB_BASE_URL: must be a URL/,
    );
  });
});
