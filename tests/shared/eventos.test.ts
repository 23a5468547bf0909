import { describe, expect, it } from 'vitest';
import {
  ajustarPosicao,
  proporcaoDoEvento,
  quantidadeNaVespera,
  reaplicar,
  valoresDoProvento,
} from '../../shared/eventos';

const posicao = (
  quantidade: number,
  preco: string | null,
  alvo: string | null,
  stop: string | null = null,
) => ({
  quantidade,
  preco_unitario: preco,
  valor_alvo: alvo,
  valor_stop: stop,
});

describe('a corporate event on one operation', () => {
  it('a 1:2 split doubles the shares and halves price and target: the total cost is unchanged', () => {
    expect(ajustarPosicao(posicao(300, '25.3100', '28.0000'), '2')).toEqual({
      depois: posicao(600, '12.6550', '14.0000'),
      fracao: '0',
    });
  });

  it('the stop follows the price as the target does (a split must not fire a stop no price reached)', () => {
    expect(ajustarPosicao(posicao(300, '25.3100', '28.0000', '22.5000'), '2').depois).toEqual(
      posicao(600, '12.6550', '14.0000', '11.2500'),
    );
    expect(ajustarPosicao(posicao(1000, '4.3000', null, '3.9900'), '0.1').depois.valor_stop).toBe(
      '39.9000',
    );
  });

  it('a 10:1 reverse split floors the fraction of a share and notes it', () => {
    expect(ajustarPosicao(posicao(1005, '0.4300', null), '0.1')).toEqual({
      depois: posicao(100, '4.3000', null),
      fracao: '0.5',
    });
  });

  it('a 10 % bonus on 105 shares: 115 shares, half a share floored, price ÷ 1.1 to 4 places', () => {
    expect(ajustarPosicao(posicao(105, '20.0000', '22.0000'), '1.1')).toEqual({
      depois: posicao(115, '18.1818', '20.0000'),
      fracao: '0.5',
    });
  });

  it('keeps every digit of the product: the fraction noted is exact', () => {
    // 999,999,999 × 1000.0000000001 = 999,999,999,000.0999999999: 22 significant digits.
    expect(ajustarPosicao(posicao(999_999_999, null, null), '1000.0000000001')).toEqual({
      depois: posicao(999_999_999_000, null, null),
      fracao: '0.0999999999',
    });
  });

  it('replaying the events from the values before the first gives each step, and undoing one is replaying the rest', () => {
    const inicial = posicao(105, '20.0000', '22.0000');
    const ambos = reaplicar(inicial, ['1.1', '2']);
    expect(ambos.map((p) => p.depois)).toEqual([
      posicao(115, '18.1818', '20.0000'),
      posicao(230, '9.0909', '10.0000'),
    ]);
    expect(ambos[1]!.antes).toEqual(ambos[0]!.depois);
    // Without the bonus: the split alone on the original values.
    expect(reaplicar(inicial, ['2']).at(-1)!.depois).toEqual(posicao(210, '10.0000', '11.0000'));
    expect(reaplicar(inicial, [])).toEqual([]);
  });

  it('the shares held at the close before a cash event: share events from data_ex on are left out', () => {
    const aplicacoes = [
      { data_ex: '2024-03-05', fator: '2', quantidade_antes: 100 },
      { data_ex: '2024-09-02', fator: '1.1', quantidade_antes: 200 },
    ];
    // Now 220 shares.
    expect(quantidadeNaVespera(220, aplicacoes, '2024-12-01')).toBe(220);
    expect(quantidadeNaVespera(220, aplicacoes, '2024-09-02')).toBe(200);
    expect(quantidadeNaVespera(220, aplicacoes, '2024-06-01')).toBe(200);
    expect(quantidadeNaVespera(220, aplicacoes, '2024-03-05')).toBe(100);
    expect(quantidadeNaVespera(220, [], '2024-03-05')).toBe(220);
  });

  it('dividends are paid gross, JCP net of its withholding by payment date, each to the cent', () => {
    expect(valoresDoProvento('dividendo', 300, '0.4567', '2026-03-02')).toEqual({
      valor_bruto: '137.01',
      valor_liquido: '137.01',
    });
    // Paid up to 2025-12-31: 15 %. 300 × 0.4567 = 137.01; withholding 20.5515 → 20.55; net 116.46.
    expect(valoresDoProvento('jcp', 300, '0.4567', '2025-12-31')).toEqual({
      valor_bruto: '137.01',
      valor_liquido: '116.46',
    });
    // Paid from 2026-01-01: 17.5 % (LC 224/2025). Withholding 23.97675 → 23.98; net 113.03.
    expect(valoresDoProvento('jcp', 300, '0.4567', '2026-01-01')).toEqual({
      valor_bruto: '137.01',
      valor_liquido: '113.03',
    });
    expect(valoresDoProvento('jcp', 1, '0', '2026-05-01')).toEqual({
      valor_bruto: '0.00',
      valor_liquido: '0.00',
    });
  });
});

describe('a share event as people say it', () => {
  it('splits 1:n, reverse splits n:1, bonuses in percent', () => {
    expect(proporcaoDoEvento('desdobramento', 2)).toBe('1:2');
    expect(proporcaoDoEvento('desdobramento', 1.5)).toBe('1:1,5');
    expect(proporcaoDoEvento('grupamento', 0.1)).toBe('10:1');
    expect(proporcaoDoEvento('grupamento', 0.3333333333)).toBe('3:1');
    expect(proporcaoDoEvento('bonificacao', 1.1)).toBe('10%');
    expect(proporcaoDoEvento('bonificacao', 1.025)).toBe('2,5%');
  });
});
