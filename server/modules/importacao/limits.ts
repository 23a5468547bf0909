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
  /**
   * The parsing process, one upload at a time: each worker thread's JavaScript heap, the whole process's memory (its
   * data segment: heaps, buffers, stacks), and the wall time of an upload's parse.
   */
  workerHeapMb: number;
  workerMemoryMb: number;
  parseTimeoutMs: number;
  /** Worker threads in the parsing process: an upload's sheets are parsed side by side. */
  maxWorkers: number;
  /** Uploads waiting for the parsing process; past them an upload gets a 503. */
  maxQueued: number;
}

export const DEFAULT_LIMITS: ImportLimits = {
  maxFileBytes: 10 * 1024 * 1024,
  maxRows: 50_000,
  headerScanRows: 30,
  maxZipEntries: 500,
  maxUncompressedBytes: 60 * 1024 * 1024,
  maxCompressionRatio: 200,
  workerHeapMb: 256,
  workerMemoryMb: 512,
  parseTimeoutMs: 30_000,
  maxWorkers: 2,
  maxQueued: 8,
};

export const MB = 1024 * 1024;
