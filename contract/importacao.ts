import { z } from 'zod';
import { dataCampo } from './common';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';
import { ApiErrorSchema } from './errors';

export const ImportTipoSchema = z.enum(['auto', 'patrimonio', 'custodia']);
export type ImportTipo = z.infer<typeof ImportTipoSchema>;

/** `ausente`: the file has no sheet of that type (only in the auto answer). */
export const ImportStatusSchema = z.enum(['importado', 'sobrescrito', 'ausente']);
export type ImportStatus = z.infer<typeof ImportStatusSchema>;

/** The answer for one type, and each half of the auto answer. */
export const ImportResultadoSchema = z.object({
  linhas: z.number().int().nonnegative(),
  status: ImportStatusSchema,
});
export type ImportResultado = z.infer<typeof ImportResultadoSchema>;

/** The server always sends both halves; the SPA shows dashes for a missing one (spec §8: an empty resumo). */
export const ImportAutoResponseSchema = z.object({
  resumo: z.object({
    patrimonio: ImportResultadoSchema.optional(),
    custodia: ImportResultadoSchema.optional(),
  }),
});
export type ImportAutoResponse = z.infer<typeof ImportAutoResponseSchema>;

/** POST importacao/upload/: `{resumo}` for tipo auto, `{linhas, status}` for one type. */
export const ImportUploadResponseSchema = z.union([
  ImportAutoResponseSchema,
  ImportResultadoSchema,
]);
export type ImportUploadResponse = z.infer<typeof ImportUploadResponseSchema>;

/** The text fields of the multipart upload (the file travels as `arquivo`). */
export const ImportUploadFieldsSchema = z.object({
  tipo: z
    .enum(ImportTipoSchema.options, { error: 'Use auto, patrimonio ou custodia.' })
    .default('auto'),
  data_referencia: dataCampo('Informe uma data de referência válida (aaaa-mm-dd).'),
  force: z
    .enum(['true', 'false'], { error: 'Use true ou false.' })
    .optional()
    .transform((v) => v === 'true'),
});
export type ImportUploadFields = z.infer<typeof ImportUploadFieldsSchema>;

export const IMPORT_EXTENSIONS = ['.xlsx', '.xls'] as const;

export function hasImportExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return IMPORT_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** An upload without its file. */
export const ARQUIVO_OBRIGATORIO = 'Selecione o arquivo (com abas de Patrimônio e Custódia).';

/** A file whose name is not a workbook's. */
export const extensaoRecusada = (fileName: string) =>
  `Envie um arquivo .xlsx ou .xls (recebido: ${fileName.slice(0, 100) || 'sem nome'}).`;

export const importacaoEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/importacao/upload/',
    tag: 'importacao',
    permissao: PERMISSOES.importacao,
    summary:
      'Importa as abas de Patrimônio e Custódia de uma planilha (.xlsx ou .xls), por data de referência.',
    description:
      'multipart/form-data: tipo (auto, patrimonio ou custodia), data_referencia (aaaa-mm-dd), ' +
      'arquivo, e force=true para sobrescrever os dados já importados para essa data (senão 409).',
    multipart: ImportUploadFieldsSchema,
    answers: {
      200: ImportUploadResponseSchema,
      409: ApiErrorSchema.describe(
        'Já há dados importados para essa data: envie force=true para sobrescrever.',
      ),
      503: ApiErrorSchema.describe('Leitura de planilhas ocupada: tente de novo em instantes.'),
    },
  }),
};
