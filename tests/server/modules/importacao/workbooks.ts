import * as XLSX from '@e965/xlsx';
import { deflateSync } from 'fflate';

export type Rows = unknown[][];

export interface SheetSpec {
  rows: Rows;
  merges?: XLSX.Range[];
}

/** A workbook file built in memory: xlsx, or legacy .xls (BIFF8). */
export function buildWorkbook(
  sheets: Record<string, Rows | SheetSpec>,
  bookType: 'xlsx' | 'biff8' = 'xlsx',
): Buffer {
  const wb = XLSX.utils.book_new();
  for (const [name, spec] of Object.entries(sheets)) {
    const { rows, merges } = Array.isArray(spec) ? { rows: spec, merges: undefined } : spec;
    const ws = XLSX.utils.aoa_to_sheet(rows);
    if (merges) ws['!merges'] = merges;
    XLSX.utils.book_append_sheet(wb, ws, name);
  }
  return XLSX.write(wb, { type: 'buffer', bookType, compression: true }) as Buffer;
}

export const PATRIMONIO: Rows = [
  ['Código', 'Nome', 'Patrimônio'],
  ['1001', 'Ana Souza', 150000.5],
  [1002, 'Bruno Lima', '1.234.567,89'],
  ['1003', 'Carla Dias', 'R$ 98.765,43'],
];

export const CUSTODIA: Rows = [
  ['Código do Cliente', 'Ativo', 'Quantidade', 'Preço Médio', 'Valor'],
  ['1001', 'PETR4', 300, 32.1234, 9637.02],
  ['1001', 'vale3', '1.000', '65,4321', 'R$ 65.432,10'],
  ['1002', 'ITUB4', 50, '', ''],
  ['1003', 'BBAS3', 200, 27.5, 5500],
];

/** Both sheets, as the team's spreadsheets have them. */
export const standardWorkbook = (bookType: 'xlsx' | 'biff8' = 'xlsx') =>
  buildWorkbook({ Patrimônio: PATRIMONIO, Custódia: CUSTODIA }, bookType);

/** An OLE2 container holding EncryptionInfo: how Excel saves a password-protected workbook. */
export function encryptedWorkbook(): Buffer {
  const cfb = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(cfb, '/EncryptionInfo', Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]));
  XLSX.CFB.utils.cfb_add(cfb, '/EncryptedPackage', Buffer.alloc(4096, 7));
  return XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer;
}

/** A workbook with `n` patrimony rows and `n` custody rows (benchmarks, limits). */
export function bigWorkbook(n: number): Buffer {
  const patrimonio: Rows = [['Código', 'Nome', 'Patrimônio']];
  const custodia: Rows = [['Código', 'Ativo', 'Quantidade', 'Preço Médio', 'Valor']];
  const tickers = ['PETR4', 'VALE3', 'ITUB4', 'BBDC4', 'ABEV3'];
  for (let i = 0; i < n; i++) {
    patrimonio.push([String(100000 + i), `Cliente ${i}`, 1000 + i * 37.13]);
    custodia.push([String(100000 + i), tickers[i % tickers.length], 100 + i, 12.3456, 1234.56]);
  }
  return buildWorkbook({ Patrimônio: patrimonio, Custódia: custodia });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = CRC_TABLE[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A genuine zip bomb, built fast: `entries` parts of `entryMb` MB of zeros each, all sharing one deflated block
 * (8 KB per 8 MB). 25 × 8 MB = 200 MB from about 200 KB. With `lie`, its headers claim each part inflates to its
 * compressed size, which passes any check of the directory alone.
 */
export function zipBomb(entries = 25, entryMb = 8, { lie = false } = {}): Buffer {
  const raw = new Uint8Array(entryMb * 1024 * 1024);
  const compressed = deflateSync(raw, { level: 9 });
  const crc = crc32(raw);
  const declared = lie ? compressed.length : raw.length;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < entries; i++) {
    const name = Buffer.from(`xl/worksheets/sheet${i + 1}.xml`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(compressed));
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
