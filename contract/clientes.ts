import { z } from 'zod';
import { IdParams, IdSchema, NoContentSchema, idCampo, texto } from './common';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';
import { ApiErrorSchema } from './errors';

export const ClienteSchema = z.object({
  id: IdSchema,
  nome: z.string().nullable(),
  email: z.string().nullable(),
  documento: z.string().nullable(),
  telefone: z.string().nullable(),
  codigo_xp: z.string().nullable(),
  percentual_patrimonio: z.number(),
  vm: z.string().nullable(),
  vm_ip: z.string().nullable(),
  vm_private_ip: z.string().nullable(),
  /** Whether the client has an agent token of its own (the token itself is never answered). */
  mt5_token_proprio: z.boolean().optional(),
  /** The model portfolio the client follows (issue 33), null when none; absent in answers recorded before it. */
  modelo: IdSchema.nullable().optional(),
});
export type Cliente = z.infer<typeof ClienteSchema>;

export const Mt5StatusValueSchema = z.enum([
  'online',
  'warning',
  'offline',
  'timeout',
  'error',
  'missing_ip',
]);
export type Mt5StatusValue = z.infer<typeof Mt5StatusValueSchema>;

export const ClienteStatusSchema = z.object({
  id: IdSchema,
  // A string, not the enum: the SPA must show 'Status desconhecido' for values it does not know.
  status: z.string(),
  ping: z.number().nullable(),
  detail: z.string().nullable(),
  /** When it was measured: the server keeps the statuses fresh and answers with the last measurement. */
  medido_em: z.iso.datetime().optional(),
});
export type ClienteStatus = z.infer<typeof ClienteStatusSchema>;

/** Section 5 of the specification: the exact messages the client dialog shows. */
export const EMAIL_INVALIDO = 'Digite um email válido';
export const EMAIL_BLOQUEIA_SALVAR = 'Digite um email válido antes de salvar.';
export const PERCENTUAL_INVALIDO = 'Informe um número entre 0 e 100.';
export const PERCENTUAL_CASAS = 'Use no máximo 2 casas decimais.';
export const IP_INVALIDO = 'Digite um IP válido (IPv4 ou IPv6).';
export const MT5_TOKEN_CURTO = 'O token do agente MT5 deve ter ao menos 32 caracteres.';

// A basic address pattern: something@something.tld, no spaces anywhere.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const IPV4 = z.ipv4();
const IPV6 = z.ipv6();

/** Optional free text: trimmed, and an empty value is stored as null. */
const text = (max: number) =>
  texto(max)
    .nullish()
    .transform((v) => (v ? v : null));

const email = texto(254, EMAIL_INVALIDO)
  .nullish()
  .refine((v) => !v || EMAIL_PATTERN.test(v), EMAIL_INVALIDO)
  .transform((v) => (v ? v : null));

const ip = texto(45, IP_INVALIDO)
  .nullish()
  .refine((v) => !v || IPV4.safeParse(v).success || IPV6.safeParse(v).success, IP_INVALIDO)
  .transform((v) => (v ? v : null));

// Hundredths as an integer: 12.345 is not, 12.34 and 0.1 + 0.2 are (binary noise below 1e-6 is forgiven).
const hasTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/**
 * A percentage as a JSON number, 0–100 with at most 2 places; missing or null is 0. The wire takes numbers: a text
 * ('12,5', even '12') is refused with the field's message, the form reads what is typed before sending.
 */
const percentual = z
  .number(PERCENTUAL_INVALIDO)
  .min(0, PERCENTUAL_INVALIDO)
  .max(100, PERCENTUAL_INVALIDO)
  .refine(hasTwoDecimals, PERCENTUAL_CASAS)
  .transform((n) => Math.round(n * 100) / 100)
  .nullish()
  .transform((v) => v ?? 0);

/** POST clientes/ and PUT clientes/{id}/: the same payload; no field is required. */
export const ClienteInputSchema = z.object({
  nome: text(200),
  email,
  documento: text(32),
  telefone: text(32),
  codigo_xp: text(32),
  percentual_patrimonio: percentual,
  vm: text(100),
  vm_ip: ip,
  vm_private_ip: ip,
  /**
   * The client's own agent token (write-only: never answered). Absent or blank keeps the stored one, null removes
   * it (the shared MT5_AGENT_TOKEN is used), text sets it.
   */
  mt5_token: z.preprocess(
    // A blank field keeps the stored token (the form never shows it).
    (v) => (v === '' ? undefined : v),
    z.union([texto(256).min(32, MT5_TOKEN_CURTO), z.null()]).optional(),
  ),
  /** The model portfolio it follows (issue 33): absent keeps the stored one, null follows none. */
  modelo: idCampo('Escolha um modelo.').nullish(),
});
/** What the form and the callers send (text fields may be blank, the percent missing or null). */
export type ClienteInputValues = z.input<typeof ClienteInputSchema>;
/** What the server stores: blanks as null, the percent as a number. */
export type ClienteInput = z.output<typeof ClienteInputSchema>;

/** GET clientes/. */
export const ClienteListSchema = z.array(ClienteSchema);

/** GET clientes-status/: one entry per client whose status was measured (one not yet measured is left out). */
export const ClienteStatusListSchema = z.array(ClienteStatusSchema);

export const CLIENTE_NAO_ENCONTRADO = 'Cliente não encontrado.';
const clienteNaoEncontrado = ApiErrorSchema.describe(CLIENTE_NAO_ENCONTRADO);

export const clientesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/clientes/',
    tag: 'clientes',
    permissao: PERMISSOES.consulta,
    summary: 'Lista os clientes.',
    answers: { 200: ClienteListSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/clientes/',
    tag: 'clientes',
    permissao: PERMISSOES.clientes,
    summary: 'Cria um cliente.',
    body: ClienteInputSchema,
    answers: { 201: ClienteSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/clientes/{id}/',
    tag: 'clientes',
    permissao: PERMISSOES.consulta,
    summary: 'Um cliente.',
    params: IdParams,
    answers: { 200: ClienteSchema, 404: clienteNaoEncontrado },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/clientes/{id}/',
    tag: 'clientes',
    permissao: PERMISSOES.clientes,
    summary: 'Altera um cliente (o mesmo corpo da criação).',
    params: IdParams,
    body: ClienteInputSchema,
    answers: { 200: ClienteSchema, 404: clienteNaoEncontrado },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/clientes/{id}/',
    tag: 'clientes',
    permissao: PERMISSOES.clientes,
    summary: 'Deleta um cliente com suas operações realizadas e ordens encerradas.',
    params: IdParams,
    answers: {
      204: NoContentSchema,
      404: clienteNaoEncontrado,
      409: ApiErrorSchema.describe(
        'O cliente tem posição aberta ou ordem MT5 em andamento: nada foi deletado.',
      ),
    },
  }),
  status: endpoint({
    method: 'GET',
    path: '/clientes-status/',
    tag: 'clientes',
    permissao: PERMISSOES.consulta,
    summary:
      'Status do terminal MT5 de cada cliente (GET /health do agente na VM), mantido em dia pelo servidor e ' +
      'respondido na hora com o momento de cada medição; um cliente ainda não medido fica de fora (pergunte de ' +
      'novo em instantes).',
    answers: { 200: ClienteStatusListSchema },
  }),
};
