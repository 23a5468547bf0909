import { z } from 'zod';
import { IdSchema, NoContentSchema, uuidParam } from './common';
import { codigo2fa, LoginResponseSchema } from './auth';
import { endpoint } from './endpoint';
import { ApiErrorSchema } from './errors';
import { EscopoSchema, PERMISSOES, PapelSchema } from './papeis';

// My account (issue 32): who I am, my password, my sessions, my second factor.

export const EuSchema = z.object({
  id: IdSchema,
  username: z.string(),
  email: z.string().nullable(),
  papel: PapelSchema,
  totp_ativo: z.boolean(),
  senha_temporaria: z.boolean(),
  /** EXIGIR_2FA names this role: the second factor cannot be turned off, and without it only enrolment is reached. */
  exige_2fa: z.boolean(),
  /** What this session reaches (LoginResponse's `escopo`). */
  escopo: EscopoSchema,
  sessao_id: z.string(),
});
export type Eu = z.infer<typeof EuSchema>;

/** The password rules of the server (length here; the list of common passwords is checked by the server). */
export const SENHA_MINIMO = 12;
export const SENHA_CURTA = `A senha deve ter pelo menos ${SENHA_MINIMO} caracteres.`;
export const SENHA_COMUM =
  'Senha comum demais (conhecida, talvez com dígitos ou símbolos a mais, ou com poucos caracteres diferentes): ' +
  'escolha outra.';
export const SENHA_ATUAL_INCORRETA = 'A senha atual não confere.';
export const SENHA_IGUAL = 'A nova senha deve ser diferente da atual.';

export const TrocarSenhaSchema = z.object({
  atual: z.string().min(1, 'Informe a senha atual.').max(1024, 'No máximo 1024 caracteres.'),
  nova: z.string().min(SENHA_MINIMO, SENHA_CURTA).max(1024, 'No máximo 1024 caracteres.'),
});
export type TrocarSenha = z.infer<typeof TrocarSenhaSchema>;

/** A session of mine: when it started and was last seen, from where and with what browser. */
export const SessaoSchema = z.object({
  id: z.string(),
  criada_em: z.iso.datetime(),
  ultimo_acesso: z.iso.datetime(),
  endereco: z.string().nullable(),
  /** The browser's User-Agent as sent (the screen may shorten it). */
  navegador: z.string().nullable(),
  /** The session of the token making this request. */
  atual: z.boolean(),
});
export type Sessao = z.infer<typeof SessaoSchema>;

export const SESSAO_NAO_ENCONTRADA = 'Sessão não encontrada.';

export const Inscricao2faSchema = z.object({
  /** The secret in base32, for typing it into an app. */
  segredo: z.string(),
  /** otpauth://totp/… for a QR code (SHA1, 6 digits, 30 s). */
  otpauth_uri: z.string(),
});
export type Inscricao2fa = z.infer<typeof Inscricao2faSchema>;

export const CodigoSchema = z.object({ codigo: codigo2fa });
export type Codigo = z.infer<typeof CodigoSchema>;

export const CODIGOS_RECUPERACAO = 10;
/**
 * The 10 recovery codes, shown once (stored hashed); and a new token: turning the second factor on ends every
 * session of the user opened with the password alone, this one included.
 */
export const Confirmacao2faSchema = LoginResponseSchema.extend({
  codigos_recuperacao: z.array(z.string()).length(CODIGOS_RECUPERACAO),
});
export type Confirmacao2fa = z.infer<typeof Confirmacao2faSchema>;

export const JA_TEM_2FA = 'O segundo fator já está ativo: desative-o antes de inscrever outro.';
export const SEM_INSCRICAO = 'Comece a inscrição (POST /api/eu/2fa/) antes de confirmar.';
export const SEM_2FA_PROPRIO = 'O segundo fator não está ativo.';
export const exige2faNaoDesativa = (papel: string) =>
  `O papel ${papel} exige o segundo fator: ele não pode ser desativado.`;

const escopos = ['inscrever_2fa'] as const;

export const euEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/eu/',
    tag: 'eu',
    summary: 'O usuário do token: nome, e-mail, papel, segundo fator e o alcance desta sessão.',
    permissao: PERMISSOES.contaPropria,
    escopos,
    answers: { 200: EuSchema },
  }),
  senha: endpoint({
    method: 'POST',
    path: '/eu/senha/',
    tag: 'eu',
    summary:
      'Troca a própria senha (a atual é pedida). Encerra todas as sessões do usuário e abre uma nova: a resposta ' +
      'traz o token que substitui o desta requisição.',
    permissao: PERMISSOES.contaPropria,
    escopos: ['trocar_senha', 'inscrever_2fa'],
    body: TrocarSenhaSchema,
    answers: { 200: LoginResponseSchema, 429: ApiErrorSchema.describe('Muitas tentativas.') },
  }),
  sessoes: endpoint({
    method: 'GET',
    path: '/eu/sessoes/',
    tag: 'eu',
    summary: 'As sessões abertas do usuário: início, último acesso, endereço e navegador.',
    permissao: PERMISSOES.contaPropria,
    escopos,
    answers: { 200: z.array(SessaoSchema) },
  }),
  encerrarSessao: endpoint({
    method: 'DELETE',
    path: '/eu/sessoes/{id}/',
    tag: 'eu',
    summary: 'Encerra uma sessão do usuário: seu token deixa de abrir a API.',
    permissao: PERMISSOES.contaPropria,
    escopos,
    params: z.object({ id: uuidParam }),
    answers: { 204: NoContentSchema, 404: ApiErrorSchema.describe(SESSAO_NAO_ENCONTRADA) },
  }),
  encerrarOutras: endpoint({
    method: 'POST',
    path: '/eu/sessoes/encerrar-outras/',
    tag: 'eu',
    summary: 'Encerra todas as sessões do usuário menos a desta requisição.',
    permissao: PERMISSOES.contaPropria,
    escopos,
    answers: { 200: z.object({ encerradas: z.number().int() }) },
  }),
  inscrever2fa: endpoint({
    method: 'POST',
    path: '/eu/2fa/',
    tag: 'eu',
    summary:
      'Começa a inscrição do segundo fator (TOTP): um segredo novo e sua URI otpauth:// (para o QR code); só vale ' +
      'depois de confirmado com um código.',
    permissao: PERMISSOES.contaPropria,
    escopos,
    answers: { 200: Inscricao2faSchema, 409: ApiErrorSchema.describe(JA_TEM_2FA) },
  }),
  confirmar2fa: endpoint({
    method: 'POST',
    path: '/eu/2fa/confirmar/',
    tag: 'eu',
    summary:
      'Confirma a inscrição com um código do aplicativo: liga o segundo fator e responde os 10 códigos de ' +
      'recuperação (mostrados só agora) e um token novo (as outras sessões são encerradas).',
    permissao: PERMISSOES.contaPropria,
    escopos,
    body: CodigoSchema,
    answers: {
      200: Confirmacao2faSchema,
      409: ApiErrorSchema.describe(`${SEM_INSCRICAO} Ou: ${JA_TEM_2FA}`),
    },
  }),
  desativar2fa: endpoint({
    method: 'DELETE',
    path: '/eu/2fa/',
    tag: 'eu',
    summary: 'Desliga o próprio segundo fator, confirmado por um código (TOTP ou de recuperação).',
    permissao: PERMISSOES.contaPropria,
    body: CodigoSchema,
    answers: {
      204: NoContentSchema,
      409: ApiErrorSchema.describe(`${SEM_2FA_PROPRIO} Ou: o papel exige o segundo fator.`),
    },
  }),
};
