import { z } from 'zod';
import {
  SaldosIrInputSchema,
  VendaExternaInputSchema,
  type AnoIr,
  type SaldosIrInput,
} from '../../../contract';

/** A number field's value (DecimalField): empty (undefined or null), or NaN for a text that is not a number. */
const numeroDigitado = z.custom<number | null | undefined>(
  (v) => v === undefined || v === null || typeof v === 'number',
);

/** Issues of the contract's schema, under the form's fields of the same names. */
function addIssues(ctx: z.RefinementCtx, issues: readonly z.core.$ZodIssue[] | undefined) {
  for (const issue of issues ?? []) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
}

export const SALDOS_CAMPOS = [
  ['prejuizo_comum', 'Prejuízo comum a compensar (R$)'],
  ['prejuizo_day_trade', 'Prejuízo de day trade a compensar (R$)'],
  ['prejuizo_fii', 'Prejuízo de FII a compensar (R$)'],
  ['irrf_a_compensar', 'IRRF a compensar (R$)'],
] as const;
type CampoSaldo = (typeof SALDOS_CAMPOS)[number][0];

/** The year's opening carries: each blank is zero; the contract's schema checks them (R$ ≥ 0, to the cent). */
export const saldosFormSchema = (ano: number) =>
  z
    .object({
      prejuizo_comum: numeroDigitado,
      prejuizo_day_trade: numeroDigitado,
      prejuizo_fii: numeroDigitado,
      irrf_a_compensar: numeroDigitado,
    })
    .transform((v, ctx): SaldosIrInput => {
      const body = SaldosIrInputSchema.safeParse({
        ano,
        prejuizo_comum: v.prejuizo_comum ?? 0,
        prejuizo_day_trade: v.prejuizo_day_trade ?? 0,
        prejuizo_fii: v.prejuizo_fii ?? 0,
        irrf_a_compensar: v.irrf_a_compensar ?? 0,
      });
      if (body.success) return body.data;
      addIssues(ctx, body.error.issues);
      return z.NEVER;
    });

export type SaldosFormValues = Record<CampoSaldo, number | null | undefined>;
export const SALDOS_FORM_FIELDS = SALDOS_CAMPOS.map(([campo]) => campo);

/** What the dialog starts with: the carries stated for the year, or blanks (the computation carries them). */
export function saldosIniciais(ano: AnoIr | undefined): SaldosFormValues {
  const s = ano?.saldos_iniciais;
  return {
    prejuizo_comum: s?.prejuizo_comum,
    prejuizo_day_trade: s?.prejuizo_day_trade,
    prejuizo_fii: s?.prejuizo_fii,
    irrf_a_compensar: s?.irrf_a_compensar,
  };
}

/** The month's stock sales made elsewhere: blank is zero (none). */
export const vendaExternaFormSchema = z
  .object({ valor: numeroDigitado })
  .transform((v, ctx): number => {
    const body = VendaExternaInputSchema.safeParse({ valor: v.valor ?? 0 });
    if (body.success) return body.data.valor;
    addIssues(ctx, body.error.issues);
    return z.NEVER;
  });

export type VendaExternaFormValues = z.input<typeof vendaExternaFormSchema>;
