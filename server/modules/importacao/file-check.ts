import { inflateRawSync } from 'node:zlib';
import { HttpError } from '../../lib/http-error';
import type { ImportLimits } from './limits';
import { MB } from './limits';

/** A rejected upload with a detail the user can act on; the parsing process sends back its status and detail. */
export class ImportError extends HttpError {
  constructor(
    readonly status: 400 | 413 | 503,
    detail: string,
  ) {
    super(status, detail);
    this.name = 'ImportError';
  }
}

const NOT_A_SPREADSHEET =
  'O arquivo não é uma planilha do Excel (.xlsx ou .xls): o conteúdo não corresponde à extensão.';
export const CORRUPT = 'A planilha está corrompida ou incompleta e não pôde ser lida.';
export const PROTECTED = 'A planilha está protegida por senha: salve-a sem senha e envie de novo.';

export const tooMuchMemory = () =>
  new ImportError(413, 'A planilha exige memória demais para ser lida.');

/** An allocation refused by the process's memory limit (buffers, strings, zlib), not a bug in the file's reading. */
export function isOutOfMemory(err: unknown): boolean {
  return (
    (err instanceof RangeError &&
      /allocation failed|invalid (string|array|typed array) length/i.test(err.message)) ||
    (err as { code?: string } | null)?.code === 'Z_MEM_ERROR'
  );
}

export type Container = 'zip' | 'cfb';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
// OLE2 compound file: legacy .xls, and also any password-protected Office file.
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (buf: Uint8Array, magic: number[]) => magic.every((b, i) => buf[i] === b);

/** What the bytes are, whatever the file is called: SheetJS would happily read a CSV or an HTML page. */
export function sniffContainer(buf: Uint8Array): Container {
  if (startsWith(buf, ZIP_MAGIC)) return 'zip';
  if (startsWith(buf, CFB_MAGIC)) return 'cfb';
  throw new ImportError(400, NOT_A_SPREADSHEET);
}

type ZipLimits = Pick<
  ImportLimits,
  'maxZipEntries' | 'maxUncompressedBytes' | 'maxCompressionRatio'
>;

const tooBig = (limits: Pick<ImportLimits, 'maxUncompressedBytes'>) =>
  new ImportError(
    413,
    `A planilha descompactada passa do limite de ${Math.round(limits.maxUncompressedBytes / MB)} MB.`,
  );

const corrupt = () => new ImportError(400, CORRUPT);

const LOCAL_SIGNATURE = 0x04034b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const DESCRIPTOR_SIGNATURE = 0x08074b50;
const EOCD_SIGNATURE = 0x06054b50;
const LOCAL_SIZE = 30;
const CENTRAL_SIZE = 46;
const EOCD_SIZE = 22;
// Flag bits: 0 and 6 encryption, 13 an encrypted directory; 3 sizes in a descriptor after the data.
const ENCRYPTED = 0x2041;
const DESCRIPTOR = 0x0008;
// Inflation ratios are only suspicious for entries big enough to matter.
const RATIO_FLOOR_BYTES = MB;

/** One part of the archive, where the directory and its local header agree it is. */
export interface ZipEntry {
  /** The name's bytes as stored: SheetJS reads them as they are. */
  name: Uint8Array;
  method: 0 | 8;
  crc: number;
  dataStart: number;
  compressedSize: number;
  size: number;
}

/**
 * Reads the archive the one way this module ever reads it: from the central directory, each entry at a local
 * header that agrees with its directory record (name, method, crc and sizes, or a data descriptor after the data
 * that does), no two entries sharing a byte or a name, no ZIP64 (no spreadsheet under the size limit needs it). A
 * file that contradicts itself anywhere is corrupt; one whose declared sizes break the limits is refused before
 * anything is inflated (a 0.7 MB zip bomb that inflates to 200 MB takes SheetJS past 500 MB of memory).
 */
