import { z } from 'zod';
import { IdSchema, IsoDateSchema, MoneySchema } from './common';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';

export const PosicaoPainelSchema = z.object({
  id: IdSchema,
  cliente: z.string(),
  acao: z.string(),
  data_compra: IsoDateSchema.nullable(),
  preco_compra: MoneySchema.nullable(),
  quantidade: z.number().int().nullable(),
  valor_total_compra: MoneySchema.nullable(),
  preco_atual: MoneySchema.nullable(),
  lucro_percentual: z.number().nullable(),
  valor_alvo: MoneySchema.nullable(),
  dias_posicionado: z.number().int().nullable(),
});
export type PosicaoPainel = z.infer<typeof PosicaoPainelSchema>;

export const PatrimonioDisponivelSchema = z.object({
  codigo: z.string().nullable(),
  nome: z.string().nullable(),
  patrimonio: MoneySchema.nullable(),
  total_consolidado: MoneySchema.nullable(),
  valor_disponivel: MoneySchema.nullable(),
});
export type PatrimonioDisponivel = z.infer<typeof PatrimonioDisponivelSchema>;

/** GET dashboard-rv/: every open position of every client, with its quote. */
export const DashboardRvResponseSchema = z.object({
  posicionadas: z.array(PosicaoPainelSchema),
  /** When the newest of the quotes was made; null without any (absent from a server that cannot tell). */
  cotacoes_em: z.iso.datetime().nullable().optional(),
});
export type DashboardRvResponse = z.infer<typeof DashboardRvResponseSchema>;

/** GET patrimonio-disponivel/: one row per client. */
export const PatrimonioDisponivelListSchema = z.array(PatrimonioDisponivelSchema);

/** A client holding a stock (or a sector): what its holding is worth. */
export const DetentorSchema = z.object({
  id: IdSchema,
  nome: z.string(),
  valor: MoneySchema,
});
export type Detentor = z.infer<typeof DetentorSchema>;

/** The book's exposure to one stock or one sector, across every client (issue 34, item 4). */
export const ExposicaoLinhaSchema = z.object({
  /** The ticker, or the sector ('Sem setor' for stocks without one). */
  nome: z.string(),
  /** The stock's sector (null for a sector's own row, and for a stock without one). */
  setor: z.string().nullable(),
  /** Open shares at today's quote; at their cost where there is no quote (then `sem_cotacao`). */
  valor: MoneySchema,
  /** Share of the book's value, 2 places. */
  percentual: z.number(),
  /** How many clients hold it. */
  clientes: z.number().int(),
  /** Some of its value is at cost, for want of a quote. */
  sem_cotacao: z.boolean(),
  /** The clients holding it, largest first (the first is the largest client). */
  detentores: z.array(DetentorSchema),
});
export type ExposicaoLinha = z.infer<typeof ExposicaoLinhaSchema>;

/** GET exposicao/: the book per stock and per sector, largest first. */
export const ExposicaoResponseSchema = z.object({
  /** The whole book's value (every open position). */
  total: MoneySchema,
  acoes: z.array(ExposicaoLinhaSchema),
  setores: z.array(ExposicaoLinhaSchema),
  cotacoes_em: z.iso.datetime().nullable(),
});
export type ExposicaoResponse = z.infer<typeof ExposicaoResponseSchema>;

export const painelEndpoints = {
  posicionadas: endpoint({
    method: 'GET',
    path: '/dashboard-rv/',
    tag: 'painel',
    permissao: PERMISSOES.consulta,
    summary: 'Todas as posições abertas de todos os clientes, com a cotação e o lucro percentual.',
    answers: { 200: DashboardRvResponseSchema },
  }),
  patrimonioDisponivel: endpoint({
    method: 'GET',
    path: '/patrimonio-disponivel/',
    tag: 'painel',
    permissao: PERMISSOES.consulta,
    summary: 'Patrimônio, total consolidado e valor disponível de cada cliente.',
    answers: { 200: PatrimonioDisponivelListSchema },
  }),
  exposicao: endpoint({
    method: 'GET',
    path: '/exposicao/',
    tag: 'painel',
    permissao: PERMISSOES.consulta,
    summary:
      'A exposição do livro por ação e por setor, somando todos os clientes: valor à cotação de hoje, % do ' +
      'livro, quantos clientes e quais (o maior primeiro).',
    answers: { 200: ExposicaoResponseSchema },
  }),
};
