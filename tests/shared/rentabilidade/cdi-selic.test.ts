import { describe, expect, it } from 'vitest';
import {
  cdiDiarioDaMeta,
  cdiEstimado,
  METAS_SELIC,
  metaSelicEm,
  SELIC_CONHECIDA_ATE,
} from '../../../shared/rentabilidade';

describe('the CDI estimated from the Selic targets', () => {
  it('the target in force on a day, from the day after each COPOM meeting', () => {
    expect(metaSelicEm('2022-08-03')).toMatchObject({ meta: '13.25' });
    expect(metaSelicEm('2022-08-04')).toMatchObject({
      meta: '13.75',
      desde: '2022-08-04',
      alem_da_tabela: false,
    });
    expect(metaSelicEm('2023-08-02')).toMatchObject({ meta: '13.75' });
    expect(metaSelicEm('2023-08-03')).toMatchObject({ meta: '13.25' });
    expect(metaSelicEm('2024-06-30')).toMatchObject({ meta: '10.50' });
    expect(metaSelicEm('2025-06-19')).toMatchObject({ meta: '15.00' });
    expect(metaSelicEm('2021-01-04')).toBeNull();
  });

  it('the table goes up and down as COPOM did: six cuts of 0.50 from 2023-08 to 10.75, one of 0.25 to 10.50, raises to 15.00', () => {
    const metas = METAS_SELIC.map((m) => Number(m.meta));
    const passos = metas.slice(1).map((m, i) => Math.round((m - metas[i]!) * 100) / 100);
    expect(METAS_SELIC.map((m) => m.desde)).toEqual([...METAS_SELIC.map((m) => m.desde)].sort());
    expect(passos.slice(5, 11)).toEqual([-0.5, -0.5, -0.5, -0.5, -0.5, -0.5]);
    expect(passos.slice(11)).toEqual([-0.25, 0.25, 0.5, 1, 1, 1, 0.5, 0.25]);
  });

  it('CDI a day = ((1 + (target − 0.10)/100)^(1/252) − 1) × 100, to 6 places as SGS 12 publishes it', () => {
    // 0.055131 % a day is what SGS 12 published while the target was 15.00 % (CDI 14.90 % a year).
    expect(cdiDiarioDaMeta('15.00')).toBe('0.055131');
    expect(cdiDiarioDaMeta('10.50')).toBe(((1.104 ** (1 / 252) - 1) * 100).toFixed(6));
  });

  it('after the last known meeting the last target is assumed, and the screen is told', () => {
    const depois = '2026-03-02';
    expect(SELIC_CONHECIDA_ATE < depois).toBe(true);
    expect(metaSelicEm(depois)).toEqual({
      meta: '15.00',
      desde: '2025-06-19',
      alem_da_tabela: true,
    });
    const dentro = cdiEstimado(['2024-01-02', '2024-05-09']);
    expect(dentro.taxas).toEqual([
      { data: '2024-01-02', taxa: cdiDiarioDaMeta('11.75') },
      { data: '2024-05-09', taxa: cdiDiarioDaMeta('10.50') },
    ]);
    expect(dentro.alem_da_tabela_desde).toBeNull();
    expect(dentro.aviso).toBe(
      'CDI estimado a partir das metas da Selic (meta − 0,10 p.p. ao ano, 252 dias úteis).',
    );
    const alem = cdiEstimado(['2021-01-04', '2025-12-10', '2025-12-11', depois]);
    expect(alem.taxas.map((t) => t.data)).toEqual(['2025-12-10', '2025-12-11', depois]);
    expect(alem.alem_da_tabela_desde).toBe('2025-12-11');
    expect(alem.aviso).toContain(
      'metas conhecidas até 10/12/2025, depois disso supõe-se a última (15,00 %)',
    );
  });
});
