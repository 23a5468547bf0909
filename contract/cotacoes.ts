import { z } from 'zod';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';

export const MAX_TICKERS_COTACAO = 200;
export const TICKER_SA_INVALIDO = 'Use um ticker da B3 com o sufixo .SA (ex.: PETR4.SA).';

/** A B3 stock ticker with Yahoo's suffix: four characters, the share class digits, '.SA'. */
export const TickerSaSchema = z
  .string()
  .max(9, TICKER_SA_INVALIDO)
  .regex(/^[A-Z][A-Z0-9]{3}\d{1,2}\.SA$/, TICKER_SA_INVALIDO);

export const CotacoesRequestSchema = z.object({
  tickers: z
    .array(TickerSaSchema)
    .max(MAX_TICKERS_COTACAO, `No máximo ${MAX_TICKERS_COTACAO} tickers por consulta.`),
});
export type CotacoesRequest = z.infer<typeof CotacoesRequestSchema>;

/** Keyed by the ticker as sent; a ticker without a quote is left out. */
export const CotacoesResponseSchema = z.record(
  z.string(),
  z.object({
    preco_atual: z.number(),
    /** When the quote was made (the session's end for a stored close), where the provider tells. */
    cotado_em: z.iso.datetime().optional(),
  }),
);
export type CotacoesResponse = z.infer<typeof CotacoesResponseSchema>;

export const cotacoesEndpoints = {
  atuais: endpoint({
    method: 'POST',
    path: '/cotacoes-atuais/',
    tag: 'carteira',
    permissao: PERMISSOES.consulta,
    summary: 'Cotações atuais de tickers da B3 (com o sufixo .SA).',
    body: CotacoesRequestSchema,
    answers: { 200: CotacoesResponseSchema },
  }),
};
