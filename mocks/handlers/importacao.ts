import { http, HttpResponse } from 'msw';
import {
  hasImportExtension,
  ImportUploadFieldsSchema,
  type ApiError,
  type ImportUploadResponse,
} from '../../contract';

/** A date "already imported": the upload answers 409 unless forced. */
export const MOCK_CONFLICT_DATE = '2025-01-31';
/** A date whose upload is refused as the server refuses a sheet without its columns. */
export const MOCK_INVALID_DATE = '2025-03-31';
export const MOCK_INVALID_DETAIL =
  "Aba 'Patrimônio': coluna obrigatória não encontrada nas primeiras 30 linhas: Patrimônio.";
export const MOCK_ROWS = { patrimonio: 3, custodia: 4 };

let rows = MOCK_ROWS;
let imported = new Set([MOCK_CONFLICT_DATE]);
let rememberUploads = false;
let conflictDetail = (date: string) =>
  `Já existem dados de Patrimônio e Custódia para ${date.split('-').reverse().join('/')}.`;

/** QA replay: the recorded answers, and every date imported in the session conflicts afterwards. */
export function seedImportacaoMock(data: {
  rows: typeof MOCK_ROWS;
  importedDates: string[];
  conflictDetail: (date: string) => string;
}) {
  rows = data.rows;
  imported = new Set(data.importedDates);
  rememberUploads = true;
  conflictDetail = data.conflictDetail;
}

const error = (status: number, detail: string) =>
  HttpResponse.json<ApiError>({ detail }, { status });

export const importacaoHandlers = [
  http.post<never, FormData, ImportUploadResponse | ApiError>(
    '/api/importacao/upload/',
    async ({ request }) => {
      const form = await request.formData().catch(() => null);
      if (!form) return error(400, 'Envie o formulário como multipart/form-data.');
      const fields = ImportUploadFieldsSchema.safeParse({
        tipo: form.get('tipo') ?? undefined,
        data_referencia: form.get('data_referencia') ?? undefined,
        force: form.get('force') ?? undefined,
      });
      if (!fields.success) return error(400, fields.error.issues[0]!.message);
      // jsdom's XMLHttpRequest loses the file name on its way here: only browsers' uploads are checked for it.
      const arquivo = form.get('arquivo');
      if (arquivo === null || typeof arquivo === 'string') {
        return error(400, 'Selecione o arquivo (com abas de Patrimônio e Custódia).');
      }
      if (arquivo.name !== 'blob' && !hasImportExtension(arquivo.name)) {
        return error(400, `Envie um arquivo .xlsx ou .xls (recebido: ${arquivo.name}).`);
      }
      const { tipo, data_referencia, force } = fields.data;
      if (data_referencia === MOCK_INVALID_DATE) return error(400, MOCK_INVALID_DETAIL);
      const exists = imported.has(data_referencia);
      if (exists && !force) return error(409, conflictDetail(data_referencia));
      if (rememberUploads) imported.add(data_referencia);
      const status = exists ? 'sobrescrito' : 'importado';
      if (tipo !== 'auto') return HttpResponse.json({ linhas: rows[tipo], status });
      return HttpResponse.json({
        resumo: {
          patrimonio: { linhas: rows.patrimonio, status },
          custodia: { linhas: rows.custodia, status },
        },
      });
    },
  ),
];
