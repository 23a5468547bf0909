import { describe, expect, it } from 'vitest';
import type { DarfIr, MesIr } from '../../../../contract';
import {
  anoMostrado,
  anosParaEscolher,
  camposDoDarf,
  irSearch,
  mesAbreviado,
  mesAnterior,
  mesCurto,
  mesesPagos,
  mesPorExtenso,
  situacaoDoDarf,
  totaisDoAno,
  valorSicalc,
} from '../../../../src/widgets/ir/ir-state';

describe('the IR screens’ words and rules (src/widgets/ir/ir-state.ts)', () => {
  it('writes a month as the grids, the headings and Sicalc do', () => {
    expect(mesCurto('2026-03')).toBe('03/2026');
    expect(mesPorExtenso('2026-03')).toBe('Março de 2026');
    expect(mesAbreviado('2026-12')).toBe('Dez/2026');
    expect(mesAnterior('2026-03')).toBe('2026-02');
    expect(mesAnterior('2026-01')).toBe('2025-12');
  });

  it('offers this year and the nine before, and an older year asked for', () => {
    expect(anosParaEscolher('2026-11-26', 2026)).toEqual([
      2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017,
    ]);
    expect(anosParaEscolher('2026-11-26', 2010).at(-1)).toBe(2010);
  });

  it('reads the tab’s address: a month sets the year, anything malformed is dropped', () => {
    expect(irSearch({ ano: '2025', mes: '2026-03' })).toEqual({ ano: 2025, mes: '2026-03' });
    expect(irSearch({ ano: 'x', mes: '2026-13' })).toEqual({});
    expect(irSearch({ ano: 1999 })).toEqual({});
    expect(anoMostrado({ ano: 2025, mes: '2026-03' }, '2027-01-10')).toBe(2026);
    expect(anoMostrado({ ano: 2025 }, '2027-01-10')).toBe(2025);
    expect(anoMostrado({}, '2027-01-10')).toBe(2027);
  });

  it('copies the value as Sicalc takes it: a comma and the cents, no thousands separator', () => {
    expect(valorSicalc(38)).toBe('38,00');
    expect(valorSicalc(1234.5)).toBe('1234,50');
    expect(valorSicalc(1234567.89)).toBe('1234567,89');
  });

  it('lists the DARF’s fields in Sicalc’s order, each shown and copied', () => {
    const darf: DarfIr = {
      cliente: { id: 1, nome: 'Ana Souza', documento: '123.456.789-09' },
      codigo_receita: '6015',
      periodo_apuracao: '2026-03-31',
      vencimento: '2026-04-30',
      valor_principal: 1373.5,
      meses: ['2026-03'],
    };
    expect(camposDoDarf(darf)).toEqual([
      { campo: 'Código da receita', mostrado: '6015', copiado: '6015' },
      { campo: 'Período de apuração', mostrado: '31/03/2026', copiado: '31/03/2026' },
      { campo: 'Vencimento', mostrado: '30/04/2026', copiado: '30/04/2026' },
      { campo: 'Valor principal', mostrado: 'R$ 1.373,50', copiado: '1373,50' },
      { campo: 'CPF/CNPJ', mostrado: '123.456.789-09', copiado: '12345678909' },
      { campo: 'Nome', mostrado: 'Ana Souza', copiado: 'Ana Souza' },
    ]);
    const semCadastro = camposDoDarf({ ...darf, cliente: { id: 1, nome: null, documento: null } });
    expect(semCadastro.slice(4)).toEqual([
      { campo: 'CPF/CNPJ', mostrado: '—', copiado: null },
      { campo: 'Nome', mostrado: '—', copiado: null },
    ]);
  });

  it('says which months a DARF pays only when it pays more than its own', () => {
    expect(mesesPagos(['2026-03'])).toBeNull();
    expect(mesesPagos(['2026-01', '2026-02'])).toBe('Paga 01/2026 e 02/2026.');
    expect(mesesPagos(['2025-11', '2025-12', '2026-01'])).toBe('Paga 11/2025, 12/2025 e 01/2026.');
  });

  it('says why a month has no DARF', () => {
    expect(situacaoDoDarf({ mes: '2026-03', situacao: 'a_pagar', imposto_a_pagar: 38 })).toBeNull();
    expect(situacaoDoDarf({ mes: '2026-04', situacao: 'sem_imposto', imposto_a_pagar: 0 })).toBe(
      'Sem imposto a pagar em 04/2026: não há DARF.',
    );
    expect(situacaoDoDarf({ mes: '2026-01', situacao: 'abaixo_de_10', imposto_a_pagar: 6 })).toBe(
      'Imposto de R$ 6,00 abaixo de R$ 10,00: não há DARF em 01/2026; o valor soma-se ao dos meses ' +
        'seguintes até chegar a R$ 10,00.',
    );
  });

  it('sums the year to the cent', () => {
    const mes = (imposto: number, darf: number, situacao: MesIr['situacao']) =>
      ({ imposto, irrf: 0.1, darf_valor: darf, situacao }) as MesIr;
    expect(
      totaisDoAno([
        mes(0.1, 0, 'abaixo_de_10'),
        mes(0.2, 10.3, 'a_pagar'),
        mes(0, 0, 'sem_imposto'),
      ]),
    ).toEqual({ imposto: 0.3, irrf: 0.3, darf: 10.3, darfs: 1 });
  });
});
