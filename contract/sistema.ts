import { z } from 'zod';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';
import { ApiErrorSchema } from './errors';

// The process's own state, for a load balancer or a supervisor (docs/deploying.md): no token, no user data.

export const SaudeSchema = z.object({ status: z.literal('ok') });
export type Saude = z.infer<typeof SaudeSchema>;

export const ProntoSchema = z.object({ status: z.literal('pronto') });
export type Pronto = z.infer<typeof ProntoSchema>;

export const SERVIDOR_ENCERRANDO = 'O servidor está encerrando; tente de novo em instantes.';
export const SERVIDOR_INICIANDO = 'O servidor está iniciando; tente de novo em instantes.';

export const sistemaEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health/',
    tag: 'sistema',
    permissao: PERMISSOES.publico,
    summary: 'O processo está vivo (sem token; não consulta o banco).',
    public: true,
    answers: { 200: SaudeSchema },
  }),
  ready: endpoint({
    method: 'GET',
    path: '/ready/',
    tag: 'sistema',
    permissao: PERMISSOES.publico,
    summary:
      'Pronto para atender: o banco responde e as migrações deste código estão aplicadas. 503 (com Retry-After) ' +
      'enquanto inicia, quando o banco não responde e enquanto encerra.',
    public: true,
    answers: {
      200: ProntoSchema,
      503: ApiErrorSchema.describe('Iniciando, encerrando ou sem banco de dados.'),
    },
  }),
};