export function checkZipDirectory(buf: Uint8Array, limits: ZipLimits): ZipEntry[] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  let eocd = -1;
  for (let i = buf.length - EOCD_SIZE; i >= Math.max(0, buf.length - EOCD_SIZE - 0xffff); i--) {
    if (u32(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupt();
  const entries = u16(eocd + 10);
  const dirSize = u32(eocd + 12);
  const dirOffset = u32(eocd + 16);
  const dirEnd = dirOffset + dirSize;
  // One disk, every entry on it, and the ZIP64 markers refused.
  if (
    u16(eocd + 4) !== 0 ||
    u16(eocd + 6) !== 0 ||
    u16(eocd + 8) !== entries ||
    entries === 0xffff ||
    dirOffset === 0xffffffff ||
    dirEnd > eocd
  ) {
    throw corrupt();
  }
  if (entries > limits.maxZipEntries) {
    throw new ImportError(
      413,
      `A planilha tem partes internas demais (${entries}; o limite é ${limits.maxZipEntries}).`,
    );
  }

  const found: ZipEntry[] = [];
  const spans: [number, number][] = [];
  const names = new Set<string>();
  let total = 0;
  let at = dirOffset;
  for (let n = 0; n < entries; n++) {
    if (at + CENTRAL_SIZE > dirEnd || u32(at) !== CENTRAL_SIGNATURE) throw corrupt();
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const crc = u32(at + 16);
    const compressedSize = u32(at + 20);
    const size = u32(at + 24);
    const nameLength = u16(at + 28);
    const offset = u32(at + 42);
    const name = buf.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength);
    at += CENTRAL_SIZE + nameLength + u16(at + 30) + u16(at + 32);
    if (at > dirEnd) throw corrupt();

    if (flags & ENCRYPTED) throw new ImportError(400, PROTECTED);
    if ((method !== 0 && method !== 8) || compressedSize === 0xffffffff || size === 0xffffffff) {
      throw corrupt();
    }
    if (method === 0 && compressedSize !== size) throw corrupt();
    total += size;
    if (total > limits.maxUncompressedBytes) throw tooBig(limits);
    const ratio = size / Math.max(compressedSize, 1);
    if (size > RATIO_FLOOR_BYTES && ratio > limits.maxCompressionRatio) {
      throw new ImportError(
        413,
        `A planilha tem uma taxa de compressão suspeita (${Math.round(ratio)}:1) e foi recusada.`,
      );
    }

    // The local header: where the directory says, saying the same.
    if (offset + LOCAL_SIZE > dirOffset || u32(offset) !== LOCAL_SIGNATURE) throw corrupt();
    const localFlags = u16(offset + 6);
    const localNameLength = u16(offset + 26);
    const dataStart = offset + LOCAL_SIZE + localNameLength + u16(offset + 28);
    const localName = buf.subarray(offset + LOCAL_SIZE, offset + LOCAL_SIZE + localNameLength);
    if (
      (localFlags & (ENCRYPTED | DESCRIPTOR)) !== (flags & (ENCRYPTED | DESCRIPTOR)) ||
      u16(offset + 8) !== method ||
      !sameBytes(localName, name)
    ) {
      throw corrupt();
    }
    const declared = [crc, compressedSize, size];
    const local = [u32(offset + 14), u32(offset + 18), u32(offset + 22)];
    let end = dataStart + compressedSize;
    if (flags & DESCRIPTOR) {
      // Streaming writers (Java's among them) put zeros here and the sizes after the data.
      if (local.some((v, i) => v !== 0 && v !== declared[i])) throw corrupt();
      end = descriptorEnd(view, end, dirOffset, declared);
    } else if (local.some((v, i) => v !== declared[i])) {
      throw corrupt();
    }
    if (end > dirOffset) throw corrupt();

    const key = Buffer.from(name).toString('latin1').toLowerCase();
    if (names.has(key)) throw corrupt();
    names.add(key);
    spans.push([offset, end]);
    found.push({ name, method, crc, dataStart, compressedSize, size });
  }
  if (at !== dirEnd) throw corrupt();
  // No byte belongs to two entries: an entry hidden inside another's data, or two records for one local header.
  spans.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++) if (spans[i]![0] < spans[i - 1]![1]) throw corrupt();
  return found;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Where the data descriptor after an entry ends, if it repeats the directory's crc and sizes (32 or 64 bits). */
function descriptorEnd(view: DataView, at: number, limit: number, declared: number[]): number {
  const start = at + 4 <= limit && view.getUint32(at, true) === DESCRIPTOR_SIGNATURE ? at + 4 : at;
  const [crc, compressedSize, size] = declared;
  const fits = (length: number) => start + length <= limit && view.getUint32(start, true) === crc;
  if (
    fits(12) &&
    view.getUint32(start + 4, true) === compressedSize &&
    view.getUint32(start + 8, true) === size
  ) {
    return start + 12;
  }
  if (
    fits(20) &&
    view.getBigUint64(start + 4, true) === BigInt(compressedSize!) &&
    view.getBigUint64(start + 12, true) === BigInt(size!)
  ) {
    return start + 20;
  }
  throw corrupt();
}

/**
 * Inflates every entry itself, where the directory says, never past the inflated-size limit, checks each part
 * inflates to exactly its declared size, and returns the parts as a plain stored archive. SheetJS then reads only
 * that: it never inflates anything, so none of its own ways of reading an archive (it trusts the local header, and
 * a part declared empty grows without bound) can be turned against it. Each part is written into the new archive
 * as soon as it is inflated, so the parts never take twice their size.
 */
export function rebuildZip(buf: Uint8Array, limits: ZipLimits): Buffer {
  const entries = checkZipDirectory(buf, limits);
  const directory = entries.reduce((sum, e) => sum + CENTRAL_SIZE + e.name.length, 0);
  const body = entries.reduce((sum, e) => sum + LOCAL_SIZE + e.name.length + e.size, 0);
  const out = Buffer.alloc(body + directory + EOCD_SIZE);
  let total = 0;
  let mismatch = false;
  let at = 0;
  const offsets = entries.map((entry) => {
    const offset = at;
    writeHeader(out, at, LOCAL_SIGNATURE, entry);
    out.set(entry.name, at + LOCAL_SIZE);
    at += LOCAL_SIZE + entry.name.length;
    const stored = buf.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    if (entry.method === 0) out.set(stored, at);
    else {
      let data: Buffer;
      try {
        data = inflateRawSync(stored, {
          maxOutputLength: Math.max(1, limits.maxUncompressedBytes - total),
        });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooBig(limits);
        throw isOutOfMemory(err) ? tooMuchMemory() : corrupt();
      }
      total += data.length;
      if (total > limits.maxUncompressedBytes) throw tooBig(limits);
      // Judged once all is inflated: a directory that lies about its sizes is told by the limit first.
      if (data.length === entry.size) out.set(data, at);
      else mismatch = true;
    }
    at += entry.size;
    return offset;
  });
  if (mismatch) throw corrupt();
  entries.forEach((entry, i) => {
    writeHeader(out, at, CENTRAL_SIGNATURE, entry);
    out.writeUInt32LE(offsets[i]!, at + 42);
    out.set(entry.name, at + CENTRAL_SIZE);
    at += CENTRAL_SIZE + entry.name.length;
  });
  out.writeUInt32LE(EOCD_SIGNATURE, at);
  out.writeUInt16LE(entries.length, at + 8);
  out.writeUInt16LE(entries.length, at + 10);
  out.writeUInt32LE(directory, at + 12);
  out.writeUInt32LE(body, at + 16);
  return out;
}

/** A stored entry's local header or directory record (the fields past the name lengths left zero). */
function writeHeader(out: Buffer, at: number, signature: number, entry: ZipEntry) {
  const central = signature === CENTRAL_SIGNATURE;
  const fields = central ? at + 2 : at;
  out.writeUInt32LE(signature, at);
  if (central) out.writeUInt16LE(20, at + 4);
  out.writeUInt16LE(20, fields + 4);
  out.writeUInt32LE(entry.crc, fields + 14);
  out.writeUInt32LE(entry.size, fields + 18);
  out.writeUInt32LE(entry.size, fields + 22);
  out.writeUInt16LE(entry.name.length, fields + 26);
}
