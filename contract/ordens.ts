import { z } from 'zod';
import {
  IdParam,
  IdParams,
  MAX_QUANTIDADE,
  MoneySchema,
  QUANTIDADE_MAXIMA,
  texto,
  uuidParam,
} from './common';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';
import { ApiErrorSchema } from './errors';
import { HistoricoOrdensSchema, HistoricoQuerySchema, OrdemDetalheSchema } from './historico';
import {
  ExecucaoSchema,
  ModoSchema,
  QuantidadeOrdemSchema as quantidade,
  TickerSchema as ticker,
  checkPrice,
  valorDaOrdem as positive,
} from './ordem';

export const CompraValidarRequestSchema = z
  .object({
    ticker,
    modo: ModoSchema,
    execucao: ExecucaoSchema,
    tp: positive('o alvo'),
    preco: positive('o preço limite').optional(),
    quantidade: quantidade.optional(),
    valor: positive('o valor').optional(),
  })
  .superRefine((value, ctx) => {
    checkPrice(value, ctx);
    if (value.modo === 'quantidade' && value.quantidade === undefined) {
      ctx.addIssue({ code: 'custom', path: ['quantidade'], message: 'Informe a quantidade.' });
    }
    if (value.modo === 'valor' && value.valor === undefined) {
      ctx.addIssue({ code: 'custom', path: ['valor'], message: 'Informe o valor.' });
    }
    // The quantity is valor ÷ price: a tiny limit price would make it too large to be a whole number of shares.
    if (
      value.modo === 'valor' &&
      value.valor !== undefined &&
      value.preco !== undefined &&
      value.valor / value.preco > MAX_QUANTIDADE
    ) {
      ctx.addIssue({ code: 'custom', path: ['valor'], message: QUANTIDADE_MAXIMA });
    }
  });
export type CompraValidarRequest = z.infer<typeof CompraValidarRequestSchema>;

export const CompraRequestSchema = z
  .object({
    ticker_base: ticker,
    execucao: ExecucaoSchema,
    tp: positive('o alvo'),
    preco: positive('o preço limite').optional(),
    legs: z
      .array(
        z.object({
          symbol: texto(16).toUpperCase().min(1, 'Informe o símbolo.'),
          quantidade,
        }),
      )
      .min(1, 'Informe ao menos uma perna.')
      .max(2, 'Uma ordem tem no máximo duas pernas (lote padrão e fracionário).'),
    /** The operator saw that a buy of this stock is already in flight for the client and sends another anyway. */
    confirmar_compra_em_voo: z.boolean().optional(),
  })
  .superRefine(checkPrice);
export type CompraRequest = z.infer<typeof CompraRequestSchema>;

export const VendaRequestSchema = z
  .object({
    execucao: ExecucaoSchema,
    preco: positive('o preço limite').optional(),
    /**
     * How many of the operation's shares to sell (issue 34): absent, all of them. Above what the operation holds is
     * a 400 from the server, which alone knows it.
     */
    quantidade: quantidade.optional(),
    /** The operator saw that the terminal holds fewer shares than the sale and sends it anyway. */
    confirmar_acima_do_terminal: z.boolean().optional(),
  })
  .superRefine(checkPrice);
export type VendaRequest = z.infer<typeof VendaRequestSchema>;

export const GroupIdResponseSchema = z.object({ group_id: z.uuid() });
export type GroupIdResponse = z.infer<typeof GroupIdResponseSchema>;

export const LegSchema = z.object({
  symbol: z.string(),
  quantidade: z.number().int(),
});
export type Leg = z.infer<typeof LegSchema>;

export const ValidacaoLegSchema = z.object({
  symbol: z.string(),
  ok: z.boolean(),
  motivo: z.string().nullable(),
});
export type ValidacaoLeg = z.infer<typeof ValidacaoLegSchema>;

/**
 * A buy of the same client and stock still in flight (stored or sent, not ended): its shares, and the money it
 * takes that the portfolio does not show yet (the filled shares at their price, the rest at the limit price, or at
 * the terminal's ask for a market order); null when that price is not known.
 */
export const CompraEmVooSchema = z.object({
  group_id: z.uuid(),
  quantidade: z.number().int(),
  valor: MoneySchema.nullable(),
});
export type CompraEmVoo = z.infer<typeof CompraEmVooSchema>;

export const BuyValidationResultSchema = z.object({
  legs_sugeridas: z.array(LegSchema),
  validacoes: z.array(ValidacaoLegSchema),
  /** Buys of this stock already in flight for the client: sending another asks for confirmar_compra_em_voo. */
  compras_em_voo: z.array(CompraEmVooSchema),
  /** What the operator must know before sending (a buy of the stock in flight), in Portuguese; null when nothing. */
  aviso: z.string().nullable(),
});
export type BuyValidationResult = z.infer<typeof BuyValidationResultSchema>;

export const OrderStatusSchema = z.object({
  group_id: z.string(),
  executed_all: z.boolean(),
  finished: z.boolean().optional(),
  erro: z.string().nullable().optional(),
  /** Said while a leg's outcome is unknown: the order is neither done nor refused. */
  aviso: z.string().nullable().optional(),
  summary: z.array(
    z.object({
      symbol: z.string(),
      executada: z.boolean(),
      volume: z.number().int(),
      volume_exec: z.number().int(),
    }),
  ),
});
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** A retried or double-clicked submit carries the same key and answers the first order. */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': texto(200).min(1).optional(),
});

const GroupParams = z.object({ id: IdParam, group_id: uuidParam });
const GroupIdParams = z.object({ group_id: uuidParam });

