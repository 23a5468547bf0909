import { hasImportExtension, importacaoEndpoints as e } from '../../contract';
import { fail, handle, ok } from '../contract';

/** A date "already imported": the upload answers 409 unless forced. */
export const MOCK_CONFLICT_DATE = '2025-01-31';
/** A date whose upload is refused as the server refuses a sheet without its columns. */
export const MOCK_INVALID_DATE = '2025-03-31';
export const MOCK_INVALID_DETAIL =
  "Aba 'Patrimônio': coluna obrigatória não encontrada nas primeiras 30 linhas: Patrimônio.";
export const MOCK_ROWS = { patrimonio: 3, custodia: 4 };

const mockConflictDetail = (date: string) =>
  `Já existem dados de Patrimônio e Custódia para ${date.split('-').reverse().join('/')}.`;

let rows = MOCK_ROWS;
let imported = new Set([MOCK_CONFLICT_DATE]);
let rememberUploads = false;
let conflictDetail = mockConflictDetail;

/** Back to the hand-picked answers, no upload remembered (mocks/handlers/index.ts). */
export function resetImportacaoMock() {
  rows = MOCK_ROWS;
  imported = new Set([MOCK_CONFLICT_DATE]);
  rememberUploads = false;
  conflictDetail = mockConflictDetail;
}

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

export const importacaoHandlers = [
  handle(e.upload, ({ input: { body }, form }) => {
    // jsdom's XMLHttpRequest loses the file name on its way here: only browsers' uploads are checked for it.
    const arquivo = form?.get('arquivo');
    if (!arquivo || typeof arquivo === 'string') {
      return fail(400, 'Selecione o arquivo (com abas de Patrimônio e Custódia).');
    }
    if (arquivo.name !== 'blob' && !hasImportExtension(arquivo.name)) {
      return fail(400, `Envie um arquivo .xlsx ou .xls (recebido: ${arquivo.name}).`);
    }
    const { tipo, data_referencia, force } = body;
    if (data_referencia === MOCK_INVALID_DATE) return fail(400, MOCK_INVALID_DETAIL);
    const exists = imported.has(data_referencia);
    if (exists && !force) return fail(409, conflictDetail(data_referencia));
    if (rememberUploads) imported.add(data_referencia);
    const status = exists ? 'sobrescrito' : 'importado';
    if (tipo !== 'auto') return ok(e.upload, { linhas: rows[tipo], status });
    return ok(e.upload, {
      resumo: {
        patrimonio: { linhas: rows.patrimonio, status },
        custodia: { linhas: rows.custodia, status },
      },
    });
  }),
];
