import { describe, expect, it } from 'vitest';
import {
  normalizeLabel,
  parseNumber,
  roundDecimal,
} from '../../../../server/modules/importacao/cells';
import { mapHeader } from '../../../../server/modules/importacao/columns';

describe('parseNumber', () => {
  it.each([
    [1234.56, '1234.56'],
    ['1.234,56', '1234.56'],
    ['R$ 1.234,56', '1234.56'],
    ['R$\u00a01.234.567,891', '1234567.891'],
    ['-1.234,56', '-1234.56'],
    ['R$ -10,00', '-10'],
    ['(1.234,56)', '-1234.56'],
    ['1234,5', '1234.5'],
    ['1.234', '1234'],
    ['1234.56', '1234.56'],
    ['0,1', '0.1'],
    [' 42 ', '42'],
    ['-', '0'],
  ])('reads %j as %s', (input, expected) => {
    expect(parseNumber(input)?.toString()).toBe(expected);
  });

  it.each(['abc', '1,2,3', '12a', '', 'R$', '1.23.4', true, null, Number.NaN])(
    'refuses %j',
    (input) => {
      expect(parseNumber(input as string)).toBeNull();
    },
  );

  it.each([
    [0.1 + 0.2, '0.30000000000000004'],
    [1e21, '1000000000000000000000'],
    [1.5e-7, '0.00000015'],
    [-0, '0'],
    ['-0,00', '0'],
    ['007,50', '7.5'],
  ])('keeps %j exact as %s', (input, expected) => {
    expect(parseNumber(input)).toBe(expected);
  });
});

describe('roundDecimal', () => {
  it.each([
    ['1234.56', 2, '1234.56'],
    ['7', 2, '7.00'],
    ['2.675', 2, '2.68'],
    ['-2.675', 2, '-2.68'],
    ['2.674999', 2, '2.67'],
    ['9.995', 2, '10.00'],
    ['-999.99995', 4, '-1000.0000'],
    ['0.30000000000000004', 2, '0.30'],
    ['-0.001', 2, '0.00'],
    ['0.00005', 4, '0.0001'],
    ['12.3456', 4, '12.3456'],
  ])('rounds %s to %i places as %s (half away from zero)', (text, scale, expected) => {
    expect(roundDecimal(text, scale)).toBe(expected);
  });
});

describe('header matching', () => {
  it('ignores case, accents, punctuation, units and spacing', () => {
    expect(normalizeLabel('  Patrimônio   Total (R$) ')).toBe('patrimonio total');
    expect(normalizeLabel('CÓDIGO DO\nCLIENTE')).toBe('codigo do cliente');
    expect(normalizeLabel('Qtd.')).toBe('qtd');
  });

  it('maps custody synonyms and leaves unknown columns alone', () => {
    expect(
      mapHeader('custodia', [
        'Conta',
        'Observação',
        'Código do Ativo',
        'QTDE',
        'Custo médio',
        'Financeiro',
      ]),
    ).toEqual({ codigo: 0, ativo: 2, quantidade: 3, preco_medio: 4, valor: 5 });
  });
});
