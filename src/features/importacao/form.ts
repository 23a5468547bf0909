import { z } from 'zod';
import { ARQUIVO_OBRIGATORIO, hasImportExtension } from '../../../contract';
import { isoFromBr } from '../../../shared/dates';

export const DATA_REFERENCIA_INVALIDA = 'Informe uma data válida (dd/mm/aaaa).';

/** The import screen's form: the date as typed (dd/mm/aaaa) becomes aaaa-mm-dd; a .xlsx or .xls file. */
export const ImportFormSchema = z.object({
  data_referencia: z
    .string()
    .min(1, 'Informe a data de referência.')
    .transform((texto, ctx) => {
      const iso = isoFromBr(texto);
      if (iso === null) ctx.addIssue({ code: 'custom', message: DATA_REFERENCIA_INVALIDA });
      return iso ?? z.NEVER;
    }),
  arquivo: z
    .custom<File>((v) => typeof File !== 'undefined' && v instanceof File, {
      message: ARQUIVO_OBRIGATORIO,
    })
    .refine((f) => hasImportExtension(f.name), 'Selecione um arquivo .xlsx ou .xls.'),
});
export type ImportForm = z.infer<typeof ImportFormSchema>;
export type ImportFormInput = z.input<typeof ImportFormSchema>;
