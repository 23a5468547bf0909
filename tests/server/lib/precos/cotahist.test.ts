import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CotahistError,
  parseCotahist,
  textosCotahist,
} from '../../../../server/lib/precos/cotahist';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/cotahist');
const read = (name: string) => textosCotahist(fs.readFileSync(path.join(FIXTURES, name)));

/** The real 2022-02-03 daily file, as text. */
const day = read('COTAHIST_D03022022.TXT.zip')[0]!.texto;
const lines = day.split('\r\n');
const petr4 = lines.findIndex((l) => l.startsWith('012022020302PETR4 '));

const withLine = (index: number, line: string) =>
  lines.map((l, i) => (i === index ? line : l)).join('\r\n');
const errorOf = (text: string) => {
  try {
    parseCotahist(text);
  } catch (err) {
    return err as CotahistError;
  }
  throw new Error('parsed without error');
};

describe('COTAHIST parser on real B3 files', () => {
  it('unzips the daily file (one latin1 entry) and keeps the spot stocks, units, BDRs, FIIs and ETFs only', () => {
    const entries = read('COTAHIST_D03022022.TXT.zip');
    expect(entries.map((e) => e.nome)).toEqual(['COTAHIST_D03022022.TXT']);
    const { cotacoes, registros } = parseCotahist(entries[0]!.texto);
    expect(registros).toBe(7261);
    expect(cotacoes).toHaveLength(1139);
    expect(new Set(cotacoes.map((c) => c.data))).toEqual(new Set(['2022-02-03']));
    // Fractional (PETR4F, BDI 96) and option records are left out.
    expect(cotacoes.some((c) => c.ticker.endsWith('F'))).toBe(false);
  });

  it('reads prices ÷ 100 and volume as the number of shares (QUATOT)', () => {
    const { cotacoes } = parseCotahist(day);
    const by = (t: string) => cotacoes.find((c) => c.ticker === t);
    expect(by('PETR4')).toEqual({
      data: '2022-02-03',
      ticker: 'PETR4',
      nome: 'PETROBRAS',
      classe: 'acao',
      abertura: '32.3500',
      maxima: '32.9200',
      minima: '31.6200',
      fechamento: '32.0700',
      volume: 51_087_800,
    });
    expect(by('VALE3')?.fechamento).toBe('85.7500');
    const next = parseCotahist(read('COTAHIST_D04022022.TXT.zip')[0]!.texto).cotacoes;
    expect(next).toHaveLength(1144);
    expect(next.find((c) => c.ticker === 'PETR4')?.fechamento).toBe('32.6300');
    expect(next.find((c) => c.ticker === 'VALE3')?.volume).toBe(24_535_400);
  });

  it('reads a plain .TXT (not zipped) the same way', () => {
    const bytes = new TextEncoder().encode(day);
    expect(textosCotahist(bytes)).toEqual([{ nome: null, texto: day }]);
  });

  it('divides by the quote factor (FATCOT)', () => {
    const line = lines[petr4]!;
    const perThousand = line.slice(0, 210) + '0001000' + line.slice(217);
    const { cotacoes } = parseCotahist(withLine(petr4, perThousand));
    expect(cotacoes.find((c) => c.ticker === 'PETR4')?.fechamento).toBe('0.0321');
  });
});

describe('COTAHIST classes (issue 29): from the record’s codes, not the ticker', () => {
  const classes = (texto: string) =>
    Object.fromEntries(parseCotahist(texto).cotacoes.map((c) => [c.ticker, c.classe]));

  it.each([
    ['COTAHIST_D03022022.TXT.zip', { acao: 364, bdr: 436, unit: 15, fii: 250, etf: 74 }],
    ['COTAHIST_D04022022.TXT.zip', { acao: 372, bdr: 432, unit: 15, fii: 252, etf: 73 }],
  ])('classifies every kept record of %s', (arquivo, porClasse) => {
    const { cotacoes } = parseCotahist(read(arquivo)[0]!.texto);
    const contagem: Record<string, number> = {};
    for (const c of cotacoes) contagem[c.classe] = (contagem[c.classe] ?? 0) + 1;
    expect(contagem).toEqual(porClasse);
  });

  it('tells units from preferred shares ending in 11, BDRs of any level, FIIs from ETFs', () => {
    expect(classes(day)).toMatchObject({
      PETR4: 'acao',
      // A class E preferred share, though it ends in 11 like a unit.
      BRGE11: 'acao',
      TAEE11: 'unit',
      KLBN11: 'unit',
      SANB11: 'unit',
      BPAC11: 'unit',
      ENGI11: 'unit',
      ALUP11: 'unit',
      AAPL34: 'bdr',
      AURA33: 'bdr',
      XPBR31: 'bdr',
      HGLG11: 'fii',
      KNRI11: 'fii',
      XPML11: 'fii',
      MXRF11: 'fii',
      BOVA11: 'etf',
      SMAL11: 'etf',
      IVVB11: 'etf',
    });
    // Rights (BDI 10), FIAGROs (13), credit funds (BDI 14, FIDC…) and warrants (22) stay out.
    expect(classes(day)).not.toHaveProperty('AMER1');
    expect(classes(day)).not.toHaveProperty('BBGO11');
    expect(classes(day)).not.toHaveProperty('KDIF11');
    expect(classes(day)).not.toHaveProperty('GOLL11');
  });

  it('classifies the bundled 2021 daily file the same way', () => {
    const texto = fs.readFileSync(
      path.resolve(
        import.meta.dirname,
        '../../../../../shared/data/cotahist/COTAHIST_D25062021.TXT',
      ),
      'latin1',
    );
    expect(classes(texto)).toMatchObject({
      PETR4: 'acao',
      TAEE11: 'unit',
      HGLG11: 'fii',
      BOVA11: 'etf',
      WSON33: 'bdr',
    });
    // A unit in judicial recovery (BDI 08): a special situation, left out.
    expect(classes(texto)).not.toHaveProperty('RNEW11');
  });
});

describe('COTAHIST parser on malformed records', () => {
  it('names the line of a record of the wrong length', () => {
    const err = errorOf(withLine(petr4, lines[petr4]!.slice(0, 200)));
    expect(err).toBeInstanceOf(CotahistError);
    expect(err.linha).toBe(petr4 + 1);
    expect(err.message).toBe(`line ${petr4 + 1}: a record has 245 characters, this one has 200`);
  });

  it('names the line and the field of a price that is not a number', () => {
    const line = lines[petr4]!;
    const err = errorOf(withLine(petr4, line.slice(0, 108) + '0000000003X07' + line.slice(121)));
    expect(err.message).toBe(
      `line ${petr4 + 1}: fechamento (columns 109-121) is not a number: "0000000003X07"`,
    );
  });

  it('refuses an unknown record type, an invalid date, a missing header', () => {
    const line = lines[petr4]!;
    expect(errorOf(withLine(petr4, '07' + line.slice(2))).message).toMatch(
      /unknown record type "07"/,
    );
    expect(errorOf(withLine(petr4, '0120220231' + line.slice(10))).message).toMatch(
      /invalid date "20220231"/,
    );
    expect(errorOf(lines.slice(1).join('\r\n')).message).toMatch(/^line 1: not a COTAHIST file/);
    expect(errorOf('Date,Close\n2022-01-01,10\n').linha).toBe(1);
  });

  it('refuses an empty line in the middle of the file', () => {
    expect(errorOf(withLine(petr4, '')).message).toBe(`line ${petr4 + 1}: empty line`);
  });
});
