import { z } from 'zod';
import {
  IdParam,
  IdParams,
  IdSchema,
  MAX_QUANTIDADE,
  MoneySchema,
  dataCampo,
  idParam,
  QUANTIDADE_MAXIMA,
  TICKER_B3,
  quantidadePositiva,
  texto,
  uuidParam,
  valorPositivo,
} from './common';
import { endpoint } from './endpoint';
import { ApiErrorSchema } from './errors';

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

/** An order group's state: stored, sent, applied to the portfolio, ended without (all of) it, closed by a person. */
export const EstadoOrdemSchema = z.enum(['pending', 'sent', 'completed', 'failed', 'resolved']);
export type EstadoOrdem = z.infer<typeof EstadoOrdemSchema>;

/** A leg's state at the terminal (MT5's words); `unknown`: its outcome is in doubt, never a refusal. */
export const EstadoPernaSchema = z.enum([
  'pending',
  'placed',
  'partial',
  'filled',
  'canceled',
  'rejected',
  'expired',
  'unknown',
]);
export type EstadoPerna = z.infer<typeof EstadoPernaSchema>;

export const PernaOrdemSchema = z.object({
  symbol: z.string(),
  volume: z.number().int(),
  volume_exec: z.number().int(),
  preco_medio: MoneySchema.nullable(),
  estado: EstadoPernaSchema,
  retcode: z.number().int().nullable(),
  retcode_desc: z.string().nullable(),
  ticket: z.number().int().nullable(),
  /** The broker's own words (B3's reason for a rejection) and its code, as the terminal passed them on. */
  broker_comment: z.string().nullable(),
  retcode_external: z.number().int().nullable(),
  /** Why the leg's outcome is unknown. */
  problema: z.string().nullable(),
});
export type PernaOrdem = z.infer<typeof PernaOrdemSchema>;

/** One order group as the history shows it. */
export const OrdemSchema = z.object({
  group_id: z.uuid(),
  /** The bulk order (lote) it was sent in; null for a single order. */
  lote_id: z.uuid().nullable(),
  cliente: IdSchema,
  nome: z.string(),
  acao: z.string(),
  lado: LadoSchema,
  execucao: ExecucaoSchema,
  preco: MoneySchema.nullable(),
  tp: MoneySchema.nullable(),
  estado: EstadoOrdemSchema,
  criado_em: z.iso.datetime(),
  /** Who sent it. */
  usuario: z.string(),
  legs: z.array(PernaOrdemSchema),
  concluido_em: z.iso.datetime().nullable(),
  erro: z.string().nullable(),
  /** Said while a leg's outcome is unknown: ask again, never "rejected" (as in the status answer). */
  aviso: z.string().nullable(),
  /** The operation a buy created or a sale realised (null until then, or when nothing filled). */
  operacao_id: IdSchema.nullable(),
});
export type Ordem = z.infer<typeof OrdemSchema>;

