import { unzipSync } from 'fflate';
import type { ClasseAtivo } from '../../../contract';
import { Decimal } from '../../../shared/decimal';
import { classeCotahist } from './cotahist-classe';

/**
 * B3's COTAHIST files (the official daily quote history): fixed-width records of 245 characters, latin1,
 * CRLF. A header (00), quote records (01) and a trailer (99). Only spot records (market type 010) of the
 * classes the product knows are kept: stocks, units and BDRs (BDI 02), FIIs (12) and ETFs (14), each with its
 * class read from the record's codes (cotahist-classe.ts).
 */

/** One kept quote record, prices already divided by 100 and by the quote factor (4 places). */
export interface CotacaoCotahist {
  data: string;
  ticker: string;
  nome: string;
  classe: ClasseAtivo;
  abertura: string;
  maxima: string;
  minima: string;
  fechamento: string;
  /** Number of shares traded (QUATOT). */
  volume: number;
}

export class CotahistError extends Error {
  constructor(
    readonly linha: number,
    motivo: string,
  ) {
    super(`line ${linha}: ${motivo}`);
  }
}

const TAMANHO = 245;
const EOF = String.fromCharCode(0x1a);

// 1-based [start, end] columns of the layout, as B3 documents them.
const CAMPOS = {
  tipo: [1, 2],
  data: [3, 10],
  bdi: [11, 12],
  ticker: [13, 24],
  mercado: [25, 27],
  nome: [28, 39],
  especi: [40, 49],
  abertura: [57, 69],
  maxima: [70, 82],
  minima: [83, 95],
  fechamento: [109, 121],
  quantidade: [153, 170],
  fator: [211, 217],
  isin: [231, 242],
} as const;

const campo = (linha: string, nome: keyof typeof CAMPOS) =>
  linha.slice(CAMPOS[nome][0] - 1, CAMPOS[nome][1]);

const DIGITOS = /^\d+$/;

function numero(linha: string, nome: keyof typeof CAMPOS, n: number): string {
  const texto = campo(linha, nome);
  if (!DIGITOS.test(texto)) {
    throw new CotahistError(
      n,
      `${nome} (columns ${CAMPOS[nome].join('-')}) is not a number: "${texto}"`,
    );
  }
  return texto;
}

function dataIso(texto: string, n: number): string {
  const iso = `${texto.slice(0, 4)}-${texto.slice(4, 6)}-${texto.slice(6, 8)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (
    !DIGITOS.test(texto) ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== iso
  ) {
    throw new CotahistError(n, `invalid date "${texto}"`);
  }
  return iso;
}

const preco = (centavos: string, fator: number) =>
  new Decimal(centavos).div(100).div(fator).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);

/**
 * Parses a whole file's text. Any malformed record throws a CotahistError naming its line, so that a caller
 * stores nothing from a file it cannot read entirely.
 */
export function parseCotahist(texto: string): { cotacoes: CotacaoCotahist[]; registros: number } {
  const linhas = texto.split('\n');
  const porChave = new Map<string, CotacaoCotahist>();
  let registros = 0;
  let cabecalho = false;
  for (let i = 0; i < linhas.length; i++) {
    const n = i + 1;
    const linha = linhas[i]!.replace(/\r$/, '');
    // The last line is empty after the final CRLF; some files end with a DOS end-of-file mark.
    if (linha === '' || linha === EOF) {
      if (linhas.slice(i + 1).every((l) => l.replace(/\r$/, '') === '' || l === EOF)) break;
      throw new CotahistError(n, 'empty line');
    }
    if (linha.length !== TAMANHO) {
      throw new CotahistError(
        n,
        `a record has ${TAMANHO} characters, this one has ${linha.length}`,
      );
    }
    const tipo = campo(linha, 'tipo');
    if (!cabecalho) {
      if (tipo !== '00')
        throw new CotahistError(n, 'not a COTAHIST file: the header record (00) is missing');
      cabecalho = true;
      continue;
    }
    if (tipo === '00' || tipo === '99') continue;
    if (tipo !== '01') throw new CotahistError(n, `unknown record type "${tipo}"`);
    registros++;
    const data = dataIso(campo(linha, 'data'), n);
    if (campo(linha, 'mercado') !== '010') continue;
    const classe = classeCotahist(
      campo(linha, 'bdi'),
      campo(linha, 'especi'),
      campo(linha, 'isin'),
    );
    if (!classe) continue;
    const ticker = campo(linha, 'ticker').trim();
    if (!/^[A-Z0-9]{4,12}$/.test(ticker)) throw new CotahistError(n, `invalid ticker "${ticker}"`);
    const fator = Number(numero(linha, 'fator', n));
    if (fator <= 0) throw new CotahistError(n, 'the quote factor (FATCOT) is zero');
    const cotacao: CotacaoCotahist = {
      data,
      ticker,
      nome: campo(linha, 'nome').trim(),
      classe,
      abertura: preco(numero(linha, 'abertura', n), fator),
      maxima: preco(numero(linha, 'maxima', n), fator),
      minima: preco(numero(linha, 'minima', n), fator),
      fechamento: preco(numero(linha, 'fechamento', n), fator),
      volume: Number(numero(linha, 'quantidade', n)),
    };
    porChave.set(`${ticker} ${data}`, cotacao);
  }
  if (!cabecalho) throw new CotahistError(1, 'empty file');
  return { cotacoes: [...porChave.values()], registros };
}

const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  bytes[2] === 0x03 &&
  bytes[3] === 0x04;

/**
 * The text of a .TXT file, or of every file inside a .ZIP (B3 ships each file zipped), decoded as latin1.
 * Recognised by content, not by name.
 */
export function textosCotahist(bytes: Uint8Array): Array<{ nome: string | null; texto: string }> {
  const latin1 = new TextDecoder('latin1');
  if (!isZip(bytes)) return [{ nome: null, texto: latin1.decode(bytes) }];
  const entradas = unzipSync(bytes);
  return Object.keys(entradas)
    .filter((nome) => !nome.endsWith('/'))
    .sort()
    .map((nome) => ({ nome, texto: latin1.decode(entradas[nome]) }));
}
