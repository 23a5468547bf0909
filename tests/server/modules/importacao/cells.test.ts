import { describe, expect, it } from 'vitest';
import { normalizeLabel, parseNumber } from '../../../../server/modules/importacao/cells';
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