export const HistoricoOrdensSchema = z.object({
  results: z.array(OrdemSchema),
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type HistoricoOrdens = z.infer<typeof HistoricoOrdensSchema>;

export const EventoOrdemSchema = z.object({
  em: z.iso.datetime(),
  evento: z.string(),
  detalhe: z.string().nullable(),
  usuario: z.string(),
});
export type EventoOrdem = z.infer<typeof EventoOrdemSchema>;

export const OrdemDetalheSchema = OrdemSchema.extend({
  /** From the audit log: stored, each leg's state change, cancel requests, completion, resolution. */
  timeline: z.array(EventoOrdemSchema),
  /** The operations the order touched: the one a buy created, the one a sale realised, the rest a partial sale left. */
  operacoes: z.array(
    z.object({ id: IdSchema, papel: z.enum(['criada', 'realizada', 'restante']) }),
  ),
});
export type OrdemDetalhe = z.infer<typeof OrdemDetalheSchema>;

export const HISTORICO_LIMITE_MAXIMO = 200;
const CURSOR_INVALIDO = 'Cursor inválido: use o next_cursor da página anterior.';
const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A calendar instant that exists (Date.parse takes 30 February as 2 March). */
const instanteReal = (cursor: string) => {
  const second = CURSOR.exec(cursor)?.[1];
  const parsed = second ? new Date(`${second}Z`) : null;
  return Boolean(
    parsed && !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(second!),
  );
};
const DATA_INVALIDA = 'Informe uma data válida (aaaa-mm-dd).';
/** Other tools send empty filters (`?cliente=&acao=`): an empty value is no filter. */
const filtro = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const HistoricoQuerySchema = z
  .object({
    cliente: filtro(idParam('Informe um cliente válido.')),
    acao: filtro(ticker),
    estado: filtro(EstadoOrdemSchema),
    de: filtro(dataCampo(DATA_INVALIDA)),
    ate: filtro(dataCampo(DATA_INVALIDA)),
    cursor: filtro(
      texto(120, CURSOR_INVALIDO)
        .regex(CURSOR, CURSOR_INVALIDO)
        .refine(instanteReal, CURSOR_INVALIDO),
    ),
    limite: filtro(
      z.coerce
        .number<number | string>(`Informe um limite de 1 a ${HISTORICO_LIMITE_MAXIMO}.`)
        .int(`Informe um limite de 1 a ${HISTORICO_LIMITE_MAXIMO}.`)
        .min(1, `Informe um limite de 1 a ${HISTORICO_LIMITE_MAXIMO}.`)
        .max(HISTORICO_LIMITE_MAXIMO, `Informe um limite de 1 a ${HISTORICO_LIMITE_MAXIMO}.`),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.de && value.ate && value.ate < value.de) {
      ctx.addIssue({
        code: 'custom',
        path: ['ate'],
        message: 'O fim do período não pode ser anterior ao início.',
      });
    }
  });
export type HistoricoQuery = z.input<typeof HistoricoQuerySchema>;

export const ordensEndpoints = {
  validateCompra: endpoint({
    method: 'POST',
    path: '/clientes/{id}/mt5/compra/validar/',
    tag: 'mt5',
    summary: 'Pernas sugeridas de uma compra e a validação de cada uma no terminal do cliente.',
    params: IdParams,
    body: CompraValidarRequestSchema,
    answers: { 200: BuyValidationResultSchema, 404: clienteNaoEncontrado, 502: agenteIndisponivel },
  }),
  sendCompra: endpoint({
    method: 'POST',
    path: '/clientes/{id}/mt5/compra/',
    tag: 'mt5',
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
    summary: 'Situação de uma compra.',
    params: GroupParams,
    answers: { 200: OrderStatusSchema, 404: ordemNaoEncontrada },
  }),
  sendVenda: endpoint({
    method: 'POST',
    path: '/clientes/{id}/mt5/venda/{operation_id}/',
    tag: 'mt5',
    summary: 'Vende toda a quantidade de uma operação aberta pelo terminal MT5 do cliente.',
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
    summary: 'Situação de uma venda.',
    params: GroupParams,
    answers: { 200: OrderStatusSchema, 404: ordemNaoEncontrada },
  }),
  list: endpoint({
    method: 'GET',
    path: '/ordens/',
    tag: 'mt5',
    summary:
      'Histórico de ordens (compras e vendas, avulsas ou em lote), da mais recente à mais antiga, paginado por cursor.',
    query: HistoricoQuerySchema,
    answers: { 200: HistoricoOrdensSchema },
  }),
  detail: endpoint({
    method: 'GET',
    path: '/ordens/{group_id}/',
    tag: 'mt5',
    summary: 'Uma ordem com suas pernas e a linha do tempo registrada na auditoria.',
    params: GroupIdParams,
    answers: { 200: OrdemDetalheSchema, 404: ApiErrorSchema.describe('Ordem não encontrada.') },
  }),
};

/** What an order's fields are, for the other order forms (lotes). */
export {
  ticker as TickerSchema,
  positive as valorDaOrdem,
  quantidade as QuantidadeOrdemSchema,
  checkPrice,
};
