import { z } from 'zod';
import { NoContentSchema, texto } from './common';
import { endpoint } from './endpoint';
import { ApiErrorSchema } from './errors';
import { EscopoSchema, PERMISSOES, PapelSchema } from './papeis';

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
  papel: PapelSchema,
  /**
   * What the session reaches: `completo`; `trocar_senha` (a temporary password: only POST eu/senha/);
   * `inscrever_2fa` (the role needs a second factor: only one's account and the enrolment).
   */
  escopo: EscopoSchema,
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const PRECISA_2FA = 'Informe o código do segundo fator (ou um código de recuperação).';

/**
 * The password was right and the user has a second factor: no token yet. `desafio` (single use, a few minutes)
 * goes with the code to POST token/2fa/. A 401, so that a client that knows no second factor shows `detail`.
 */
export const Precisa2faSchema = ApiErrorSchema.extend({
  precisa_2fa: z.literal(true).optional(),
  desafio: z.string().optional(),
});
export type Precisa2fa = z.infer<typeof Precisa2faSchema>;

export const CODIGO_INVALIDO = 'Código inválido ou já usado.';
export const DESAFIO_INVALIDO = 'O login expirou: informe usuário e senha de novo.';

/** A TOTP code (6 digits) or a recovery code (letters and digits, hyphens and spaces ignored). */
export const codigo2fa = texto(32, CODIGO_INVALIDO).min(1, 'Informe o código.');

export const Login2faRequestSchema = z.object({
  desafio: texto(64, DESAFIO_INVALIDO).min(1, DESAFIO_INVALIDO),
  codigo: codigo2fa,
});
export type Login2faRequest = z.infer<typeof Login2faRequestSchema>;

const muitasTentativas = ApiErrorSchema.describe(
  'Muitas tentativas: tente de novo depois do Retry-After.',
);

export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/token/',
    tag: 'auth',
    summary:
      'Troca usuário e senha por um token de acesso (JWT, 8 horas) e abre uma sessão; com o segundo fator ativo, ' +
      'responde 401 com `precisa_2fa` e um `desafio` para POST token/2fa/.',
    public: true,
    permissao: PERMISSOES.publico,
    body: LoginRequestSchema,
    answers: {
      200: LoginResponseSchema,
      401: Precisa2faSchema.describe(
        'Usuário ou senha inválidos (ou usuário desativado); ou a senha certa de quem tem o segundo fator: ' +
          '`precisa_2fa: true` e o `desafio`.',
      ),
      429: muitasTentativas,
    },
  }),
  login2fa: endpoint({
    method: 'POST',
    path: '/token/2fa/',
    tag: 'auth',
    summary:
      'Segundo passo do login: o desafio e um código TOTP (ou de recuperação, que vale uma vez) → o token de acesso.',
    public: true,
    permissao: PERMISSOES.publico,
    body: Login2faRequestSchema,
    answers: {
      200: LoginResponseSchema,
      401: ApiErrorSchema.describe('Código inválido ou já usado, ou o desafio expirou.'),
      429: muitasTentativas,
    },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/logout/',
    tag: 'auth',
    summary: 'Encerra a sessão do token: ele deixa de abrir a API.',
    permissao: PERMISSOES.contaPropria,
    escopos: ['trocar_senha', 'inscrever_2fa'],
    answers: { 204: NoContentSchema },
  }),
};
