import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  checkZipDirectory,
  checkZipInflation,
  ImportError,
  sniffContainer,
} from '../../../../server/modules/importacao/file-check';
import { DEFAULT_LIMITS } from '../../../../server/modules/importacao/limits';
import { standardWorkbook, zipBomb } from './workbooks';

const MB = 1024 * 1024;

function rejection(fn: () => unknown): ImportError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ImportError);
    return err as ImportError;
  }
  throw new Error('expected an ImportError');
}

describe('sniffContainer', () => {
  it('tells xlsx (ZIP) from xls (OLE2) by their bytes', () => {
    expect(sniffContainer(standardWorkbook('xlsx'))).toBe('zip');
    expect(sniffContainer(standardWorkbook('biff8'))).toBe('cfb');
  });

  it.each([
    ['CSV', 'Código;Patrimônio\n1;100\n'],
    ['HTML', '<html><table><tr><td>1</td></tr></table></html>'],
    ['PNG', '\x89PNG\r\n\x1a\n'],
    ['empty', ''],
  ])('refuses a %s file, whatever its name', (_, content) => {
    const err = rejection(() => sniffContainer(Buffer.from(content, 'latin1')));
    expect(err.status).toBe(400);
    expect(err.detail).toMatch(/^O arquivo não é uma planilha do Excel/);
  });
});

describe('checkZipDirectory', () => {
  it('accepts a normal workbook', () => {
    expect(() => checkZipDirectory(standardWorkbook(), DEFAULT_LIMITS)).not.toThrow();
  });

  it('refuses a zip bomb from its central directory, without inflating it', () => {
    const bomb = zipBomb();
    expect(bomb.length).toBeLessThan(MB);
    const err = rejection(() => checkZipDirectory(bomb, DEFAULT_LIMITS));
    expect(err.status).toBe(413);
    expect(err.detail).toBe(
      'A planilha tem uma taxa de compressão suspeita (1024:1) e foi recusada.',
    );
  });

  it('refuses an archive whose parts add up past the inflated-size limit', () => {
    const err = rejection(() =>
      checkZipDirectory(zipBomb(), { ...DEFAULT_LIMITS, maxCompressionRatio: Infinity }),
    );
    expect(err.status).toBe(413);
    expect(err.detail).toBe('A planilha descompactada passa do limite de 60 MB.');
  });

  it('refuses a bomb whose directory lies, by inflating it (keeping nothing) up to the limit', () => {
    const liar = zipBomb(25, 8, { lie: true });
    expect(() => checkZipDirectory(liar, DEFAULT_LIMITS)).not.toThrow();
    const err = rejection(() => checkZipInflation(liar, DEFAULT_LIMITS));
    expect(err.status).toBe(413);
    expect(err.detail).toBe('A planilha descompactada passa do limite de 60 MB.');
  });

  it('lets a normal workbook inflate', () => {
    expect(() => checkZipInflation(standardWorkbook(), DEFAULT_LIMITS)).not.toThrow();
  });

  it('refuses too many entries', () => {
    const files = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`f${i}.xml`, new Uint8Array(1)]),
    );
    const err = rejection(() =>
      checkZipDirectory(zipSync(files), { ...DEFAULT_LIMITS, maxZipEntries: 10 }),
    );
    expect(err.detail).toBe('A planilha tem partes internas demais (12; o limite é 10).');
  });

  it('refuses a truncated archive (no central directory) as corrupt', () => {
    const err = rejection(() =>
      checkZipDirectory(standardWorkbook().subarray(0, 1500), DEFAULT_LIMITS),
    );
    expect(err.status).toBe(400);
    expect(err.detail).toBe('A planilha está corrompida ou incompleta e não pôde ser lida.');
  });
});
