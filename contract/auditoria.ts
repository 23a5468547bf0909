import { z } from 'zod';
import { dataCampo, texto } from './common';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';

// The audit log on screen (issue 32): every write and order the server recorded, newest first.

export const AUDITORIA_LIMITE = 100;
const CURSOR_INVALIDO = 'Cursor inválido: use o next_cursor da página anterior.';
const DATA_INVALIDA = 'Informe uma data válida (aaaa-mm-dd).';
/** Other tools send empty filters (`?usuario=&acao=`): an empty value is no filter. */
const filtro = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const AuditoriaQuerySchema = z
  .object({
    /** Who did it, exactly as recorded (a username, `cli:<os user>`, `server`). */
    usuario: filtro(texto(160)),
    /** What it concerns: cliente, operacao, order_group, order_lote, evento_corporativo, user, session, … */
    entidade: filtro(texto(60)),
    /** What was done: create, update, delete, login, … */
    acao: filtro(texto(60)),
    /** From this day and up to this day (inclusive), São Paulo time. */
    de: filtro(dataCampo(DATA_INVALIDA)),
    ate: filtro(dataCampo(DATA_INVALIDA)),
    cursor: filtro(texto(20, CURSOR_INVALIDO).regex(/^[1-9]\d{0,18}$/, CURSOR_INVALIDO)),
  })
  .superRefine((value, ctx) => {
    if (value.de && value.ate && value.ate < value.de) {
      ctx.addIssue({
        code: 'custom',
        path: ['ate'],
        message: 'O fim do período não pode ser anterior ao início.',
      });
    }
  });
export type AuditoriaQuery = z.input<typeof AuditoriaQuerySchema>;

export const EntradaAuditoriaSchema = z.object({
  id: z.number().int(),
  em: z.iso.datetime(),
  usuario: z.string(),
  acao: z.string(),
  entidade: z.string(),
  entidade_id: z.string().nullable(),
  /** The record before and after, as the server wrote them (JSON; null when there is none). */
  antes: z.unknown().nullable(),
  depois: z.unknown().nullable(),
});
export type EntradaAuditoria = z.infer<typeof EntradaAuditoriaSchema>;

export const PaginaAuditoriaSchema = z.object({
  results: z.array(EntradaAuditoriaSchema),
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type PaginaAuditoria = z.infer<typeof PaginaAuditoriaSchema>;

export const auditoriaEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/auditoria/',
    tag: 'auditoria',
    summary: `O registro de auditoria, do mais recente ao mais antigo, ${AUDITORIA_LIMITE} por página (cursor).`,
    permissao: PERMISSOES.auditoria,
    query: AuditoriaQuerySchema,
    answers: { 200: PaginaAuditoriaSchema },
  }),
};
