import {
  ARQUIVO_OBRIGATORIO,
  extensaoRecusada,
  hasImportExtension,
  importacaoEndpoints as e,
} from '../../contract';
import { fail, handle, ok } from '../contract';
import { recorded } from '../recorded';

/**
 * The import's answers: its line counts (recorded, or a test's scene), and the recorded 409 for a date already
 * imported (the recorded one, the seed's, and with `lembrar` those imported in the session).
 */
let seed = { linhas: { patrimonio: 0, custodia: 0 }, importadas: [] as string[], lembrar: false };
let importadas = new Set<string>();

const conflito = recorded('importacao-upload-409').response.body.detail;
const [dataDoConflito] = /\d{2}\/\d{2}\/\d{4}/.exec(conflito)!;
/** dd/mm/aaaa ⇄ aaaa-mm-dd. */
const virada = (data: string, sep: string) => data.split(/[-/]/).reverse().join(sep);

export const resetImportacaoMock = () =>
  (importadas = new Set([virada(dataDoConflito!, '-'), ...seed.importadas]));
export const seedImportacaoMock = (data: typeof seed) => {
  seed = data;
  resetImportacaoMock();
};

export const importacaoHandlers = [
  handle(e.upload, ({ input: { body }, form }) => {
    // jsdom's XMLHttpRequest loses the file name on its way here: only browsers' uploads are checked for it.
    const arquivo = form?.get('arquivo');
    if (!arquivo || typeof arquivo === 'string') return fail(400, ARQUIVO_OBRIGATORIO);
    if (arquivo.name !== 'blob' && !hasImportExtension(arquivo.name))
      return fail(400, extensaoRecusada(arquivo.name));
    const { tipo, data_referencia: data, force } = body;
    const exists = importadas.has(data);
    if (exists && !force) return fail(409, conflito.replace(dataDoConflito!, virada(data, '/')));
    if (seed.lembrar) importadas.add(data);
    const status = exists ? ('sobrescrito' as const) : ('importado' as const);
    const [patrimonio, custodia] = [seed.linhas.patrimonio, seed.linhas.custodia];
    if (tipo !== 'auto') return ok(e.upload, { linhas: seed.linhas[tipo], status });
    const resumo = {
      patrimonio: { linhas: patrimonio, status },
      custodia: { linhas: custodia, status },
    };
    return ok(e.upload, { resumo });
  }),
];
