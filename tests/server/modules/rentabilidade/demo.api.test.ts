import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentabilidadeCliente } from '../../../../contract';
import { queryRows } from '../../../../server/db/query';
import { loadDemoData } from '../../../../server/seed/demo';
import { demoCalendario } from '../../../../server/seed/demo-precos';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * Issue 30, the offline demo: its CDI is estimated from the Selic targets in force on the real sessions its prices
 * come from, laid on the days it shows them on, and every answer says it is estimated; it has no Ibovespa and says
 * so rather than show a made-up one.
 */

const HOJE = '2026-11-23';

describe('rentabilidade: the demo, offline', () => {
  let s: TestServer;
  let token = '';

  beforeAll(async () => {
    s = await startTestServer();
    await loadDemoData({ db: s.database.db, config: s.config }, HOJE);
    token = await s.login();
  });
  afterAll(() => s?.close());

  it('stores a CDI of the real sessions, estimated from the Selic target then in force', async () => {
    const dia = demoCalendario(HOJE);
    const taxa = async (data: string) =>
      (
        await queryRows<{ taxa: string; fonte: string }>(
          s.database.db,
          sql`select taxa::text as taxa, fonte from cdi_diario where data = ${dia(data)}`,
        )
      )[0];
    // 2022-11-01: target 13.75 %, (1.1365^(1/252) − 1) × 100; 2025-10-29: 15.00 % (0.055131 % a day, what SGS 12
    // published then). Laid on the days the demo shows those sessions on.
    expect(await taxa('2022-11-01')).toEqual({ taxa: '0.05078800', fonte: 'selic' });
    expect(await taxa('2025-10-29')).toEqual({ taxa: '0.05513100', fonte: 'selic' });
  });

  it('says in every answer that the CDI is estimated and that there is no Ibovespa', async () => {
    const res = await s.request('/api/clientes/1/rentabilidade/', { token });
    const r = (await res.json()) as RentabilidadeCliente;
    expect(r.fontes).toEqual({ cdi: 'selic', ibov: null });
    expect(r.avisos).toEqual([
      'CDI estimado a partir das metas da Selic (meta − 0,10 p.p. ao ano, 252 dias úteis).',
      'Sem fechamentos do Ibovespa para o período: o Ibovespa não é mostrado.',
    ]);
    expect(r.periodo.cdi).toBeGreaterThan(0);
    expect(r.serie.every((x) => x.ibov_acumulado === null)).toBe(true);
  });
});
