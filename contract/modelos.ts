import { z } from 'zod';
import { IdParams, IdSchema, MoneySchema, NoContentSchema, idCampo, texto } from './common';
import { endpoint } from './endpoint';
import { ApiErrorSchema } from './errors';
import { LadoSchema, QuantidadeOrdemSchema, TickerSchema } from './ordem';
import { LegSchema } from './ordens';
import { PERMISSOES } from './papeis';

/**
 * Model portfolios and the rebalance plan (issue 33). The wire takes numbers; a model's own rules (a B3 ticker,
 * weights above 0, weights plus caixa_alvo exactly 100, a band above 0) are shared/rebalanceamento's
 * validateModelo, answered by the server as 400 with `campos` keyed like the fields (`itens.0.peso`).
 */

/**
 * A number of the model, bounded as its column stores it (numeric(9,4) for weights, numeric(12,6) for the band): a
 * further place would be rounded away, and a tiny positive value stored as 0 (a 500 on the column's check).
 */
const decimal = (max: number, casas: number) =>
  z
    .number('Informe um número.')
    .finite('Informe um número.')
    .max(max, `No máximo ${max.toLocaleString('pt-BR')}.`)
    .refine(
      // Whole units of the last place (binary noise forgiven), and not a nonzero value that rounds to 0.
      (n) => {
        const unidades = Math.round(n * 10 ** casas);
        return Math.abs(n * 10 ** casas - unidades) < 1e-6 && (unidades !== 0 || n === 0);
      },
      `Use no máximo ${casas} casas decimais.`,
    );
const percentual = decimal(1000, 4);

export const ModeloItemSchema = z.object({
  ticker: texto(12).toUpperCase(),
  peso: percentual,
});

export const FaixaSchema = z.object({
  tipo: z.enum(['absoluta', 'relativa'], 'Escolha a faixa absoluta ou relativa.'),
  /** `absoluta`: points of drift; `relativa`: a fraction of the target (0.2 = 20 %). */
  valor: decimal(1000, 6),
});

/** POST modelos/ and PUT modelos/{id}/. */
export const ModeloInputSchema = z.object({
  nome: texto(100).min(1, 'Dê um nome ao modelo.'),
  itens: z.array(ModeloItemSchema).max(100, 'No máximo 100 ações.'),
  caixa_alvo: percentual,
  faixa: FaixaSchema,
});
export type ModeloInput = z.infer<typeof ModeloInputSchema>;

export const ModeloSchema = z.object({
  id: IdSchema,
  nome: z.string(),
  itens: z.array(z.object({ ticker: z.string(), peso: z.number() })),
  caixa_alvo: z.number(),
  faixa: z.object({ tipo: z.enum(['absoluta', 'relativa']), valor: z.number() }),
  /** The clients following it, by id. */
  clientes: z.array(IdSchema),
});
export type Modelo = z.infer<typeof ModeloSchema>;

export const MODOS_REBALANCEAMENTO = ['completo', 'faixas', 'so_compra', 'so_venda'] as const;

export const RebalancearValidarSchema = z.object({
  modo: z.enum(MODOS_REBALANCEAMENTO, 'Escolha completo, faixas, so_compra ou so_venda.'),
  /** Only these clients (default: every client following the model). */
  clientes: z.array(idCampo('Informe o cliente.')).min(1).max(1000).optional(),
  /** R$; a trade worth less is dropped (default 100). */
  valor_minimo: z.number().min(0, 'No mínimo 0.').max(1e9).optional(),
  /** Keep the month's stock sales within the R$ 20,000 exemption (default true). */
  respeitar_isencao: z.boolean().optional(),
});
export type RebalancearValidar = z.infer<typeof RebalancearValidarSchema>;

export const PlanoClienteSchema = z.object({
  cliente: IdSchema,
  nome: z.string(),
  valor_total: MoneySchema.nullable(),
  desvios: z.array(
    z.object({
      ticker: z.string(),
      atual: z.number(),
      alvo: z.number(),
      desvio: z.number().nullable(),
    }),
  ),
  ordens: z.array(
    z.object({
      ticker: z.string(),
      lado: z.enum(['compra', 'venda']),
      quantidade: z.number().int(),
      legs: z.array(LegSchema),
    }),
  ),
  caixa_depois: MoneySchema.nullable(),
  excluido: z.boolean(),
  motivo: z.string().nullable(),
  avisos: z.array(z.string()),
});
export type PlanoCliente = z.infer<typeof PlanoClienteSchema>;

export const RebalanceamentoValidacaoSchema = z.object({ itens: z.array(PlanoClienteSchema) });
export type RebalanceamentoValidacao = z.infer<typeof RebalanceamentoValidacaoSchema>;

/** One client of the validated plan as sent back: its orders as validar answered them (legs are split again). */
export const RebalancearItemSchema = z.object({
  cliente: idCampo('Informe o cliente.'),
  ordens: z
    .array(
      z.object({
        ticker: TickerSchema,
        lado: LadoSchema,
        quantidade: QuantidadeOrdemSchema,
      }),
    )
    .min(1, 'O cliente não tem ordens a enviar.')
    .max(200, 'No máximo 200 ordens por cliente.'),
});

/**
 * POST modelos/{id}/rebalancear/: the validated plan's items (only the clients not left out, with their orders) and
 * the options validar was asked with; each client's plan is validated again against now before anything is stored.
 */
