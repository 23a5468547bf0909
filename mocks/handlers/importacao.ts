import {
  ARQUIVO_OBRIGATORIO,
  extensaoRecusada,
  hasImportExtension,
  importacaoEndpoints as e,
} from '../../contract';
import { fail, handle, ok } from '../contract';
import { recorded } from '../recorded';

/** A date "already imported": the upload answers 409 unless forced. */
export const MOCK_CONFLICT_DATE = '2025-01-31';
/** A date whose upload is refused as the server refused a sheet without its columns (recorded). */
export const MOCK_INVALID_DATE = '2025-03-31';
export const MOCK_INVALID_DETAIL = recorded('importacao-upload-400').response.body.detail;
export const MOCK_ROWS = { patrimonio: 3, custodia: 4 };

/** The recorded 409, for another date. */
const conflito = recorded('importacao-upload-409').response.body.detail;
const dataDoConflito = /\d{2}\/\d{2}\/\d{4}/.exec(conflito)![0];
const br = (iso: string) => iso.split('-').reverse().join('/');
const conflictDetail = (date: string) => conflito.replace(dataDoConflito, br(date));

let state = { rows: MOCK_ROWS, imported: new Set([MOCK_CONFLICT_DATE]), remember: false };

/** Back to the hand-picked answers, no upload remembered (mocks/handlers/index.ts). */
export const resetImportacaoMock = () =>
  (state = { rows: MOCK_ROWS, imported: new Set([MOCK_CONFLICT_DATE]), remember: false });

/** QA replay: the recorded answers, and every date imported in the session conflicts afterwards. */
export function seedImportacaoMock(rows: typeof MOCK_ROWS) {
  const recordedDate = dataDoConflito.split('/').reverse().join('-');
  state = { rows, imported: new Set([recordedDate]), remember: true };
}

export const importacaoHandlers = [
  handle(e.upload, ({ input: { body }, form }) => {
    // jsdom's XMLHttpRequest loses the file name on its way here: only browsers' uploads are checked for it.
    const arquivo = form?.get('arquivo');
    if (!arquivo || typeof arquivo === 'string') return fail(400, ARQUIVO_OBRIGATORIO);
    if (arquivo.name !== 'blob' && !hasImportExtension(arquivo.name)) {
      return fail(400, extensaoRecusada(arquivo.name));
    }
    const { tipo, data_referencia: data, force } = body;
    if (data === MOCK_INVALID_DATE) return fail(400, MOCK_INVALID_DETAIL);
    const exists = state.imported.has(data);
    if (exists && !force) return fail(409, conflictDetail(data));
    if (state.remember) state.imported.add(data);
    const status = exists ? 'sobrescrito' : 'importado';
    if (tipo !== 'auto') return ok(e.upload, { linhas: state.rows[tipo], status });
    const { patrimonio, custodia } = state.rows;
    return ok(e.upload, {
      resumo: {
        patrimonio: { linhas: patrimonio, status },
        custodia: { linhas: custodia, status },
      },
    });
  }),
];
