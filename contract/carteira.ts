import { z } from 'zod';
import { IdParams, MoneySchema } from './common';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';
import { ApiErrorSchema } from './errors';
import { ProventoSchema } from './eventos';

export const ResumoClienteSchema = z.object({
  patrimonio: MoneySchema.nullable(),
  percentual_patrimonio: z.number().nullable(),
  posicionadas: MoneySchema.nullable(),
  valor_disponivel: MoneySchema.nullable(),
  realizadas: MoneySchema.nullable(),
  posicionado: MoneySchema.nullable(),
  dias_total: z.number().int().nullable(),
  rentabilidade_mensal: z.number().nullable(),
  /** Σ valor_liquido of the client's proventos (outside the specification's figures, which keep their formulas). */
  proventos_recebidos: MoneySchema,
});
export type ResumoCliente = z.infer<typeof ResumoClienteSchema>;

export const carteiraEndpoints = {
  resumo: endpoint({
    method: 'GET',
    path: '/clientes/{id}/resumo/',
    tag: 'carteira',
    permissao: PERMISSOES.consulta,
    summary: 'Resumo da carteira do cliente (patrimônio, posicionadas, realizadas, rentabilidade).',
    params: IdParams,
    answers: { 200: ResumoClienteSchema, 404: ApiErrorSchema.describe('Cliente não encontrado.') },
  }),
  proventos: endpoint({
    method: 'GET',
    path: '/clientes/{id}/proventos/',
    tag: 'carteira',
    permissao: PERMISSOES.consulta,
    summary: 'Proventos recebidos pelo cliente, por evento (data ex mais recente primeiro).',
    params: IdParams,
    answers: {
      200: z.array(ProventoSchema),
      404: ApiErrorSchema.describe('Cliente não encontrado.'),
    },
  }),
};
