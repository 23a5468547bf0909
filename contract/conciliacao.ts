import { z } from 'zod';
import { Mt5StatusValueSchema } from './clientes';
import { IdParams, IdSchema, IsoDateSchema } from './common';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';
import { ApiErrorSchema } from './errors';

/**
 * Reconciliation: per client and stock (base ticker; PETR4F counts as PETR4), the book (open operations), the
 * terminal (the agent's positions) and the latest custody import for the client's codigo_xp.
 */

/** A client's worst state: a terminal that did not answer is `sem_terminal`, never a divergence. */
export const SituacaoConciliacaoSchema = z.enum(['confere', 'divergente', 'sem_terminal']);
export type SituacaoConciliacao = z.infer<typeof SituacaoConciliacaoSchema>;

/** One stock: every side that has a figure agrees, only one side has it, or the quantities differ. */
export const SituacaoLinhaSchema = z.enum([
  'confere',
  'so_no_livro',
  'so_no_terminal',
  'so_na_custodia',
  'diverge',
]);
export type SituacaoLinha = z.infer<typeof SituacaoLinhaSchema>;

const terminal = {
  /** `online`: the terminal answered its positions; otherwise why not (as the client list's MT5 status says). */
  terminal_status: Mt5StatusValueSchema,
  terminal_detalhe: z.string().nullable(),
  /** The date of the custody import compared; null when the client's codigo_xp has none. */
  custodia_data: IsoDateSchema.nullable(),
};

export const ConciliacaoResumoSchema = z.object({
  cliente: IdSchema,
  nome: z.string(),
  situacao: SituacaoConciliacaoSchema,
  /** Lines that do not agree, among the sides that have figures. */
  divergencias: z.number().int(),
  ...terminal,
});
export type ConciliacaoResumo = z.infer<typeof ConciliacaoResumoSchema>;

export const LinhaConciliacaoSchema = z.object({
  acao: z.string(),
  /** Shares; null where that side has no figure (the terminal did not answer, no custody import, not held). */
  livro: z.number().nullable(),
  terminal: z.number().nullable(),
  custodia: z.number().nullable(),
  situacao: SituacaoLinhaSchema,
  /** terminal − livro and custódia − livro, in shares; null when that side was not compared. */
  diferenca_terminal: z.number().nullable(),
  diferenca_custodia: z.number().nullable(),
});
export type LinhaConciliacao = z.infer<typeof LinhaConciliacaoSchema>;

export const ConciliacaoClienteSchema = z.object({
  cliente: IdSchema,
  nome: z.string(),
  situacao: SituacaoConciliacaoSchema,
  divergencias: z.number().int(),
  ...terminal,
  linhas: z.array(LinhaConciliacaoSchema),
});
export type ConciliacaoCliente = z.infer<typeof ConciliacaoClienteSchema>;

export const conciliacaoEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/conciliacao/',
    tag: 'conciliacao',
    permissao: PERMISSOES.consulta,
    summary:
      'Cada cliente: livro, terminal MT5 e última custódia importada conferem? (pior situação e divergências)',
    answers: { 200: z.array(ConciliacaoResumoSchema) },
  }),
  cliente: endpoint({
    method: 'GET',
    path: '/clientes/{id}/conciliacao/',
    tag: 'conciliacao',
    permissao: PERMISSOES.consulta,
    summary: 'A conciliação de um cliente, ação a ação: livro, terminal e custódia.',
    params: IdParams,
    answers: {
      200: ConciliacaoClienteSchema,
      404: ApiErrorSchema.describe('Cliente não encontrado.'),
    },
  }),
};
