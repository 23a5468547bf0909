import { z } from 'zod';
import { NoContentSchema, texto } from './common';
import { endpoint } from './endpoint';
import { ApiErrorSchema } from './errors';

export const LoginRequestSchema = z.object({
  username: texto(150).min(1, 'Informe o usuário.'),
  // Not `texto`: a password is hashed, never stored or shown as text, and may hold any character the user chose
  // (untrimmed too); refusing some here would lock out whoever set one elsewhere.
  password: z.string().min(1, 'Informe a senha.').max(1024, 'No máximo 1024 caracteres.'),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  access: z.string(),
  username: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/token/',
    tag: 'auth',
    summary: 'Troca usuário e senha por um token de acesso (JWT, 8 horas) e abre uma sessão.',
    public: true,
    body: LoginRequestSchema,
    answers: {
      200: LoginResponseSchema,
      401: ApiErrorSchema.describe('Usuário ou senha inválidos.'),
      429: ApiErrorSchema.describe('Muitas tentativas: tente de novo depois do Retry-After.'),
    },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/logout/',
    tag: 'auth',
    summary: 'Encerra a sessão do token: ele deixa de abrir a API.',
    answers: { 204: NoContentSchema },
  }),
};
