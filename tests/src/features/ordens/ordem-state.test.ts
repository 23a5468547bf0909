import { describe, expect, it } from 'vitest';
import type { OrdemDetalhe, OrderStatus } from '../../../../contract';
import { acoesDaOrdem, erroDaOrdem } from '../../../../src/features/ordens/ordem-state';
import { ApiRequestError } from '../../../../src/lib/api';

const perna = (estado: OrdemDetalhe['legs'][number]['estado']) =>
  ({ symbol: 'PETR4', estado }) as OrdemDetalhe['legs'][number];
const ordem = (extra: Partial<OrdemDetalhe>) =>
  ({ estado: 'sent', aviso: null, legs: [perna('placed')], ...extra }) as OrdemDetalhe;
const status = (extra: Partial<OrderStatus>) =>
  ({ executed_all: false, finished: false, ...extra }) as OrderStatus;

describe("the order page's actions", () => {
  it('offers Cancelar ordem while a leg rests at the terminal, Resolver while one is in doubt', () => {
    expect(acoesDaOrdem(ordem({}), undefined)).toEqual({
      aberta: true,
      cancelavel: true,
      resolvivel: false,
    });
    expect(acoesDaOrdem(ordem({ legs: [perna('partial')] }), status({})).cancelavel).toBe(true);
    expect(
      acoesDaOrdem(ordem({ legs: [perna('unknown')], aviso: 'Situação desconhecida.' }), undefined),
    ).toEqual({ aberta: true, cancelavel: false, resolvivel: true });
  });

  it('offers nothing once the order ended, stored so or said by its last status', () => {
    const nada = { aberta: false, cancelavel: false, resolvivel: false };
    expect(acoesDaOrdem(ordem({ estado: 'failed' }), undefined)).toEqual(nada);
    expect(acoesDaOrdem(ordem({ aviso: 'x' }), status({ finished: true }))).toEqual(nada);
    expect(acoesDaOrdem(ordem({}), status({ executed_all: true }))).toEqual(nada);
  });

  it('says a missing order is missing, and any other failure in its own words', () => {
    expect(erroDaOrdem(new ApiRequestError(404, 'Not Found'))).toBe('Ordem não encontrada.');
    expect(erroDaOrdem(new Error('Sem resposta do servidor.'))).toBe('Sem resposta do servidor.');
    expect(erroDaOrdem(null)).toBe('Erro ao carregar.');
  });
});
