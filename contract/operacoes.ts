import { z } from 'zod';
import {
  IdParams,
  IdSchema,
  IsoDateSchema,
  MAX_VALOR,
  MoneySchema,
  NoContentSchema,
  VALOR_MAXIMO,
  dataCampo,
  idCampo,
  idParam,
  quantidadePositiva,
  valorPositivo,
} from './common';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';
import { ApiErrorSchema } from './errors';
import { AjusteSchema } from './eventos';

export const OperacaoSchema = z.object({
  id: IdSchema,
  cliente: IdSchema,
  acao: IdSchema,
  acao_nome: z.string(),
  data_compra: IsoDateSchema.nullable(),
  preco_unitario: MoneySchema.nullable(),
  quantidade: z.number().int().nullable(),
  data_venda: IsoDateSchema.nullable(),
  preco_venda_unitario: MoneySchema.nullable(),
  valor_alvo: MoneySchema.nullable(),
  /**
   * The stop (issue 31): an alert when the quote reaches or falls below it. The server always sends it; optional
   * for the answers recorded before it existed (absent: null).
   */
  valor_stop: MoneySchema.nullable().optional(),
  valor_total_compra: MoneySchema.nullable(),
  valor_total_venda: MoneySchema.nullable(),
  dias_posicionado: z.number().int().nullable(),
  /**
   * Brokerage plus B3 fees of the purchase and of the sale, in R$ (issue 29). The server always sends them;
   * optional for the answers recorded before they existed (absent: 0).
   */
  custos_compra: MoneySchema.optional(),
  custos_venda: MoneySchema.optional(),
  /** The lote its MT5 buy, or its MT5 sale, was part of (issue 16). */
  lote_compra: z.uuid().nullable().optional(),
  lote_venda: z.uuid().nullable().optional(),
  /** The share events applied to it, oldest first (absent or null: none). */
  ajustes: z.array(AjusteSchema).nullish(),
});
export type Operacao = z.infer<typeof OperacaoSchema>;

export const DATA_VENDA_ANTES_DA_COMPRA = 'A data de venda não pode ser anterior à data de compra.';
export const PRECO_POSITIVO = 'Informe um valor maior que zero.';
export const QUANTIDADE_INVALIDA = 'Informe uma quantidade inteira maior que zero.';
export const CUSTO_INVALIDO = 'Informe os custos em reais, zero ou mais.';
export const CUSTO_CASAS = 'Use no máximo 2 casas decimais (centavos).';
// The API takes aaaa-mm-dd, the screens dd/mm/aaaa: the message names neither.
export const DATA_INVALIDA = 'Informe uma data válida.';

/** A price: empty is null; when present, positive. */
const preco = valorPositivo(PRECO_POSITIVO).nullable();

const quantidade = quantidadePositiva({
  invalido: QUANTIDADE_INVALIDA,
  inteiro: QUANTIDADE_INVALIDA,
  positivo: QUANTIDADE_INVALIDA,
}).nullable();

const data = dataCampo(DATA_INVALIDA).nullable();

// Cents as an integer, forgiving binary noise (0.1 + 0.2 has 2 places).
const hasTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** Costs in R$: zero or more, to the cent, within the money bounds (the column is numeric(18,2)). */
const custo = z
  .number(CUSTO_INVALIDO)
  .min(0, CUSTO_INVALIDO)
  .max(MAX_VALOR, VALOR_MAXIMO)
  .refine(hasTwoDecimals, CUSTO_CASAS);

/** The fields of POST and PATCH operacoes/: empty numeric and date values arrive as null and are accepted. */
const OperacaoFieldsSchema = z.object({
  cliente: idCampo(),
  acao: idCampo('Selecione a ação.'),
  data_compra: data.default(null),
  preco_unitario: preco.default(null),
  quantidade: quantidade.default(null),
  data_venda: data.default(null),
  preco_venda_unitario: preco.default(null),
  valor_alvo: preco.default(null),
  // Optional rather than defaulted, as the costs below: absent is null (no stop).
  valor_stop: preco.optional(),
  // Optional rather than defaulted, so the callers that build an input (the mocks, the lote's buy) need not
  // name them: absent is 0.
  custos_compra: custo.optional(),
  custos_venda: custo.optional(),
});

function vendaDepoisDaCompra(
  value: { data_compra?: string | null; data_venda?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.data_compra && value.data_venda && value.data_venda < value.data_compra) {
    ctx.addIssue({ code: 'custom', path: ['data_venda'], message: DATA_VENDA_ANTES_DA_COMPRA });
  }
}

export const OperacaoInputSchema = OperacaoFieldsSchema.superRefine(vendaDepoisDaCompra);
export type OperacaoInput = z.infer<typeof OperacaoInputSchema>;

/** PATCH: the same fields, each optional; the server checks the merged operation again. */
export const OperacaoPatchSchema = z
  .object({
    cliente: idCampo().optional(),
    acao: OperacaoFieldsSchema.shape.acao.optional(),
    data_compra: data.optional(),
    preco_unitario: preco.optional(),
    quantidade: quantidade.optional(),
    data_venda: data.optional(),
    preco_venda_unitario: preco.optional(),
    valor_alvo: preco.optional(),
    valor_stop: preco.optional(),
    custos_compra: custo.optional(),
    custos_venda: custo.optional(),
  })
  .superRefine(vendaDepoisDaCompra);
export type OperacaoPatch = z.infer<typeof OperacaoPatchSchema>;

export const OperacaoListQuerySchema = z.object({ cliente: idParam('Informe o cliente.') });

export const OperacaoListSchema = z.array(OperacaoSchema);

export const OPERACAO_NAO_ENCONTRADA = 'Operação não encontrada.';
const naoEncontrada = ApiErrorSchema.describe(OPERACAO_NAO_ENCONTRADA);

export const operacoesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/operacoes/',
    tag: 'carteira',
    permissao: PERMISSOES.consulta,
    summary:
      'Operações de um cliente (abertas e realizadas), da compra mais antiga à mais recente.',
    query: OperacaoListQuerySchema,
    answers: { 200: OperacaoListSchema, 404: ApiErrorSchema.describe('Cliente não encontrado.') },
  }),
  create: endpoint({
    method: 'POST',
    path: '/operacoes/',
    tag: 'carteira',
    permissao: PERMISSOES.operacoes,
    summary: 'Cria uma operação manual.',
    body: OperacaoInputSchema,
    answers: { 201: OperacaoSchema },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/operacoes/{id}/',
    tag: 'carteira',
    permissao: PERMISSOES.operacoes,
    summary: 'Altera uma operação (uma data de venda a torna realizada).',
    params: IdParams,
    body: OperacaoPatchSchema,
    answers: { 200: OperacaoSchema, 404: naoEncontrada },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/operacoes/{id}/',
    tag: 'carteira',
    permissao: PERMISSOES.operacoes,
    summary: 'Exclui uma operação.',
    params: IdParams,
    answers: { 204: NoContentSchema, 404: naoEncontrada },
  }),
};
