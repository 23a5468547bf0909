import { z } from 'zod';
import {
  IdSchema,
  MAX_QUANTIDADE,
  MoneySchema,
  QUANTIDADE_MAXIMA,
  idCampo,
  texto,
  uuidParam,
} from './common';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';
import { ApiErrorSchema } from './errors';
import { LoteValidacaoSchema } from './lote-validacao';
import {
  ExecucaoSchema,
  LadoSchema,
  QuantidadeOrdemSchema,
  TickerSchema,
  checkPrice,
  valorDaOrdem,
} from './ordem';
import { OrderStatusSchema } from './ordens';

/**
 * The "boleta em lote": one buy sized for many clients from their own money, or one sale for everyone who holds a
 * stock (issue 16). Each client's order is an ordinary order group of the lote; docs/decisions/0008-lotes.md.
 */

/** How each client's quantity is sized: a share of its valor disponível, the same reais, or the same shares. */
export const RegraLoteSchema = z.enum(['percentual_disponivel', 'valor_fixo', 'quantidade_fixa']);
export type RegraLote = z.infer<typeof RegraLoteSchema>;

/** More clients than a team manages; each is one order group, all stored in one transaction. */
export const MAX_ITENS_LOTE = 1000;
const MAX_ITENS = `No máximo ${MAX_ITENS_LOTE.toLocaleString('pt-BR')} clientes por lote.`;

const LOTE_DUPLICADO = 'Cada cliente aparece uma vez no lote.';

/** The ids of a list, each once: `path` names the repeated one. */
function uniqueIds(
  ids: readonly number[],
  ctx: z.RefinementCtx,
  path: (i: number) => PropertyKey[],
) {
  const seen = new Set<number>();
  ids.forEach((id, i) => {
    if (seen.has(id)) ctx.addIssue({ code: 'custom', path: path(i), message: LOTE_DUPLICADO });
    seen.add(id);
  });
}

/** The number the rule reads: a percentage (0–100], reais, or a whole number of shares. */
function checkRegra(
  value: { regra?: RegraLote | undefined; valor?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.valor === undefined) return;
  if (value.regra === 'percentual_disponivel' && value.valor > 100) {
    ctx.addIssue({ code: 'custom', path: ['valor'], message: 'O percentual vai até 100%.' });
  }
  if (value.regra === 'quantidade_fixa') {
    if (!Number.isInteger(value.valor)) {
      ctx.addIssue({
        code: 'custom',
        path: ['valor'],
        message: 'A quantidade deve ser um número inteiro.',
      });
    } else if (value.valor > MAX_QUANTIDADE) {
      ctx.addIssue({ code: 'custom', path: ['valor'], message: QUANTIDADE_MAXIMA });
    }
  }
}

const clienteId = idCampo('Informe um cliente válido.');

export const LoteValidarRequestSchema = z
  .object({
    ticker: TickerSchema,
    execucao: ExecucaoSchema,
    preco: valorDaOrdem('o preço limite').optional(),
    tp: valorDaOrdem('o alvo (tp)'),
    regra: RegraLoteSchema,
    valor: valorDaOrdem('o valor da regra'),
    /** Only these clients (a re-validation); without it, every client, with the default selection marked. */
    clientes: z.array(clienteId).max(MAX_ITENS_LOTE, MAX_ITENS).optional(),
    /** Quantities the operator typed over the rule's, checked as they are. */
    ajustes: z
      .array(z.object({ cliente: clienteId, quantidade: QuantidadeOrdemSchema }))
      .max(MAX_ITENS_LOTE, MAX_ITENS)
      .optional(),
  })
  .superRefine((value, ctx) => {
    checkPrice(value, ctx);
    checkRegra(value, ctx);
    if (value.clientes) uniqueIds(value.clientes, ctx, (i) => ['clientes', i]);
    if (value.ajustes) {
      uniqueIds(
        value.ajustes.map((a) => a.cliente),
        ctx,
        (i) => ['ajustes', i, 'cliente'],
      );
    }
  });
export type LoteValidarRequest = z.infer<typeof LoteValidarRequestSchema>;

const LegsLoteSchema = z
  .array(
    z.object({
      symbol: texto(16).toUpperCase().min(1, 'Informe o símbolo.'),
      quantidade: QuantidadeOrdemSchema,
    }),
  )
  .min(1, 'Informe ao menos uma perna.')
  .max(2, 'Uma ordem tem no máximo duas pernas (lote padrão e fracionário).');

