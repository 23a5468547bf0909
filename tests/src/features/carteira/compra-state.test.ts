import { describe, expect, it } from 'vitest';
import type { BuyValidationResult, RecomendacaoDisponivel } from '../../../../contract';
import {
  compraBody,
  compraInicial,
  compraReducer,
  estimativaDaCompra,
  pedidoDeValidacao,
  situacaoDaCompra,
  type CompraState,
  type Valores,
} from '../../../../src/features/carteira/ordens/compra-state';

const valores: Valores = {
  ticker: ' petr4 ',
  modo: 'quantidade',
  execucao: 'mercado',
  tp: 45,
  quantidade: 250,
};
const resultado = (ok = true, aviso: string | null = null): BuyValidationResult => ({
  legs_sugeridas: [
    { symbol: 'PETR4', quantidade: 200 },
    { symbol: 'PETR4F', quantidade: 50 },
  ],
  validacoes: [
    { symbol: 'PETR4', ok: true, motivo: null },
    { symbol: 'PETR4F', ok, motivo: ok ? null : 'Sem saldo.' },
  ],
  compras_em_voo: [],
  aviso,
});
const validado = (result = resultado(), v = valores): CompraState =>
  compraReducer(compraInicial, { type: 'validated', pedido: pedidoDeValidacao(v), result });

describe("the buy dialog's state", () => {
  it('asks Validar for the quantity or the value as the entry mode says, the price only for limite', () => {
    expect(pedidoDeValidacao({ ...valores, valor: 10, preco: 30 })).toEqual({
      ticker: 'PETR4',
      modo: 'quantidade',
      execucao: 'mercado',
      tp: 45,
      quantidade: 250,
    });
    expect(
      pedidoDeValidacao({ ...valores, modo: 'valor', valor: 5000, execucao: 'limite', preco: 30 }),
    ).toEqual({
      ticker: 'PETR4',
      modo: 'valor',
      execucao: 'limite',
      tp: 45,
      preco: 30,
      valor: 5000,
    });
  });

  it('lets Enviar send only what was validated, every leg passing', () => {
    expect(situacaoDaCompra(compraInicial, valores).podeEnviar).toBe(false);
    expect(situacaoDaCompra(validado(), valores)).toMatchObject({
      atual: true,
      podeEnviar: true,
      mustValidateAgain: false,
    });
    expect(situacaoDaCompra(validado(resultado(false)), valores).podeEnviar).toBe(false);
    // A field changed since, or a leg edited: Validar again.
    expect(situacaoDaCompra(validado(), { ...valores, tp: 46 })).toMatchObject({
      podeEnviar: false,
      mustValidateAgain: true,
    });
    const editado = compraReducer(validado(), { type: 'legEdited', index: 1, quantidade: 30 });
    expect(editado.legs[1]).toEqual({ symbol: 'PETR4F', quantidade: 30 });
    expect(situacaoDaCompra(editado, valores).mustValidateAgain).toBe(true);
  });

  it('waits for the confirmation of a buy of the stock already in flight, and sends it', () => {
    const emVoo = validado(resultado(true, 'Já há uma compra de PETR4 em andamento.'));
    expect(situacaoDaCompra(emVoo, valores)).toMatchObject({ emVoo: true, podeEnviar: false });
    const confirmado = compraReducer(emVoo, { type: 'confirmed', confirmado: true });
    const situacao = situacaoDaCompra(confirmado, valores);
    expect(situacao.podeEnviar).toBe(true);
    expect(
      compraBody({ ...valores, ticker: 'PETR4' } as never, confirmado, situacao),
    ).toMatchObject({ confirmar_compra_em_voo: true });
    // Validar again asks the confirmation again.
    expect(
      compraReducer(confirmado, {
        type: 'validated',
        pedido: pedidoDeValidacao(valores),
        result: resultado(),
      }).confirmaEmVoo,
    ).toBe(false);
  });

  it('sends the legs left with shares, the price only for limite', () => {
    const state = compraReducer(validado(), { type: 'legEdited', index: 1, quantidade: 0 });
    const v = { ...valores, ticker: 'PETR4', execucao: 'limite', preco: 38.5 } as const;
    expect(compraBody(v as never, state, situacaoDaCompra(state, v))).toEqual({
      ticker_base: 'PETR4',
      execucao: 'limite',
      tp: 45,
      preco: 38.5,
      legs: [{ symbol: 'PETR4', quantidade: 200 }],
    });
  });

  it('picking a recommendation starts over, and prices the estimate until the quote arrives', () => {
    const rec = {
      ticker: 'WEGE3',
      preco_compra: 38.5,
      alvo_sugerido: 41,
    } as RecomendacaoDisponivel;
    const state = compraReducer(validado(), { type: 'picked', rec });
    expect(state).toEqual({ ...compraInicial, picked: rec });
    const v: Valores = {
      ticker: 'WEGE3',
      modo: 'quantidade',
      execucao: 'mercado',
      quantidade: 100,
    };
    expect(estimativaDaCompra(state, v, undefined)).toEqual({
      preco: 38.5,
      quantidade: 100,
      total: 3850,
    });
    expect(estimativaDaCompra(state, v, 40).total).toBe(4000);
    // A limit order costs its limit price; legs, once there, are the quantity.
    expect(
      estimativaDaCompra(validado(), { ...valores, execucao: 'limite', preco: 30.5 }, 40),
    ).toEqual({ preco: 30.5, quantidade: 250, total: 7625 });
    // By value: the whole shares the value buys at the price.
    expect(
      estimativaDaCompra(
        compraInicial,
        { ...v, modo: 'valor', valor: 1000, quantidade: undefined },
        40,
      ),
    ).toMatchObject({ quantidade: 25, total: 1000 });
  });
});