export const ResolverOrdemRequestSchema = z.object({
  motivo: texto(500).min(5, 'Diga por que a ordem está sendo resolvida (ao menos 5 caracteres).'),
});
export type ResolverOrdemRequest = z.infer<typeof ResolverOrdemRequestSchema>;
const VendaParams = z.object({ id: IdParam, operation_id: IdParam });

const clienteNaoEncontrado = ApiErrorSchema.describe('Cliente (ou operação) não encontrado.');
const agenteIndisponivel = ApiErrorSchema.describe(
  'O agente MT5 na VM do cliente não respondeu: nada foi enviado.',
);
const ordemNaoEncontrada = ApiErrorSchema.describe('Ordem não encontrada para este cliente.');

export const ordensEndpoints = {
  validateCompra: endpoint({
    method: 'POST',
    path: '/clientes/{id}/mt5/compra/validar/',
    tag: 'mt5',
    permissao: PERMISSOES.ordensMt5,
    summary: 'Pernas sugeridas de uma compra e a validação de cada uma no terminal do cliente.',
    params: IdParams,
    body: CompraValidarRequestSchema,
    answers: { 200: BuyValidationResultSchema, 404: clienteNaoEncontrado, 502: agenteIndisponivel },
  }),
  sendCompra: endpoint({
    method: 'POST',
    path: '/clientes/{id}/mt5/compra/',
    tag: 'mt5',
    permissao: PERMISSOES.ordensMt5,
    summary:
      'Envia uma compra ao terminal MT5 do cliente (Idempotency-Key evita ordens duplicadas).',
    params: IdParams,
    headers: IdempotencyHeadersSchema,
    body: CompraRequestSchema,
    answers: {
      200: GroupIdResponseSchema,
      404: clienteNaoEncontrado,
      409: ApiErrorSchema.describe(
        'Já há uma compra desta ação em andamento para o cliente (envie confirmar_compra_em_voo para comprar ' +
          'assim mesmo).',
      ),
      422: ApiErrorSchema.describe('A Idempotency-Key já foi usada com outra ordem.'),
      502: agenteIndisponivel,
    },
  }),
  compraStatus: endpoint({
    method: 'GET',
    path: '/clientes/{id}/mt5/compra-status/{group_id}/',
    tag: 'mt5',
    permissao: PERMISSOES.consulta,
    summary: 'Situação de uma compra.',
    params: GroupParams,
    answers: { 200: OrderStatusSchema, 404: ordemNaoEncontrada },
  }),
  sendVenda: endpoint({
    method: 'POST',
    path: '/clientes/{id}/mt5/venda/{operation_id}/',
    tag: 'mt5',
    permissao: PERMISSOES.ordensMt5,
    summary:
      'Vende a quantidade pedida (padrão: toda) de uma operação aberta pelo terminal MT5 do cliente; o resto fica aberto.',
    params: VendaParams,
    headers: IdempotencyHeadersSchema,
    body: VendaRequestSchema,
    answers: {
      200: GroupIdResponseSchema,
      404: clienteNaoEncontrado,
      409: ApiErrorSchema.describe(
        'A operação já foi vendida, tem uma venda em andamento, ou o terminal tem menos ações que a venda ' +
          '(envie confirmar_acima_do_terminal para vender assim mesmo).',
      ),
      422: ApiErrorSchema.describe('A Idempotency-Key já foi usada com outra ordem.'),
      502: agenteIndisponivel,
    },
  }),
  resolve: endpoint({
    method: 'POST',
    path: '/ordens/{group_id}/resolver/',
    tag: 'mt5',
    permissao: PERMISSOES.resolucao,
    summary:
      'Encerra uma ordem cujo resultado não pode ser conhecido, com o motivo; nada é aplicado à carteira.',
    params: GroupIdParams,
    body: ResolverOrdemRequestSchema,
    answers: {
      200: OrderStatusSchema,
      404: ApiErrorSchema.describe('Ordem não encontrada.'),
      409: ApiErrorSchema.describe('A ordem já terminou.'),
    },
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/ordens/{group_id}/cancelar/',
    tag: 'mt5',
    permissao: PERMISSOES.cancelamento,
    summary:
      'Pede ao terminal que cancele o que a ordem ainda tem em aberto (ordem limitada); acompanhe pelo status.',
    params: GroupIdParams,
    answers: {
      200: OrderStatusSchema,
      404: ApiErrorSchema.describe('Ordem não encontrada.'),
      409: ApiErrorSchema.describe(
        'A ordem já terminou, ou nenhuma perna está aberta no terminal.',
      ),
      502: ApiErrorSchema.describe('O agente MT5 na VM do cliente não respondeu.'),
    },
  }),
  vendaStatus: endpoint({
    method: 'GET',
    path: '/clientes/{id}/mt5/venda-status/{group_id}/',
    tag: 'mt5',
    permissao: PERMISSOES.consulta,
    summary: 'Situação de uma venda.',
    params: GroupParams,
    answers: { 200: OrderStatusSchema, 404: ordemNaoEncontrada },
  }),
  list: endpoint({
    method: 'GET',
    path: '/ordens/',
    tag: 'mt5',
    permissao: PERMISSOES.consulta,
    summary:
      'Histórico de ordens (compras e vendas, avulsas ou em lote), da mais recente à mais antiga, paginado por cursor.',
    query: HistoricoQuerySchema,
    answers: { 200: HistoricoOrdensSchema },
  }),
  detail: endpoint({
    method: 'GET',
    path: '/ordens/{group_id}/',
    tag: 'mt5',
    permissao: PERMISSOES.consulta,
    summary: 'Uma ordem com suas pernas e a linha do tempo registrada na auditoria.',
    params: GroupIdParams,
    answers: { 200: OrdemDetalheSchema, 404: ApiErrorSchema.describe('Ordem não encontrada.') },
  }),
};
