import {
  ARQUIVO_OBRIGATORIO,
  extensaoRecusada,
  hasImportExtension,
  importacaoEndpoints as e,
} from '../../contract';
import { fail, handle, ok } from '../contract';
import { recorded } from '../recorded';

/**
 * The import's answers: its recorded line counts, and the recorded 409 for a date already imported (the recorded
 * one, those the seed names, and with `lembrar` those imported in the session).
 */
interface ImportacaoSeed {
  linhas: { patrimonio: number; custodia: number };
  importadas: string[];
  lembrar: boolean;
}
let seed: ImportacaoSeed = {
  linhas: { patrimonio: 0, custodia: 0 },
  importadas: [],
  lembrar: false,
};
let importadas = new Set<string>();

const conflito = recorded('importacao-upload-409').response.body.detail;
const dataDoConflito = /\d{2}\/\d{2}\/\d{4}/.exec(conflito)![0];
const br = (iso: string) => iso.split('-').reverse().join('/');
/** The date the recorder imported (it answered the recorded 409). */
export const DATA_IMPORTADA = dataDoConflito.split('/').reverse().join('-');

export const resetImportacaoMock = () =>
  (importadas = new Set([DATA_IMPORTADA, ...seed.importadas]));
export function seedImportacaoMock(data: ImportacaoSeed) {
  seed = data;
  resetImportacaoMock();
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
    const exists = importadas.has(data);
    if (exists && !force) return fail(409, conflito.replace(dataDoConflito, br(data)));
    if (seed.lembrar) importadas.add(data);
    const status = exists ? ('sobrescrito' as const) : ('importado' as const);
    if (tipo !== 'auto') return ok(e.upload, { linhas: seed.linhas[tipo], status });
    const { patrimonio, custodia } = seed.linhas;
    const resumo = {
      patrimonio: { linhas: patrimonio, status },
      custodia: { linhas: custodia, status },
    };
    return ok(e.upload, { resumo });
  }),
];
