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
};
