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

const isTipoEvento = (v: string): v is TipoEvento =>
  (TIPOS_EVENTO as readonly string[]).includes(v);
export const isTipoDeAcoes = (tipo: string) => isTipoEvento(tipo) && isEventoDeAcoes(tipo);

/** A number field's value (DecimalField): empty (undefined or null), or NaN for a text that is not a number. */
const numeroDigitado = z.custom<number | null | undefined>(
  (v) => v === undefined || v === null || typeof v === 'number',
);
const numero = (v: number | null | undefined) => v ?? null;

/**
 * The form's fields become the contract's body, checked by the contract's schema (its messages under the fields);
 * only the value the type uses is sent.
 */
export const eventoFormSchema = z
  .object({
    acao: z.string(),
    tipo: z.string(),
    data_ex: z.string(),
    fator: numeroDigitado,
    valor_por_acao: numeroDigitado,
    custo_atribuido: numeroDigitado,
    /** dd/mm/aaaa as typed; blank: paid on data_ex. */
    data_pagamento: z.string(),
  })
  .transform((v, ctx) => {
    const dataEx = isoFromBr(v.data_ex);
    if (dataEx === null)
      ctx.addIssue({ code: 'custom', path: ['data_ex'], message: DATA_EX_DD_MM_AAAA });
    const deAcoes = isTipoDeAcoes(v.tipo);
    const emDinheiro = v.tipo === 'dividendo' || v.tipo === 'jcp';
    const pagamentoDigitado = emDinheiro ? v.data_pagamento.trim() : '';
    const dataPagamento = pagamentoDigitado === '' ? null : isoFromBr(pagamentoDigitado);
    if (pagamentoDigitado !== '' && dataPagamento === null)
      ctx.addIssue({ code: 'custom', path: ['data_pagamento'], message: DATA_EX_DD_MM_AAAA });
    const body = EventoInputSchema.safeParse({
      // An empty choice is 0, which the contract refuses with 'Selecione a ação.'.
      acao: Number(v.acao),
      tipo: v.tipo === '' ? undefined : v.tipo,
      data_ex: dataEx ?? '1900-01-01',
      fator: deAcoes ? numero(v.fator) : null,
      valor_por_acao: deAcoes || v.tipo === '' ? null : numero(v.valor_por_acao),
      custo_atribuido: v.tipo === 'bonificacao' ? numero(v.custo_atribuido) : null,
      data_pagamento: dataPagamento,
    });
    if (body.success && dataEx !== null && (pagamentoDigitado === '' || dataPagamento !== null))
      return body.data;
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
  'custo_atribuido',
  'data_pagamento',
] as const satisfies readonly (keyof EventoFormValues)[];

export function valoresIniciais(evento: Evento | null, acao?: number): EventoFormValues {
  return {
    acao: evento ? String(evento.acao) : acao ? String(acao) : '',
    tipo: evento?.tipo ?? '',
    data_ex: evento ? formatDate(evento.data_ex) : '',
    fator: evento?.fator ?? undefined,
    valor_por_acao: evento?.valor_por_acao ?? undefined,
    custo_atribuido: evento?.custo_atribuido ?? undefined,
    // Shown only when it differs from data_ex: blank means "on data_ex".
    data_pagamento:
      evento?.data_pagamento && evento.data_pagamento !== evento.data_ex
        ? formatDate(evento.data_pagamento)
        : '',
  };
}
