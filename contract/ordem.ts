import { z } from 'zod';
import { TICKER_B3, quantidadePositiva, texto, valorPositivo } from './common';

/** What an order is made of, for every order form (the single orders, the lotes) and the history. */

/** The side of an order: the specification's words, in the SPA, the server, the database and the mocks. */
export const LadoSchema = z.enum(['compra', 'venda']);
export type Lado = z.infer<typeof LadoSchema>;

export const ExecucaoSchema = z.enum(['mercado', 'limite']);
export type Execucao = z.infer<typeof ExecucaoSchema>;
export const ModoSchema = z.enum(['quantidade', 'valor']);
export type Modo = z.infer<typeof ModoSchema>;

const TICKER_INVALIDO = 'Informe um ticker da B3, como PETR4.';
/** A stock as the order routes and the history take it: B3's ticker rule (contract/common.ts). */
const ticker = texto(6, TICKER_INVALIDO).toUpperCase().regex(TICKER_B3, TICKER_INVALIDO);
const positive = (label: string) =>
  valorPositivo(
    `Informe ${label}.`,
    `${label[0]!.toUpperCase()}${label.slice(1)} deve ser maior que zero.`,
  );
const quantidade = quantidadePositiva({
  inteiro: 'A quantidade deve ser um número inteiro.',
  positivo: 'A quantidade deve ser maior que zero.',
});

/** The limit price exists only for limit orders: required there, refused for market orders. */
function checkPrice(
  value: { execucao: Execucao; preco?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.execucao === 'limite' && value.preco === undefined) {
    ctx.addIssue({ code: 'custom', path: ['preco'], message: 'Informe o preço limite.' });
  }
  if (value.execucao === 'mercado' && value.preco !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['preco'], message: 'Ordens a mercado não levam preço.' });
  }
}

export {
  ticker as TickerSchema,
  positive as valorDaOrdem,
  quantidade as QuantidadeOrdemSchema,
  checkPrice,
};
