/**
 * The Banco Central's SGS API for the CDI (series 12, percent a day for each business day):
 *
 *   GET {base}/dados/serie/bcdata.sgs.12/dados?formato=json&dataInicial=dd/mm/aaaa&dataFinal=dd/mm/aaaa
 *   → [{"data": "02/01/2026", "valor": "0.055131"}, …]
 *
 * A daily series is asked for with both dates and at most 10 years at a time (the API refuses longer windows since
 * 2025), so a long backfill is several calls. A window without any value is answered with
 * `{"erro": {"detail": "Value(s) not found"}}` (HTTP 404): that is an empty answer, not a failure.
 */

export const SERIE_CDI = 12;
/** The windows asked for; five years keeps well inside the API's ten. */
const ANOS_POR_JANELA = 5;

export interface TaxaBcb {
  /** aaaa-mm-dd */
  data: string;
  /** % a day, exact decimal text as published. */
  taxa: string;
}

/** Why a benchmark's refresh failed, in Portuguese (the endpoints' avisos show it). */
export class RefreshError extends Error {}

const paraBr = (iso: string) => iso.split('-').reverse().join('/');

function paraIso(br: unknown): string | null {
  if (typeof br !== 'string') return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(br);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

const addYears = (iso: string, anos: number) => `${Number(iso.slice(0, 4)) + anos}${iso.slice(4)}`;

function addDays(iso: string, dias: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** [de, ate] cut into windows of at most ANOS_POR_JANELA years, oldest first. */
export function janelas(de: string, ate: string): Array<[string, string]> {
  const lista: Array<[string, string]> = [];
  for (let inicio = de; inicio <= ate;) {
    const limite = addDays(addYears(inicio, ANOS_POR_JANELA), -1);
    const fim = limite < ate ? limite : ate;
    lista.push([inicio, fim]);
    inicio = addDays(fim, 1);
  }
  return lista;
}

/** A network failure in a few words: the system's code (ENOTFOUND, ECONNREFUSED) or the time-out. */
function causa(err: unknown): string {
  const codigo = (err as { cause?: { code?: string } }).cause?.code;
  if (codigo) return codigo;
  const nome = (err as Error).name;
  return nome === 'TimeoutError' ? 'tempo esgotado' : nome === 'AbortError' ? 'interrompida' : nome;
}

const semValores = (corpo: unknown) => {
  const erro = (corpo as { erro?: { detail?: unknown } } | null)?.erro;
  return typeof erro?.detail === 'string' && /not found/i.test(erro.detail);
};

/** The answer's rows, each checked: a malformed row fails the whole call rather than store a wrong rate. */
function readRows(corpo: unknown): TaxaBcb[] {
  if (!Array.isArray(corpo)) throw new RefreshError('resposta inesperada do Banco Central');
  return corpo.map((linha: { data?: unknown; valor?: unknown }) => {
    const data = paraIso(linha?.data);
    const valor = typeof linha?.valor === 'string' ? linha.valor.trim() : '';
    if (!data || !/^-?\d{1,6}(\.\d{1,8})?$/.test(valor)) {
      throw new RefreshError(
        `linha inesperada na resposta do Banco Central: ${JSON.stringify(linha)}`,
      );
    }
    return { data, taxa: valor };
  });
}

/** One window of series 12 from the API at `baseUrl`. */
async function fetchJanela(
  baseUrl: string,
  [de, ate]: [string, string],
  signal: AbortSignal,
): Promise<TaxaBcb[]> {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/dados/serie/bcdata.sgs.${SERIE_CDI}/dados`);
  url.searchParams.set('formato', 'json');
  url.searchParams.set('dataInicial', paraBr(de));
  url.searchParams.set('dataFinal', paraBr(ate));
  let res: Response;
  try {
    res = await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (err) {
    throw new RefreshError(`sem resposta do Banco Central (${causa(err)})`);
  }
  const texto = await res.text();
  let corpo: unknown = undefined;
  try {
    corpo = JSON.parse(texto);
  } catch {
    // An outage's page (HTML) or a cut answer: the status says more than the body.
  }
  if (semValores(corpo)) return [];
  if (!res.ok) throw new RefreshError(`o Banco Central respondeu HTTP ${res.status}`);
  if (corpo === undefined) throw new RefreshError('resposta do Banco Central não é JSON');
  return readRows(corpo);
}

/** The CDI of every business day in [de, ate], in as many windows as the API needs, oldest first. */
export async function fetchCdi(
  baseUrl: string,
  de: string,
  ate: string,
  opts: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<TaxaBcb[]> {
  const taxas: TaxaBcb[] = [];
  for (const janela of janelas(de, ate)) {
    const tempo = AbortSignal.timeout(opts.timeoutMs ?? 20_000);
    const signal = opts.signal ? AbortSignal.any([opts.signal, tempo]) : tempo;
    taxas.push(...(await fetchJanela(baseUrl, janela, signal)));
  }
  return taxas;
}
