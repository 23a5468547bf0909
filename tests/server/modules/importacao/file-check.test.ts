import * as XLSX from '@e965/xlsx';
import { deflateSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  checkZipDirectory,
  ImportError,
  rebuildZip,
  sniffContainer,
} from '../../../../server/modules/importacao/file-check';
import { DEFAULT_LIMITS } from '../../../../server/modules/importacao/limits';
import {
  hiddenEntryBomb,
  standardWorkbook,
  writeZip,
  zerosDeflated,
  zipBomb,
  zipParts,
  type ZipPart,
} from './workbooks';

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

  it('refuses a bomb whose directory lies, by inflating it (never past the limit)', () => {
    const liar = zipBomb(25, 8, { lie: true });
    expect(() => checkZipDirectory(liar, DEFAULT_LIMITS)).not.toThrow();
    const err = rejection(() => rebuildZip(liar, DEFAULT_LIMITS));
    expect(err.status).toBe(413);
    expect(err.detail).toBe('A planilha descompactada passa do limite de 60 MB.');
  });

  it('lets a normal workbook inflate', () => {
    expect(() => rebuildZip(standardWorkbook(), DEFAULT_LIMITS)).not.toThrow();
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

const CORRUPT = 'A planilha está corrompida ou incompleta e não pôde ser lida.';
const parts = (): ZipPart[] => zipParts(standardWorkbook());
const sheets = (buf: Uint8Array) => {
  const wb = XLSX.read(buf, { type: 'buffer' });
  return wb.SheetNames.map((name) => XLSX.utils.sheet_to_json(wb.Sheets[name]!, { header: 1 }));
};

describe('the archive, read only as its directory describes it', () => {
  it("refuses the probe's bomb: a header hidden in a stored part, which a directory record declaring 0 bytes points at", () => {
    const bomb = hiddenEntryBomb(64);
    expect(bomb.length).toBeLessThan(MB);
    const err = rejection(() => checkZipDirectory(bomb, DEFAULT_LIMITS));
    expect(err.status).toBe(400);
    expect(err.detail).toBe(CORRUPT);
  });

  it('refuses an entry whose data runs into the next entry', () => {
    const zip = writeZip(parts().map((p) => ({ ...p, stored: true })));
    // The first part claims 10 bytes more, in its local header and its directory record alike.
    for (const [at, field] of [
      [zip.locals[0]!, 18],
      [zip.locals[0]!, 22],
      [zip.centrals[0]!, 20],
      [zip.centrals[0]!, 24],
    ] as const) {
      zip.buf.writeUInt32LE(zip.buf.readUInt32LE(at + field) + 10, at + field);
    }
    expect(rejection(() => checkZipDirectory(zip.buf, DEFAULT_LIMITS)).detail).toBe(CORRUPT);
  });

  it('refuses a directory record pointing at no local header', () => {
    const zip = writeZip(parts());
    zip.buf.writeUInt32LE(zip.locals[1]! + 1, zip.centrals[1]! + 42);
    expect(rejection(() => checkZipDirectory(zip.buf, DEFAULT_LIMITS)).detail).toBe(CORRUPT);
  });

  it('refuses two directory records for one local header', () => {
    const original = parts();
    const zip = writeZip(original, {
      extra: [{ name: original[0]!.name, at: () => 0, method: 8, compressedSize: 0, size: 0 }],
    });
    // The second record repeats the first one's crc and sizes: only sharing its header is wrong.
    const second = zip.centrals[original.length]!;
    zip.buf.copy(zip.buf, second + 16, zip.centrals[0]! + 16, zip.centrals[0]! + 28);
    expect(rejection(() => checkZipDirectory(zip.buf, DEFAULT_LIMITS)).detail).toBe(CORRUPT);
  });

  it("refuses two parts of the same name (which one a reader takes is anyone's guess)", () => {
    const original = parts();
    const sheet = original.find((p) => p.name.startsWith('xl/worksheets/'))!;
    const zip = writeZip([...original, { ...sheet, name: sheet.name.toUpperCase() }]);
    expect(rejection(() => checkZipDirectory(zip.buf, DEFAULT_LIMITS)).detail).toBe(CORRUPT);
  });

  it.each([
    ['compressed size', 18],
    ['size', 22],
    ['crc', 14],
  ])('refuses a local header whose %s disagrees with the directory', (_, field) => {
    const zip = writeZip(parts());
    zip.buf.writeUInt32LE(zip.buf.readUInt32LE(zip.locals[2]! + field) + 1, zip.locals[2]! + field);
    expect(rejection(() => checkZipDirectory(zip.buf, DEFAULT_LIMITS)).detail).toBe(CORRUPT);
  });

  it('refuses a local header naming another part than its directory record', () => {
    const zip = writeZip(parts());
    zip.buf.write('X', zip.locals[0]! + 30);
    expect(rejection(() => checkZipDirectory(zip.buf, DEFAULT_LIMITS)).detail).toBe(CORRUPT);
  });

  it('refuses a part whose deflate stream inflates to more than its directory says', () => {
    const zip = writeZip([
      ...parts(),
      {
        name: 'docProps/x.bin',
        data: new Uint8Array(4000),
        stream: deflateSync(new Uint8Array(5000)),
      },
    ]);
    expect(() => checkZipDirectory(zip.buf, DEFAULT_LIMITS)).not.toThrow();
    expect(rejection(() => rebuildZip(zip.buf, DEFAULT_LIMITS)).detail).toBe(CORRUPT);
  });

  it('refuses a part declared empty whose stream is not (SheetJS would grow a buffer for all of it)', () => {
    const zip = writeZip([
      ...parts(),
      { name: 'docProps/x.bin', data: new Uint8Array(0), stream: zerosDeflated(4) },
    ]);
    expect(() => checkZipDirectory(zip.buf, DEFAULT_LIMITS)).not.toThrow();
    const err = rejection(() => rebuildZip(zip.buf, DEFAULT_LIMITS));
    expect(err.status).toBe(400);
    expect(err.detail).toBe(CORRUPT);
  });

  it.each(['signed', 'unsigned'] as const)(
    'reads parts whose sizes follow their data (a %s data descriptor), as streaming writers save them',
    (descriptor) => {
      const zip = writeZip(parts(), { descriptor });
      expect(zip.buf.readUInt16LE(zip.centrals[0]! + 8) & 0x0008).toBe(0x0008);
      expect(checkZipDirectory(zip.buf, DEFAULT_LIMITS)).toHaveLength(parts().length);
      expect(sheets(rebuildZip(zip.buf, DEFAULT_LIMITS))).toEqual(sheets(standardWorkbook()));
    },
  );

  it('refuses a data descriptor that disagrees with the directory', () => {
    const zip = writeZip(parts(), { descriptor: 'signed' });
    const descriptor = zip.locals[1]! - 16;
    zip.buf.writeUInt32LE(zip.buf.readUInt32LE(descriptor + 12) + 1, descriptor + 12);
    expect(rejection(() => checkZipDirectory(zip.buf, DEFAULT_LIMITS)).detail).toBe(CORRUPT);
  });

  it('hands SheetJS a stored archive of the same parts', () => {
    const rebuilt = rebuildZip(standardWorkbook(), DEFAULT_LIMITS);
    const entries = checkZipDirectory(rebuilt, DEFAULT_LIMITS);
    expect(entries.map((e) => e.method)).toEqual(parts().map(() => 0));
    expect(entries.map((e) => Buffer.from(e.name).toString())).toEqual(parts().map((p) => p.name));
    expect(sheets(rebuilt)).toEqual(sheets(standardWorkbook()));
  });

  it('refuses a ZIP-encrypted part as password-protected', () => {
    const zip = writeZip(parts());
    for (const at of [zip.locals[0]! + 6, zip.centrals[0]! + 8]) zip.buf.writeUInt16LE(1, at);
    const err = rejection(() => checkZipDirectory(zip.buf, DEFAULT_LIMITS));
    expect(err.detail).toBe(
      'A planilha está protegida por senha: salve-a sem senha e envie de novo.',
    );
  });
});
