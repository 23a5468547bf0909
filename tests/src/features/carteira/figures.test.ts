import { describe, expect, it } from 'vitest';
import { corPorSinal } from '../../../../src/lib/sinal';
import {
  corToGain,
  diasPosicionado,
  percentualResultado,
  resultadoAtual,
  tickersCotacao,
  toGain,
  valorResultado,
  variacao,
} from '../../../../src/features/carteira/figures';
import type { Operacao, ResumoCliente } from '../../../../contract';

const resumo = (posicionado: number | null, realizadas: number | null): ResumoCliente => ({
  patrimonio: 1000,
  percentual_patrimonio: 10,
  posicionadas: 0,
  valor_disponivel: 100,
  realizadas,
  posicionado,
  dias_total: 0,
  rentabilidade_mensal: null,
  proventos_recebidos: 0,
});

describe('portfolio display math', () => {
  it('resultado atual = posicionado − (−realizadas)', () => {
    expect(resultadoAtual(resumo(150.25, -50.1))).toBeCloseTo(100.15, 10);
    expect(resultadoAtual(resumo(-20, 30))).toBe(10);
    expect(resultadoAtual(resumo(0, 0))).toBe(0);
    expect(resultadoAtual(resumo(null, 10))).toBeNull();
    expect(resultadoAtual(undefined)).toBeNull();
  });

  it("dias posicionado: the server's value, else purchase → today, never negative", () => {
    expect(diasPosicionado({ dias_posicionado: 12, data_compra: '2025-01-01' }, '2025-03-01')).toBe(
      12,
    );
    expect(
      diasPosicionado({ dias_posicionado: null, data_compra: '2025-01-01' }, '2025-03-01'),
    ).toBe(59);
    expect(
      diasPosicionado({ dias_posicionado: null, data_compra: '2025-03-05' }, '2025-03-01'),
    ).toBe(0);
    expect(diasPosicionado({ dias_posicionado: null, data_compra: null }, '2025-03-01')).toBeNull();
    expect(diasPosicionado({ dias_posicionado: 0, data_compra: '2025-01-01' }, '2025-03-01')).toBe(
      0,
    );
  });

  it('variação, to gain and the realised result in percent', () => {
    expect(variacao(31.5, 30)).toBeCloseTo(5, 10);
    expect(variacao(null, 30)).toBeNull();
    expect(variacao(10, 0)).toBeNull();
    expect(toGain(33, 31.5)).toBeCloseTo(4.7619, 3);
    expect(toGain(32, 33)).toBeCloseTo(-3.0303, 3);
    expect(toGain(null, 33)).toBeNull();
    expect(percentualResultado({ preco_venda_unitario: 22, preco_unitario: 20 })).toBeCloseTo(
      10,
      10,
    );
    expect(valorResultado({ valor_total_venda: 6500, valor_total_compra: 7000 })).toBe(-500);
    expect(valorResultado({ valor_total_venda: null, valor_total_compra: 7000 })).toBeNull();
  });

  it('colours: variação and results green from zero up, to gain green up to zero then orange', () => {
    expect([corPorSinal(0), corPorSinal(0.01), corPorSinal(-0.01), corPorSinal(null)]).toEqual([
      'verde',
      'verde',
      'vermelho',
      null,
    ]);
    expect([corToGain(0), corToGain(-1), corToGain(0.01), corToGain(null)]).toEqual([
      'verde',
      'verde',
      'laranja',
      null,
    ]);
  });

  it('asks quotes for the open operations only, each ticker once with .SA', () => {
    const op = (acao_nome: string, data_venda: string | null) =>
      ({ acao_nome, data_venda }) as Operacao;
    expect(
      tickersCotacao([
        op('VALE3', null),
        op('PETR4', null),
        op('PETR4', null),
        op('ITUB3', '2025-01-01'),
      ]),
    ).toEqual(['PETR4.SA', 'VALE3.SA']);
  });
});
