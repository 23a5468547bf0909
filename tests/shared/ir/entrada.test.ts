import { describe, expect, it } from 'vitest';
import { ErroEntradaIr, apurarIr, mesIr, relatorioAnualIr } from '../../../shared/ir';
import type { EntradaIr } from '../../../shared/ir';
import { compra, entrada, giro, mes, venda } from './helpers';

describe('the year, the month and what the engine refuses', () => {
  it('the year’s report has its twelve months with exactly the summary’s fields', () => {
    const r = relatorioAnualIr(
      entrada(giro('2026-03', 'BOVA11', 'etf', 100, '100.00', '110.00')),
      2026,
    );
    expect(r.ano).toBe(2026);
    expect(r.meses.map((m) => m.mes)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    expect(Object.keys(r.meses[2]!).sort()).toEqual(
      [
        'mes',
        'vendas_acoes',
        'isento',
        'resultado_comum',
        'resultado_day_trade',
        'resultado_fii',
        'imposto',
        'irrf',
        'irrf_compensado',
        'darf_valor',
        'darf_vencimento',
        'situacao',
        'prejuizo_comum',
        'prejuizo_day_trade',
        'prejuizo_fii',
        'irrf_a_compensar',
        'avisos',
      ].sort(),
    );
    expect(r.meses[2]).toMatchObject({
      imposto: '150.00',
      situacao: 'a_pagar',
      darf_vencimento: '2026-04-30',
    });
    expect(r.meses[0]).toMatchObject({ imposto: '0.00', situacao: 'sem_imposto', avisos: [] });
  });

  it('the month’s detail says it computed only what the book holds', () => {
    expect(mes(entrada([]), '2026-03').avisos[0]!.codigo).toBe('somente_carteira');
  });

  it('a sale beyond the known position is computed at no cost, and says so', () => {
    const e = entrada([
      compra('2026-03-02', 'PETR4', 100, '30.00'),
      venda('2026-03-10', 'PETR4', 300, '31.00'),
    ]);
    const m = mes(e, '2026-03');
    expect(m.linhas[0]).toMatchObject({
      quantidade: 300,
      valor_venda: '9300.00',
      custo: '3000.00',
      resultado: '6300.00',
    });
    expect(m.posicoes).toEqual([]);
    expect(m.avisos.find((a) => a.codigo === 'venda_sem_posicao')!.mensagem).toMatch(
      /^Venda de 300 PETR4 em 10\/03\/2026 acima da posição conhecida \(100\): 200 ações apuradas com custo zero\./,
    );
  });

  it('trades after the month asked for are left out: a month is the same whoever asks later', () => {
    const ops = [
      ...giro('2026-03', 'BOVA11', 'etf', 100, '100.00', '110.00'),
      venda('2026-04-10', 'BOVA11', 1, '1.00'),
    ];
    expect(mes(entrada(ops), '2026-03')).toEqual(
      mesIr(apurarIr(entrada(ops), '2026-12'), '2026-03'),
    );
  });

  it('asking for a month outside the computation is an error', () => {
    const a = apurarIr(entrada([]), '2026-03');
    expect(() => mesIr(a, '2026-04')).toThrow(
      'O mês 2026-04 não foi apurado (apuração até 2026-03).',
    );
  });

  it.each([
    [{ quantidade: 0 }, /quantidade: informe um inteiro maior que zero/],
    [{ quantidade: 1.5 }, /quantidade/],
    [{ preco: '-1' }, /preco: informe um valor decimal/],
    [{ preco: 30 as unknown as string }, /preco/],
    [{ custos: '1,50' }, /custos/],
    [{ data: '2026-02-30' }, /data: informe uma data válida/],
    [{ classe: 'opcao' as 'acao' }, /classe: use uma de acao, unit, etf, fii, bdr/],
  ])('refuses a trade with %o', (mudanca, erro) => {
    const e: EntradaIr = {
      operacoes: [{ ...compra('2026-03-02', 'PETR4', 100, '30.00'), ...mudanca }],
    };
    expect(() => apurarIr(e, '2026-03')).toThrow(ErroEntradaIr);
    expect(() => apurarIr(e, '2026-03')).toThrow(erro);
  });

  it('refuses an event whose factor contradicts its type, a bad month and a bad external sale', () => {
    const ev = { ticker: 'PETR4', tipo: 'grupamento' as const, data_ex: '2026-03-02', fator: '10' };
    expect(() => apurarIr({ operacoes: [], eventos: [ev] }, '2026-03')).toThrow(
      /fator 10 não combina com grupamento/,
    );
    expect(() => apurarIr({ operacoes: [] }, '2026-13')).toThrow(/ate: informe um mês/);
    expect(() => apurarIr({ operacoes: [], vendasExternas: { '2026-3': '1' } }, '2026-03')).toThrow(
      /mês inválido/,
    );
  });
});
