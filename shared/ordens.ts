import type { Ordem } from '../contract';
import { formatInteger, formatMoney } from './format';

/** '1 ação', '1.200 ações'. */
export const acoes = (n: number) => `${formatInteger(n)} ${n === 1 ? 'ação' : 'ações'}`;

/**
 * How an order's timeline says it was registered (GET /ordens/{group_id}/): side, shares, legs, price and target;
 * `acimaDoTerminal` is what the terminal held when the operator confirmed a sale above it. The server's detail and
 * the mocks' say it alike.
 */
export function descricaoDaOrdem(
  ordem: Pick<Ordem, 'lado' | 'acao' | 'execucao' | 'preco' | 'tp' | 'legs'>,
  acimaDoTerminal?: number,
): string {
  const brl = (value: number) => formatMoney(value, 4);
  const total = ordem.legs.reduce((sum, l) => sum + l.volume, 0);
  const pernas = ordem.legs.map((l) => `${l.symbol} ${formatInteger(l.volume)}`);
  const preco =
    ordem.execucao === 'limite' && ordem.preco !== null
      ? `limitada a ${brl(ordem.preco)}`
      : 'a mercado';
  const alvo = ordem.lado === 'compra' && ordem.tp !== null ? `, alvo ${brl(ordem.tp)}` : '';
  const lado = ordem.lado === 'compra' ? 'Compra' : 'Venda';
  const texto = `${lado} de ${acoes(total)} de ${ordem.acao} (${pernas.join('; ')}), ${preco}${alvo}.`;
  return acimaDoTerminal === undefined
    ? texto
    : `${texto} Confirmada acima da posição do terminal (o terminal tinha ${acoes(acimaDoTerminal)}).`;
}
