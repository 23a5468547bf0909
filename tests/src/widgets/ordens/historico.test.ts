import { describe, expect, it } from 'vitest';
import {
  acaoIncompleta,
  contagem,
  filtrosDe,
  nomeDoCliente,
  periodoInvertido,
  VAZIO,
} from '../../../../src/widgets/ordens/historico';

const campos = (extra: Partial<typeof VAZIO>) => ({ ...VAZIO, ...extra });

describe("the order history's state", () => {
  it('asks the server only what is complete: a ticker, whole dates, a period in order', () => {
    expect(filtrosDe(VAZIO, undefined)).toEqual({});
    expect(
      filtrosDe(
        campos({ cliente: '2', acao: ' petr4 ', estado: 'failed', de: '01/09/2025' }),
        undefined,
      ),
    ).toEqual({ cliente: 2, acao: 'PETR4', estado: 'failed', de: '2025-09-01' });
    expect(filtrosDe(campos({ acao: 'pet', de: '01/09/20' }), undefined)).toEqual({});
    expect(filtrosDe(campos({ de: '01/09/2025', ate: '01/08/2025' }), undefined)).toEqual({});
    expect(filtrosDe(campos({ de: '01/08/2025', ate: '01/08/2025' }), undefined)).toEqual({
      de: '2025-08-01',
      ate: '2025-08-01',
    });
  });

  it("fixes the portfolio's client whatever the form holds", () => {
    expect(filtrosDe(campos({ cliente: '2' }), 7)).toEqual({ cliente: 7 });
  });

  it('says a ticker being typed and a reversed period', () => {
    expect(acaoIncompleta(campos({ acao: 'pet' }))).toBe(true);
    expect(acaoIncompleta(campos({ acao: 'petr4' }))).toBe(false);
    expect(acaoIncompleta(VAZIO)).toBe(false);
    expect(periodoInvertido(campos({ de: '02/09/2025', ate: '01/09/2025' }))).toBe(true);
    expect(periodoInvertido(campos({ de: '01/09/2025', ate: '01/09/2025' }))).toBe(false);
    expect(periodoInvertido(campos({ de: '02/09/2025', ate: '01/09' }))).toBe(false);
  });

  it('counts the orders loaded, saying when the server has more', () => {
    expect(contagem(0, false, true)).toBe('Carregando...');
    expect(contagem(1, false, false)).toBe('1 ordem');
    expect(contagem(1234, true, false)).toBe('1.234 ordens (há mais)');
  });

  it("names the export after the portfolio's client, or the one filtered by", () => {
    const clientes = [
      { id: 1, nome: 'Ana' },
      { id: 2, nome: null },
    ];
    expect(nomeDoCliente(VAZIO, { nome: 'Bruno' }, clientes)).toBe('Bruno');
    expect(nomeDoCliente(campos({ cliente: '1' }), undefined, clientes)).toBe('Ana');
    expect(nomeDoCliente(campos({ cliente: '2' }), undefined, clientes)).toBeUndefined();
    expect(nomeDoCliente(VAZIO, undefined, clientes)).toBeUndefined();
  });
});
