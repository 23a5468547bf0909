import { Unzip, UnzipInflate } from 'fflate';
import { HttpError } from '../../lib/http-error';
import type { ImportLimits } from './limits';
import { MB } from './limits';

/** A rejected upload with a detail the user can act on; the worker sends back its status and detail. */
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

const tooBig = (limits: Pick<ImportLimits, 'maxUncompressedBytes'>) =>
  new ImportError(
    413,
    `A planilha descompactada passa do limite de ${Math.round(limits.maxUncompressedBytes / MB)} MB.`,
  );

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
// Inflation ratios are only suspicious for entries big enough to matter.
const RATIO_FLOOR_BYTES = MB;

/**
 * Reads the ZIP central directory (never inflating anything) and refuses a file whose entries would inflate
 * past the limits: a 0.7 MB zip bomb that inflates to 200 MB takes SheetJS past 500 MB of memory. The sizes are
 * the archive's own claims; the worker's heap limit covers an archive that lies about them.
 */
export function checkZipDirectory(buf: Uint8Array, limits: ImportLimits): void {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const minEocd = 22;
  let eocd = -1;
  for (let i = buf.length - minEocd; i >= Math.max(0, buf.length - minEocd - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ImportError(400, CORRUPT);
  const entries = view.getUint16(eocd + 10, true);
  const dirSize = view.getUint32(eocd + 12, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  // ZIP64 markers: no spreadsheet under the size limit needs them.
  if (entries === 0xffff || dirOffset === 0xffffffff || dirOffset + dirSize > eocd) {
    throw new ImportError(400, CORRUPT);
  }
  if (entries > limits.maxZipEntries) {
    throw new ImportError(
      413,
      `A planilha tem partes internas demais (${entries}; o limite é ${limits.maxZipEntries}).`,
    );
  }
  let total = 0;
  let at = dirOffset;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      throw new ImportError(400, CORRUPT);
    }
    const compressed = view.getUint32(at + 20, true);
    const uncompressed = view.getUint32(at + 24, true);
    total += uncompressed;
    const ratio = uncompressed / Math.max(compressed, 1);
    if (total > limits.maxUncompressedBytes) throw tooBig(limits);
    if (uncompressed > RATIO_FLOOR_BYTES && ratio > limits.maxCompressionRatio) {
      throw new ImportError(
        413,
        `A planilha tem uma taxa de compressão suspeita (${Math.round(ratio)}:1) e foi recusada.`,
      );
    }
    at +=
      46 +
      view.getUint16(at + 28, true) +
      view.getUint16(at + 30, true) +
      view.getUint16(at + 32, true);
  }
}

const INFLATE_SLICE = 16 * 1024;

/**
 * Inflates every entry once, keeping nothing, and stops at the limit: an archive whose directory lies about its
 * sizes is caught before SheetJS inflates it all into memory outside the worker's heap limit. Input goes in
 * small slices, so no single output chunk can be large (deflate inflates at most about 1032:1).
 */
export function checkZipInflation(
  buf: Uint8Array,
  limits: Pick<ImportLimits, 'maxUncompressedBytes'>,
): void {
  let total = 0;
  // fflate hands an error thrown in ondata back to ondata: the first failure is kept and wins.
  let failure: ImportError | null = null;
  const unzip = new Unzip((file) => {
    file.ondata = (err, chunk) => {
      failure ??= err
        ? new ImportError(400, CORRUPT)
        : (total += chunk.length) > limits.maxUncompressedBytes
          ? tooBig(limits)
          : null;
      if (failure) throw failure;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < buf.length && !failure; at += INFLATE_SLICE) {
      unzip.push(buf.subarray(at, at + INFLATE_SLICE), at + INFLATE_SLICE >= buf.length);
    }
  } catch (err) {
    failure ??= err instanceof ImportError ? err : new ImportError(400, CORRUPT);
  }
  if (failure) throw failure;
}
