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
  it('unzips the daily file (one latin1 entry) and keeps the standard-lot spot stocks only', () => {
    const entries = read('COTAHIST_D03022022.TXT.zip');
    expect(entries.map((e) => e.nome)).toEqual(['COTAHIST_D03022022.TXT']);
    const { cotacoes, registros } = parseCotahist(entries[0]!.texto);
    expect(registros).toBe(7261);
    expect(cotacoes).toHaveLength(815);
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
      abertura: '32.3500',
      maxima: '32.9200',
      minima: '31.6200',
      fechamento: '32.0700',
      volume: 51_087_800,
    });
    expect(by('VALE3')?.fechamento).toBe('85.7500');
    const next = parseCotahist(read('COTAHIST_D04022022.TXT.zip')[0]!.texto).cotacoes;
    expect(next).toHaveLength(819);
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
