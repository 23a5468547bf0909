import { constants, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { deflateSync, unzipSync } from 'fflate';

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

const MB = 1024 * 1024;

export interface ZipPart {
  name: string;
  data: Uint8Array;
  /** Kept as is (method 0) instead of deflated. */
  stored?: boolean;
  /** The deflate stream written, whatever it inflates to: the headers still declare `data`'s size and crc. */
  stream?: Uint8Array;
}

/** A directory record pointing wherever a test says, declaring what it says; nothing is written for it. */
export interface ExtraRecord {
  name: string;
  at: (dataStarts: number[]) => number;
  method: 0 | 8;
  compressedSize: number;
  size: number;
}

export interface ZipFile {
  buf: Buffer;
  /** Where each part's local header, its data, and its directory record (then the extra records') start. */
  locals: number[];
  dataStarts: number[];
  centrals: number[];
}

function localHeader(
  name: Buffer,
  fields: { flags: number; method: number; crc: number; compressedSize: number; size: number },
): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(fields.flags, 6);
  local.writeUInt16LE(fields.method, 8);
  local.writeUInt32LE(fields.crc, 14);
  local.writeUInt32LE(fields.compressedSize, 18);
  local.writeUInt32LE(fields.size, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name]);
}

/**
 * A ZIP archive written by hand, so that a test can make it odd or hostile by rewriting a field. `descriptor` puts
 * each part's crc and sizes after its data (flag bit 3, zeros in the local header) as streaming writers do (Java's
 * ZipOutputStream, the B3 exports), with or without the descriptor's own signature.
 */
export function writeZip(
  parts: ZipPart[],
  { descriptor, extra = [] }: { descriptor?: 'signed' | 'unsigned'; extra?: ExtraRecord[] } = {},
): ZipFile {
  const chunks: Buffer[] = [];
  const records: Buffer[] = [];
  const locals: number[] = [];
  const dataStarts: number[] = [];
  let offset = 0;
  const record = (
    name: Buffer,
    fields: { flags: number; method: number; crc: number; compressedSize: number; size: number },
    at: number,
  ) => {
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(fields.flags, 8);
    central.writeUInt16LE(fields.method, 10);
    central.writeUInt32LE(fields.crc, 16);
    central.writeUInt32LE(fields.compressedSize, 20);
    central.writeUInt32LE(fields.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(at, 42);
    records.push(Buffer.concat([central, name]));
  };
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const body = part.stored ? part.data : (part.stream ?? deflateSync(part.data));
    const fields = {
      flags: descriptor ? 0x0008 : 0,
      method: part.stored ? 0 : 8,
      crc: crc32(part.data),
      compressedSize: body.length,
      size: part.data.length,
    };
    const header = localHeader(
      name,
      descriptor ? { ...fields, crc: 0, compressedSize: 0, size: 0 } : fields,
    );
    locals.push(offset);
    dataStarts.push(offset + header.length);
    chunks.push(header, Buffer.from(body));
    offset += header.length + body.length;
    if (descriptor) {
      const tail = Buffer.alloc(16);
      tail.writeUInt32LE(0x08074b50, 0);
      tail.writeUInt32LE(fields.crc, 4);
      tail.writeUInt32LE(fields.compressedSize, 8);
      tail.writeUInt32LE(fields.size, 12);
      const written = descriptor === 'signed' ? tail : tail.subarray(4);
      chunks.push(written);
      offset += written.length;
    }
    record(name, fields, locals.at(-1)!);
  }
  for (const r of extra) {
    record(
      Buffer.from(r.name),
      { flags: 0, method: r.method, crc: 0, compressedSize: r.compressedSize, size: r.size },
      r.at(dataStarts),
    );
  }
  const centrals: number[] = [];
  let at = offset;
  for (const r of records) {
    centrals.push(at);
    at += r.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(records.length, 8);
  end.writeUInt16LE(records.length, 10);
  end.writeUInt32LE(at - offset, 12);
  end.writeUInt32LE(offset, 16);
  return { buf: Buffer.concat([...chunks, ...records, end]), locals, dataStarts, centrals };
}

/** A workbook's parts, in its directory's order. */
export const zipParts = (buf: Uint8Array): ZipPart[] =>
  Object.entries(unzipSync(buf)).map(([name, data]) => ({ name, data }));

/**
 * A raw deflate stream of `mb` MB of zeros, built without holding them: 1 MB of zeros flushed to a byte boundary
 * refers only to zeros, so its 1 KB repeat, and an empty final block ends the stream. 2 GB take 2 MB.
 */
export function zerosDeflated(mb: number): Buffer {
  const chunk = deflateRawSync(Buffer.alloc(MB), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array<Buffer>(mb).fill(chunk), Buffer.from([0x03, 0x00])]);
}