export const RebalancearSchema = RebalancearValidarSchema.omit({ clientes: true })
  .extend({
    itens: z
      .array(RebalancearItemSchema)
      .min(1, 'Nenhum cliente a rebalancear.')
      .max(1000, 'No máximo 1.000 clientes por rebalanceamento.'),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.itens.forEach((item, i) => {
      if (seen.has(item.cliente)) {
        ctx.addIssue({
          code: 'custom',
          path: ['itens', i, 'cliente'],
          message: 'Cada cliente aparece uma vez no rebalanceamento.',
        });
      }
      seen.add(item.cliente);
      const ordens = new Set<string>();
      item.ordens.forEach((o, j) => {
        if (ordens.has(o.ticker)) {
          ctx.addIssue({
            code: 'custom',
            path: ['itens', i, 'ordens', j, 'ticker'],
            message: 'Cada ativo aparece uma vez nas ordens do cliente.',
          });
        }
        ordens.add(o.ticker);
      });
    });
  });
export type Rebalancear = z.infer<typeof RebalancearSchema>;

/**
 * The two linked lotes of a rebalance: the sales, sent now; the buys, each client's held until every sale of it has
 * ended, then re-sized on the money its sales raised and sent (a client whose sale failed gets no buy that needed
 * its money: its buy ends failed, with why). Either is null when the plan has nothing of that side. Followed as
 * any lote (GET /api/lotes/{lote_id}/).
 */
export const RebalanceamentoEnviadoSchema = z.object({
  lote_venda: z.uuid().nullable(),
  lote_compra: z.uuid().nullable(),
});
export type RebalanceamentoEnviado = z.infer<typeof RebalanceamentoEnviadoSchema>;

export const MODELO_NAO_ENCONTRADO = 'Modelo não encontrado.';
export const MODELO_NOME_EM_USO = 'Já existe um modelo com esse nome.';
/** DELETE of a model some clients follow: nothing is deleted. */
export const modeloSeguido = (nomes: readonly string[]) =>
  `O modelo é seguido por ${nomes.join(', ')}: troque o modelo desses clientes antes de excluí-lo.`;

const naoEncontrado = ApiErrorSchema.describe(MODELO_NAO_ENCONTRADO);
const IdempotencyRequired = z.object({
  'idempotency-key': texto(200).min(1, 'Envie o cabeçalho Idempotency-Key.'),
});

export const modelosEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/modelos/',
    tag: 'modelos',
    permissao: PERMISSOES.consulta,
    summary: 'Lista os modelos de carteira.',
    answers: { 200: z.array(ModeloSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/modelos/',
    tag: 'modelos',
    permissao: PERMISSOES.modelos,
    summary: 'Cria um modelo: pesos e caixa-alvo em %, somando exatamente 100.',
    body: ModeloInputSchema,
    answers: { 201: ModeloSchema, 409: ApiErrorSchema.describe(MODELO_NOME_EM_USO) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/modelos/{id}/',
    tag: 'modelos',
    permissao: PERMISSOES.consulta,
    summary: 'Um modelo.',
    params: IdParams,
    answers: { 200: ModeloSchema, 404: naoEncontrado },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/modelos/{id}/',
    tag: 'modelos',
    permissao: PERMISSOES.modelos,
    summary: 'Altera um modelo (o mesmo corpo da criação).',
    params: IdParams,
    body: ModeloInputSchema,
    answers: {
      200: ModeloSchema,
      404: naoEncontrado,
      409: ApiErrorSchema.describe(MODELO_NOME_EM_USO),
    },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/modelos/{id}/',
    tag: 'modelos',
    permissao: PERMISSOES.modelos,
    summary: 'Exclui um modelo que nenhum cliente segue.',
    params: IdParams,
    answers: {
      204: NoContentSchema,
      404: naoEncontrado,
      409: ApiErrorSchema.describe(
        'O modelo é seguido por clientes (nomeados): nada foi excluído.',
      ),
    },
  }),
  validateRebalance: endpoint({
    method: 'POST',
    path: '/modelos/{id}/rebalancear/validar/',
    tag: 'modelos',
    permissao: PERMISSOES.lotes,
    summary:
      'O plano de rebalanceamento de cada cliente do modelo (ou dos clientes dados): desvios, ordens em lotes ' +
      'de 100 e fracionário, caixa depois, ou por que fica de fora; os terminais perguntados lado a lado. Nada é ' +
      'gravado nem enviado.',
    params: IdParams,
    body: RebalancearValidarSchema,
    answers: { 200: RebalanceamentoValidacaoSchema, 404: naoEncontrado },
  }),
  rebalance: endpoint({
    method: 'POST',
    path: '/modelos/{id}/rebalancear/',
    tag: 'modelos',
    permissao: PERMISSOES.lotes,
    summary:
      'Envia o plano validado: confere o plano de cada cliente de novo agora, grava as vendas num lote e as ' +
      'compras num segundo lote ligado a ele, e envia as vendas; as compras de cada cliente saem quando todas as ' +
      'vendas dele terminaram, redimensionadas pelo dinheiro que as vendas levantaram. A mesma Idempotency-Key ' +
      'responde os mesmos dois lotes.',
    params: IdParams,
    headers: IdempotencyRequired,
    body: RebalancearSchema,
    answers: {
      200: RebalanceamentoEnviadoSchema,
      404: naoEncontrado,
      409: ApiErrorSchema.describe(
        'O plano de algum cliente não vale mais (nomeado, com o motivo): nada foi gravado nem enviado.',
      ),
      422: ApiErrorSchema.describe('A Idempotency-Key já foi usada com outro rebalanceamento.'),
      502: ApiErrorSchema.describe(
        'O terminal de algum cliente não respondeu: nada foi gravado nem enviado.',
      ),
    },
  }),
};
