import { z } from 'zod';
import { EMAIL_USUARIO_INVALIDO } from './alertas';
import { IdParams, IdSchema, texto } from './common';
import { endpoint } from './endpoint';
import { ApiErrorSchema } from './errors';
import { PERMISSOES, PapelSchema } from './papeis';

// Users (issue 32): the administrator's screen Ferramentas → Usuários.

/** A username: letters, digits and _ . @ - (the CLI's rule too). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{1,150}$/;
export const USERNAME_INVALIDO = 'Use de 1 a 150 letras, dígitos ou _ . @ -, sem espaços.';
/** A basic address: something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An optional e-mail: blank or null removes it. */
const emailOpcional = texto(254, EMAIL_USUARIO_INVALIDO)
  .nullish()
  .refine((v) => !v || EMAIL_PATTERN.test(v), EMAIL_USUARIO_INVALIDO)
  .transform((v) => (v === undefined ? undefined : v || null));

export const UsuarioSchema = z.object({
  id: IdSchema,
  username: z.string(),
  email: z.string().nullable(),
  papel: PapelSchema,
  /** A deactivated user cannot log in; the history keeps their name. */
  ativo: z.boolean(),
  /** The second factor (TOTP) is on. */
  totp_ativo: z.boolean(),
  /** The password is a temporary one the user must change at the next login. */
  senha_temporaria: z.boolean(),
  ultimo_login: z.iso.datetime().nullable(),
  criado_em: z.iso.datetime(),
  /** Until when logins to the account wait after failed attempts (null: none waits); POST …/desbloquear/ clears it. */
  bloqueado_ate: z.iso.datetime().nullable(),
});
export type Usuario = z.infer<typeof UsuarioSchema>;

export const UsuarioCreateSchema = z.object({
  username: texto(150, USERNAME_INVALIDO).regex(USERNAME_PATTERN, USERNAME_INVALIDO),
  email: emailOpcional,
  papel: PapelSchema,
});
export type UsuarioCreate = z.input<typeof UsuarioCreateSchema>;

/** The temporary password, shown once: the user must change it at the first login. */
export const UsuarioCriadoSchema = z.object({
  id: IdSchema,
  username: z.string(),
  senha_temporaria: z.string(),
});
export type UsuarioCriado = z.infer<typeof UsuarioCriadoSchema>;

export const UsuarioUpdateSchema = z.object({
  email: emailOpcional,
  papel: PapelSchema.optional(),
  ativo: z.boolean('Informe verdadeiro ou falso.').optional(),
});
export type UsuarioUpdate = z.input<typeof UsuarioUpdateSchema>;

export const SenhaTemporariaSchema = z.object({ senha_temporaria: z.string() });
export type SenhaTemporaria = z.infer<typeof SenhaTemporariaSchema>;

export const USUARIO_NAO_ENCONTRADO = 'Usuário não encontrado.';
export const USUARIO_EXISTE = 'Já existe um usuário com esse nome.';
export const ULTIMO_ADMIN =
  'Este é o último administrador ativo: promova outro usuário a admin antes de rebaixar ou desativar este.';
export const SEM_2FA = 'O usuário não tem o segundo fator ativo.';

const naoEncontrado = ApiErrorSchema.describe(USUARIO_NAO_ENCONTRADO);

export const usuariosEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/usuarios/',
    tag: 'usuarios',
    summary: 'Lista os usuários (nome, e-mail, papel, ativo, 2FA, último login).',
    permissao: PERMISSOES.usuarios,
    answers: { 200: z.array(UsuarioSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/usuarios/',
    tag: 'usuarios',
    summary:
      'Cria um usuário com uma senha temporária, mostrada só nesta resposta: ele deve trocá-la no primeiro login.',
    permissao: PERMISSOES.usuarios,
    body: UsuarioCreateSchema,
    answers: {
      201: UsuarioCriadoSchema,
      409: ApiErrorSchema.describe(USUARIO_EXISTE),
    },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/usuarios/{id}/',
    tag: 'usuarios',
    summary:
      'Altera o e-mail, o papel ou se está ativo. Mudar o papel ou desativar encerra as sessões do usuário na hora.',
    permissao: PERMISSOES.usuarios,
    params: IdParams,
    body: UsuarioUpdateSchema,
    answers: {
      200: UsuarioSchema,
      404: naoEncontrado,
      409: ApiErrorSchema.describe(ULTIMO_ADMIN),
    },
  }),
  resetSenha: endpoint({
    method: 'POST',
    path: '/usuarios/{id}/senha/',
    tag: 'usuarios',
    summary:
      'Nova senha temporária (mostrada só nesta resposta, a trocar no próximo login); encerra as sessões do usuário.',
    permissao: PERMISSOES.usuarios,
    params: IdParams,
    answers: { 200: SenhaTemporariaSchema, 404: naoEncontrado },
  }),
  desativar2fa: endpoint({
    method: 'POST',
    path: '/usuarios/{id}/2fa/desativar/',
    tag: 'usuarios',
    summary:
      'Desativa o segundo fator do usuário (perdeu o celular e os códigos); encerra as sessões dele.',
    permissao: PERMISSOES.usuarios,
    params: IdParams,
    answers: { 200: UsuarioSchema, 404: naoEncontrado, 409: ApiErrorSchema.describe(SEM_2FA) },
  }),
  desbloquear: endpoint({
    method: 'POST',
    path: '/usuarios/{id}/desbloquear/',
    tag: 'usuarios',
    summary: 'Zera as tentativas de login falhas da conta: o próximo login não espera.',
    permissao: PERMISSOES.usuarios,
    params: IdParams,
    answers: { 200: UsuarioSchema, 404: naoEncontrado },
  }),
};