/**
 * The security probe's bomb: a real workbook plus a stored part whose bytes are a second local header and a
 * deflate stream of `mb` MB of zeros, and a second directory record, declaring 0 bytes, pointing at that hidden
 * header. A reader that walks local headers in order never sees it; SheetJS follows the directory into it and,
 * told 0 bytes, grows its buffer for as long as the stream lasts.
 */
export function hiddenEntryBomb(mb: number): Buffer {
  const hiddenName = 'xl/media/image1.bin';
  const hidden = Buffer.concat([
    localHeader(Buffer.from(hiddenName), {
      flags: 0,
      method: 8,
      crc: 0,
      compressedSize: 0,
      size: 0,
    }),
    zerosDeflated(mb),
  ]);
  const parts = [
    ...zipParts(standardWorkbook()),
    { name: 'docProps/thumbnail.bin', data: hidden, stored: true },
  ];
  const carrier = parts.length - 1;
  return writeZip(parts, {
    extra: [
      { name: hiddenName, at: (starts) => starts[carrier]!, method: 8, compressedSize: 0, size: 0 },
    ],
  }).buf;
}

/**
 * A legacy .xls (OLE2 compound file) with no structural fault a reader is asked to check, whose sector chains all
 * end in one long shared tail: SheetJS copies the tail once for every chain that leads into it, so 4,096 sectors
 * (2 MB) ask for about 2 GB, in buffers outside the JavaScript heap.
 */
export function cfbChainBomb(sectors = 4096): Buffer {
  const size = 512;
  const fatSectors = Math.ceil(sectors / 128);
  const firstHead = 1 + fatSectors;
  const heads = Math.floor((sectors - firstHead) / 2);
  const firstTail = firstHead + heads;
  const file = Buffer.alloc((sectors + 1) * size);
  file.write('d0cf11e0a1b11ae1', 0, 'hex');
  file.writeUInt16LE(0x3e, 24); // minor version
  file.writeUInt16LE(3, 26); // major version: 512-byte sectors
  file.writeUInt16LE(0xfffe, 28); // byte order
  file.writeUInt16LE(9, 30); // sector shift
  file.writeUInt16LE(6, 32); // mini sector shift
  file.writeUInt32LE(fatSectors, 44);
  file.writeUInt32LE(0, 48); // the directory: sector 0
  file.writeUInt32LE(0x1000, 56); // mini stream cutoff
  file.writeInt32LE(-2, 60); // no mini FAT
  file.writeInt32LE(-2, 68); // no DIFAT
  for (let i = 0; i < 109; i++) file.writeInt32LE(i < fatSectors ? 1 + i : -1, 76 + 4 * i);
  const fat = (sector: number, next: number) =>
    file.writeInt32LE(next, (2 + Math.floor(sector / 128)) * size + (sector % 128) * 4);
  fat(0, -2);
  for (let s = 1; s < firstHead; s++) fat(s, -3);
  for (let s = firstHead; s < firstTail; s++) fat(s, firstTail);
  for (let s = firstTail; s < sectors; s++) fat(s, s + 1 < sectors ? s + 1 : -2);
  return file;
}
