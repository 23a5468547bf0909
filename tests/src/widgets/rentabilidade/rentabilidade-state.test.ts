import { describe, expect, it } from 'vitest';
import {
  DATA_INVALIDA,
  INTERVALO_INVERTIDO,
  type MesRentabilidade,
  type SessaoRentabilidade,
} from '../../../../contract';
import {
  arquivoDoRelatorio,
  consultaDaEscolha,
  corDoRetorno,
  linhasDaGrade,
  linhasDoGrafico,
  mesCurto,
  mesesDoRelatorio,
  mesSugerido,
  nomeDaClasse,
  nomeDoSetor,
  percentual,
  periodoMedido,
  pontos,
  textoDasFontes,
} from '../../../../src/widgets/rentabilidade/rentabilidade-state';

const NBSP = '\u00a0';
const escolha = (
  periodo: Parameters<typeof consultaDaEscolha>[0]['periodo'],
  de = '',
  ate = '',
) => ({
  periodo,
  de,
  ate,
});

describe('the RENTABILIDADE tabs’ rules (src/widgets/rentabilidade/rentabilidade-state.ts)', () => {
  it('asks each period’s dates up to today: the month, the year, 12 months close to close, the whole history', () => {
    const hoje = '2026-03-15';
    expect(consultaDaEscolha(escolha('mes'), hoje)).toEqual({
      consulta: { de: '2026-03-01', ate: hoje },
    });
    expect(consultaDaEscolha(escolha('ano'), hoje)).toEqual({
      consulta: { de: '2026-01-01', ate: hoje },
    });
    // 12M starts the day after the same day a year before: its base is that day's close.
    expect(consultaDaEscolha(escolha('12m'), hoje)).toEqual({
      consulta: { de: '2025-03-16', ate: hoje },
    });
    expect(consultaDaEscolha(escolha('12m'), '2028-02-29').consulta).toEqual({
      de: '2027-03-01',
      ate: '2028-02-29',
    });
    expect(consultaDaEscolha(escolha('12m'), '2026-01-01').consulta?.de).toBe('2025-01-02');
    expect(consultaDaEscolha(escolha('inicio'), hoje)).toEqual({ consulta: {} });
  });

  it('takes a custom period as typed (dd/mm/aaaa), and says what is wrong with it as the server would', () => {
    const hoje = '2026-03-15';
    expect(consultaDaEscolha(escolha('personalizado', '02/01/2025', '30/06/2025'), hoje)).toEqual({
      consulta: { de: '2025-01-02', ate: '2025-06-30' },
    });
    expect(consultaDaEscolha(escolha('personalizado', '31/02/2025', '30/06/2025'), hoje)).toEqual({
      erros: { de: DATA_INVALIDA },
    });
    expect(consultaDaEscolha(escolha('personalizado', '01/07/2025', ''), hoje)).toEqual({
      erros: { ate: DATA_INVALIDA },
    });
    expect(consultaDaEscolha(escolha('personalizado', '01/07/2025', '30/06/2025'), hoje)).toEqual({
      erros: { ate: INTERVALO_INVERTIDO },
    });
    // One day is a period.
    expect(consultaDaEscolha(escolha('personalizado', '30/06/2025', '30/06/2025'), hoje)).toEqual({
      consulta: { de: '2025-06-30', ate: '2025-06-30' },
    });
    expect(periodoMedido({ de: '2025-01-02', ate: '2025-06-30' })).toBe('02/01/2025 a 30/06/2025');
  });

  it('writes fractions as pt-BR percentages with a no-break space, and points of return', () => {
    expect(percentual(0.0123)).toBe(`1,23${NBSP}%`);
    expect(percentual(-0.254)).toBe(`-25,40${NBSP}%`);
    expect(percentual(1.1)).toBe(`110,00${NBSP}%`);
    expect(percentual(12.3456)).toBe(`1.234,56${NBSP}%`);
    expect(percentual(null)).toBe('—');
    expect(percentual(Number.NaN)).toBe('—');
    expect(pontos(0.0123)).toBe(`1,23${NBSP}p.p.`);
    expect(corDoRetorno(0.01)).toBe('green.700');
    expect(corDoRetorno(-0.01)).toBe('red.600');
    expect(corDoRetorno(0)).toBeUndefined();
    expect(corDoRetorno(null)).toBeUndefined();
  });

  it('lays the months out as the classic grid: newest year first, four lines a year, Ano and Acumulado chained', () => {
    const meses: MesRentabilidade[] = [
      { mes: '2025-11', retorno: 0.1, cdi: 0.01, ibov: 0.02, percentual_cdi: 10 },
      { mes: '2025-12', retorno: -0.05, cdi: 0.01, ibov: null, percentual_cdi: -5 },
      { mes: '2026-01', retorno: 0.02, cdi: 0.01, ibov: 0.03, percentual_cdi: 2 },
    ];
    const linhas = linhasDaGrade(meses);
    expect(linhas.map((l) => l.id)).toEqual([
      '2026-carteira',
      '2026-cdi',
      '2026-percentual_cdi',
      '2026-ibov',
      '2025-carteira',
      '2025-cdi',
      '2025-percentual_cdi',
      '2025-ibov',
    ]);
    const carteira2025 = linhas[4]!;
    expect(carteira2025.serie).toBe('Carteira');
    expect(carteira2025.meses.slice(9)).toEqual([null, 0.1, -0.05]);
    expect(carteira2025.noAno).toBeCloseTo(1.1 * 0.95 - 1, 12);
    const carteira2026 = linhas[0]!;
    expect(carteira2026.noAno).toBeCloseTo(0.02, 12);
    expect(carteira2026.acumulado).toBeCloseTo(1.1 * 0.95 * 1.02 - 1, 12);
    // % do CDI of a year is the ratio of the chained returns, not a sum of the months' ratios.
    expect(linhas[6]!.noAno).toBeCloseTo((1.1 * 0.95 - 1) / (1.01 * 1.01 - 1), 10);
    // A month without the Ibovespa leaves its year and the accumulated unknown.
    expect(linhas[7]!.noAno).toBeNull();
    expect(linhas[3]!.acumulado).toBeNull();
    expect(linhasDaGrade([])).toEqual([]);
  });

  it('draws the three lines in percent from 0 at the close before the period, leaving unknown benchmark days out', () => {
    const sessao = (data: string, acumulado: number, cdi: number | null, ibov: number | null) =>
      ({
        data,
        patrimonio: 0,
        compras: 0,
        vendas: 0,
        proventos: 0,
        retorno_dia: 0,
        acumulado,
        cdi_acumulado: cdi,
        ibov_acumulado: ibov,
      }) satisfies SessaoRentabilidade;
    const linhas = linhasDoGrafico('2026-03-02', [
      sessao('2026-03-03', 0.01, 0.0005, null),
      sessao('2026-03-04', 0.025, 0.001, 0.03),
    ]);
    expect(linhas.carteira).toEqual([
      { data: '2026-03-02', valor: 0 },
      { data: '2026-03-03', valor: 1 },
      { data: '2026-03-04', valor: 2.5 },
    ]);
    expect(linhas.cdi.map((p) => p.data)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
    expect(linhas.ibov).toEqual([
      { data: '2026-03-02', valor: 0 },
      { data: '2026-03-04', valor: 3 },
    ]);
    expect(linhasDoGrafico('2026-03-02', [])).toEqual({ carteira: [], cdi: [], ibov: [] });
    // No Ibovespa in the whole period (the offline demo): no line, not a lone 0 at its start.
    const semIbov = linhasDoGrafico('2026-03-02', [sessao('2026-03-03', 0.01, 0.0005, null)]);
    expect(semIbov.ibov).toEqual([]);
    expect(semIbov.cdi).toHaveLength(2);
  });

  it('names what has no sector or class, and where the benchmarks came from', () => {
    expect(nomeDoSetor(null)).toBe('Sem setor');
    expect(nomeDoSetor('Energia')).toBe('Energia');
    expect(nomeDaClasse('fii')).toBe('FII');
    expect(nomeDaClasse(null)).toBe('Sem classe');
    expect(textoDasFontes({ cdi: 'selic', ibov: 'BOVA11' })).toEqual([
      'CDI estimado pela meta Selic.',
      'Ibovespa: BOVA11, o substituto escolhido pelo administrador.',
    ]);
    expect(textoDasFontes({ cdi: 'bcb', ibov: '^BVSP' })).toEqual([
      'CDI: Banco Central do Brasil (série 12 do SGS).',
      'Ibovespa: Yahoo Finance (^BVSP).',
    ]);
    expect(textoDasFontes({ cdi: null, ibov: null })).toEqual([
      'CDI indisponível no período.',
      'Ibovespa indisponível no período.',
    ]);
  });

  it('offers a report for each month of the history and the current one, the last closed month first', () => {
    const meses = ['2025-11', '2025-12', '2026-01'].map((mes) => ({
      mes,
      retorno: 0,
      cdi: null,
      ibov: null,
      percentual_cdi: null,
    }));
    const opcoes = mesesDoRelatorio(meses, '2026-03-15');
    expect(opcoes).toEqual(['2026-03', '2026-01', '2025-12', '2025-11']);
    expect(mesSugerido(opcoes, '2026-03-15')).toBe('2026-01');
    expect(mesSugerido(['2026-03'], '2026-03-15')).toBe('2026-03');
    expect(mesSugerido([], '2026-03-15')).toBeUndefined();
    expect(mesCurto('2026-03')).toBe('03/2026');
    expect(arquivoDoRelatorio('ana-souza', '2026-03')).toBe('relatorio-ana-souza-2026-03.pdf');
    expect(arquivoDoRelatorio('', '2026-03')).toBe('relatorio-2026-03.pdf');
  });
});
