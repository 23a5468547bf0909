/** What one upload may cost. A tenth of these is plenty for a real advisory team's spreadsheets. */
export interface ImportLimits {
  /** The uploaded file (413 past it). */
  maxFileBytes: number;
  /** Data rows per sheet. */
  maxRows: number;
  /** Rows searched for the header, above the data (title rows, blank rows). */
  headerScanRows: number;
  /** ZIP (xlsx) central directory: entries, total inflated size, and inflation ratio of any large entry. */
  maxZipEntries: number;
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
  /** The parsing worker: heap and wall time. */
  workerHeapMb: number;
  parseTimeoutMs: number;
  /** Parsing workers at once; further uploads wait in a short queue, past it they get a 503. */
  maxWorkers: number;
  maxQueued: number;
}

export const DEFAULT_LIMITS: ImportLimits = {
  maxFileBytes: 10 * 1024 * 1024,
  maxRows: 50_000,
  headerScanRows: 30,
  maxZipEntries: 500,
  maxUncompressedBytes: 60 * 1024 * 1024,
  maxCompressionRatio: 200,
  workerHeapMb: 512,
  parseTimeoutMs: 30_000,
  maxWorkers: 2,
  maxQueued: 8,
};

export const MB = 1024 * 1024;
