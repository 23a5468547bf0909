import { z } from 'zod';
import {
  EventoInputSchema,
  isEventoDeAcoes,
  TIPOS_EVENTO,
  type Evento,
  type TipoEvento,
} from '../../../contract';
import { isoFromBr } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';

export const DATA_EX_DD_MM_AAAA = 'Informe uma data válida (dd/mm/aaaa).';

const ehTipo = (v: string): v is TipoEvento => (TIPOS_EVENTO as readonly string[]).includes(v);
export const ehEventoDeAcoes = (tipo: string) => ehTipo(tipo) && isEventoDeAcoes(tipo);

/** Typed numbers in pt-BR ('0,1', '1.234,56') or with a dot ('0.1'); empty is null. */
function numero(v: string): number | null {
  const t = v.trim();
  if (t === '') return null;
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  return Number(normal);
}

/** The form's text fields become the contract's body; only the value the type uses is sent. */
export const eventoFormSchema = z
  .object({
    acao: z.string(),
    tipo: z.string(),
    data_ex: z.string(),
    fator: z.string(),
    valor_por_acao: z.string(),
  })
  .transform((v, ctx) => {
    const dataEx = isoFromBr(v.data_ex);
    if (dataEx === null)
      ctx.addIssue({ code: 'custom', path: ['data_ex'], message: DATA_EX_DD_MM_AAAA });
    const deAcoes = ehEventoDeAcoes(v.tipo);
    const body = EventoInputSchema.safeParse({
      // An empty choice is 0, which the contract refuses with 'Selecione a ação.'.
      acao: Number(v.acao),
      tipo: v.tipo === '' ? undefined : v.tipo,
      data_ex: dataEx ?? '1900-01-01',
      fator: deAcoes ? numero(v.fator) : null,
      valor_por_acao: deAcoes || v.tipo === '' ? null : numero(v.valor_por_acao),
    });
    if (body.success && dataEx !== null) return body.data;
    for (const issue of body.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  });

export type EventoFormValues = z.input<typeof eventoFormSchema>;
export const EVENTO_FORM_FIELDS = [
  'acao',
  'tipo',
  'data_ex',
  'fator',
  'valor_por_acao',
] as const satisfies readonly (keyof EventoFormValues)[];

const emTexto = (n: number | null) =>
  n === null ? '' : n.toLocaleString('pt-BR', { maximumFractionDigits: 10, useGrouping: false });

export function valoresIniciais(evento: Evento | null, acao?: number): EventoFormValues {
  return {
    acao: evento ? String(evento.acao) : acao ? String(acao) : '',
    tipo: evento?.tipo ?? '',
    data_ex: evento ? formatDate(evento.data_ex) : '',
    fator: emTexto(evento?.fator ?? null),
    valor_por_acao: emTexto(evento?.valor_por_acao ?? null),
  };
}