export const LoteCompraRequestSchema = z
  .object({
    ticker_base: TickerSchema,
    execucao: ExecucaoSchema,
    preco: valorDaOrdem('o preço limite').optional(),
    tp: valorDaOrdem('o alvo (tp)'),
    /** How the quantities were sized (kept with the lote; a re-send sizes the failed clients the same way). */
    regra: RegraLoteSchema.optional(),
    valor: valorDaOrdem('o valor da regra').optional(),
    itens: z
      .array(z.object({ cliente: clienteId, legs: LegsLoteSchema }))
      .min(1, 'Selecione ao menos um cliente.')
      .max(MAX_ITENS_LOTE, MAX_ITENS),
    /** The operator saw that some clients already have a buy of this stock in flight and sends to them anyway. */
    confirmar_compra_em_voo: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    checkPrice(value, ctx);
    checkRegra(value, ctx);
    if ((value.regra === undefined) !== (value.valor === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['valor'],
        message: 'Informe a regra e o valor juntos.',
      });
    }
    uniqueIds(
      value.itens.map((item) => item.cliente),
      ctx,
      (i) => ['itens', i, 'cliente'],
    );
  });
export type LoteCompraRequest = z.infer<typeof LoteCompraRequestSchema>;

export const LoteVendaRequestSchema = z
  .object({
    execucao: ExecucaoSchema,
    preco: valorDaOrdem('o preço limite').optional(),
    operacoes: z
      .array(idCampo('Informe uma operação válida.'))
      .min(1, 'Selecione ao menos uma operação.')
      .max(
        MAX_ITENS_LOTE,
        `No máximo ${MAX_ITENS_LOTE.toLocaleString('pt-BR')} operações por lote.`,
      ),
    /**
     * The share of each operation to sell (issue 34), 1 to 100, default 100: each one's quantity × percentual / 100
     * rounded down to whole shares; an operation left with 0 is not sent (the answer says why).
     */
    percentual: z
      .number('Informe o percentual.')
      .int('O percentual deve ser um número inteiro.')
      .min(1, 'O percentual deve ser de 1 a 100.')
      .max(100, 'O percentual deve ser de 1 a 100.')
      .optional(),
    /** The operator saw that some terminals hold fewer shares than their sale and sends it anyway. */
    confirmar_acima_do_terminal: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    checkPrice(value, ctx);
    const seen = new Set<number>();
    value.operacoes.forEach((id, i) => {
      if (seen.has(id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['operacoes', i],
          message: 'Cada operação aparece uma vez no lote.',
        });
      }
      seen.add(id);
    });
  });
export type LoteVendaRequest = z.infer<typeof LoteVendaRequestSchema>;

export const LoteIdResponseSchema = z.object({
  lote_id: z.uuid(),
  /** A sale's operations not sent, each with why (a percentual leaving it 0 shares); absent for buys. */
  fora: z.array(z.object({ operacao: IdSchema, nome: z.string(), motivo: z.string() })).optional(),
});
export type LoteIdResponse = z.infer<typeof LoteIdResponseSchema>;

/** One client's order in the lote: the order status of its group, with whom it is for. */
export const LoteItemStatusSchema = OrderStatusSchema.extend({
  cliente: IdSchema,
  nome: z.string(),
  /** The operation a sale realises (null for buys). */
  operacao: IdSchema.nullable(),
});
export type LoteItemStatus = z.infer<typeof LoteItemStatusSchema>;

export const LoteStatusSchema = z.object({
  lote_id: z.uuid(),
  lado: LadoSchema,
  ticker_base: z.string(),
  execucao: ExecucaoSchema,
  preco: MoneySchema.nullable(),
  tp: MoneySchema.nullable(),
  regra: RegraLoteSchema.nullable(),
  valor: z.number().nullable(),
  criado_em: z.iso.datetime({ offset: true }),
  criado_por: z.string(),
  /** Every group executed in full. */
  executed_all: z.boolean(),
  /** Every group has ended (executed, failed or resolved): polling stops. */
  finished: z.boolean(),
  itens: z.array(LoteItemStatusSchema),
});
export type LoteStatus = z.infer<typeof LoteStatusSchema>;

export const LoteCancelamentoSchema = LoteStatusSchema.extend({
  /** What each client's terminal said to the cancel. */
  cancelamentos: z.array(
    z.object({
      cliente: IdSchema,
      nome: z.string(),
      group_id: z.string(),
      ok: z.boolean(),
      motivo: z.string().nullable(),
    }),
  ),
});
export type LoteCancelamento = z.infer<typeof LoteCancelamentoSchema>;

