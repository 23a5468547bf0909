import { describe, expect, it } from 'vitest';
import { planRebalance } from '../../../shared/rebalanceamento';
import { cliente, clienteA, posicao } from './fixtures';

const completo = { modo: 'completo' } as const;

describe('clients left out, each with its reason', () => {
  it('no model', () => {
    expect(planRebalance(clienteA({ modelo: null }), completo)).toEqual({
      cliente: 'a',
      nome: 'Cliente A',
      valor_total: 28000,
      desvios: [],
      ordens: [],
      caixa_depois: 10000,
      excluido: true,
      motivo: 'O cliente não segue nenhum modelo.',
      avisos: [],
    });
  });

  it('MT5 not online: its drifts are still shown, no order', () => {
    const plano = planRebalance(clienteA({ mt5Online: false }), completo);
    expect(plano).toMatchObject({
      excluido: true,
      ordens: [],
      caixa_depois: 10000,
      motivo: 'O terminal MT5 do cliente não está online.',
    });
    expect(plano.desvios).toHaveLength(3);
  });

  it('an operation whose outcome is unknown', () => {
    expect(planRebalance(clienteA({ resultadoDesconhecido: true }), completo).motivo).toBe(
      'O cliente tem ordem com resultado ainda desconhecido no terminal MT5.',
    );
  });

  it('an order in flight for a ticker involved (the model’s or a held one, fractional symbol too)', () => {
    expect(planRebalance(clienteA({ ordensEmVoo: ['ITUB4F'] }), completo).motivo).toBe(
      'O cliente tem ordem em andamento de ITUB4.',
    );
    const foraDoModelo = clienteA({
      posicoes: [...clienteA().posicoes, posicao('BBAS3', 10, '20.00')],
      ordensEmVoo: ['VALE3', 'BBAS3', 'PETR4'],
    });
    expect(planRebalance(foraDoModelo, completo).motivo).toBe(
      'O cliente tem ordens em andamento de BBAS3, PETR4 e VALE3.',
    );
    // A ticker the plan does not weigh does not stop it.
    expect(planRebalance(clienteA({ ordensEmVoo: ['WEGE3'] }), completo).excluido).toBe(false);
  });

  it('valor disponível unknown, a quote missing, nothing to rebalance', () => {
    expect(planRebalance(clienteA({ caixa: null }), completo)).toMatchObject({
      valor_total: null,
      caixa_depois: null,
      motivo: 'Valor disponível desconhecido: importe o patrimônio do cliente.',
    });
    expect(planRebalance(clienteA({ precos: {} }), completo).motivo).toBe('Sem cotação de ITUB4.');
    expect(planRebalance(cliente({ caixa: 0 }), completo).motivo).toBe(
      'O cliente não tem patrimônio para rebalancear.',
    );
  });

  it('nothing to do: a portfolio on its model', () => {
    const noModelo = cliente({
      caixa: '1000.00',
      posicoes: [
        posicao('PETR4', 75, '40.00'),
        posicao('VALE3', 50, '60.00'),
        posicao('ITUB4', 100, '30.00'),
      ],
    });
    expect(planRebalance(noModelo, completo)).toMatchObject({
      valor_total: 10000,
      excluido: true,
      ordens: [],
      caixa_depois: 1000,
      motivo: 'Nada a fazer: nenhuma ordem chega ao valor mínimo de R$ 100,00.',
    });
  });
});