export const LoteResumoSchema = z.object({
  lote_id: z.uuid(),
  lado: LadoSchema,
  ticker_base: z.string(),
  execucao: ExecucaoSchema,
  criado_em: z.iso.datetime({ offset: true }),
  criado_por: z.string(),
  clientes: z.number().int(),
  /** Groups executed in full, in part (something filled), failed with nothing filled, and still in flight. */
  executadas: z.number().int(),
  parciais: z.number().int(),
  falhas: z.number().int(),
  em_andamento: z.number().int(),
  finished: z.boolean(),
});
export type LoteResumo = z.infer<typeof LoteResumoSchema>;

const LoteParams = z.object({ lote_id: uuidParam });
const IdempotencyRequired = z.object({
  'idempotency-key': texto(200).min(1, 'Envie o cabeçalho Idempotency-Key.'),
});
const loteNaoEncontrado = ApiErrorSchema.describe('Lote não encontrado.');
const chaveReusada = ApiErrorSchema.describe('A Idempotency-Key já foi usada com outro lote.');

export const lotesEndpoints = {
  validate: endpoint({
    method: 'POST',
    path: '/lotes/validar/',
    tag: 'lotes',
    permissao: PERMISSOES.lotes,
    summary:
      'Dimensiona a compra de cada cliente pela regra e valida as pernas no terminal de cada um (nada é enviado).',
    body: LoteValidarRequestSchema,
    answers: { 200: LoteValidacaoSchema },
  }),
  sendCompra: endpoint({
    method: 'POST',
    path: '/lotes/',
    tag: 'lotes',
    permissao: PERMISSOES.lotes,
    summary:
      'Confere as pernas no terminal de cada cliente, grava o lote (uma ordem por cliente) antes de enviar qualquer ' +
      'ordem, e envia; a mesma Idempotency-Key responde o mesmo lote.',
    headers: IdempotencyRequired,
    body: LoteCompraRequestSchema,
    answers: {
      200: LoteIdResponseSchema,
      409: ApiErrorSchema.describe(
        'Algum cliente já tem uma compra desta ação em andamento (envie confirmar_compra_em_voo para comprar ' +
          'assim mesmo).',
      ),
      422: chaveReusada,
    },
  }),
  sendVenda: endpoint({
    method: 'POST',
    path: '/lotes/venda/',
    tag: 'lotes',
    permissao: PERMISSOES.lotes,
    summary:
      'Vende o percentual de cada operação da lista (padrão: toda a quantidade; arredondado para baixo em ações ' +
      'inteiras), uma ordem por operação; a mesma Idempotency-Key responde o mesmo lote.',
    headers: IdempotencyRequired,
    body: LoteVendaRequestSchema,
    answers: {
      200: LoteIdResponseSchema,
      409: ApiErrorSchema.describe(
        'Uma operação já foi vendida ou tem venda em andamento, ou algum terminal tem menos ações que a venda ' +
          '(envie confirmar_acima_do_terminal para vender assim mesmo).',
      ),
      422: chaveReusada,
      502: ApiErrorSchema.describe(
        'Nenhum terminal do lote respondeu: nada foi gravado nem enviado (um cliente cujo terminal não responde, ' +
          'não negocia ou recusa a perna fica de fora, nomeado em `fora`, e os outros vendem).',
      ),
    },
  }),
  status: endpoint({
    method: 'GET',
    path: '/lotes/{lote_id}/',
    tag: 'lotes',
    permissao: PERMISSOES.consulta,
    summary:
      'Situação de cada ordem do lote, atualizada com os terminais (no máximo cerca de um timeout do agente).',
    params: LoteParams,
    answers: { 200: LoteStatusSchema, 404: loteNaoEncontrado },
  }),
  list: endpoint({
    method: 'GET',
    path: '/lotes/',
    tag: 'lotes',
    permissao: PERMISSOES.consulta,
    summary: 'Os lotes mais recentes primeiro, com a contagem de ordens por situação.',
    answers: { 200: z.array(LoteResumoSchema) },
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/lotes/{lote_id}/cancelar/',
    tag: 'lotes',
    permissao: PERMISSOES.lotes,
    summary:
      'Pede a cada terminal que cancele o que as ordens do lote ainda têm em aberto (ordens limitadas).',
    params: LoteParams,
    answers: {
      200: LoteCancelamentoSchema,
      404: loteNaoEncontrado,
      409: ApiErrorSchema.describe('Todas as ordens do lote já terminaram.'),
    },
  }),
};
