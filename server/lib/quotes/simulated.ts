/**
 * The demo's moving prices: the last close moved by a small drift that depends only on the ticker and the
 * current 10-second window, so every refresh a few seconds apart shows new prices and every instance agrees.
 */
const WINDOW_MS = 10_000;
const AMPLITUDE = 0.02;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) / 4294967296;
}

/** The 10-second window `nowMs` falls in: the quotes change only when it does. */
export function windowOf(nowMs: number): number {
  return Math.floor(nowMs / WINDOW_MS);
}

/** When the window `nowMs` falls in began: the simulated quotes' time. */
export function windowStart(nowMs: number): string {
  return new Date(windowOf(nowMs) * WINDOW_MS).toISOString();
}

/** A factor within 1 ± 2 %, constant within a window. */
export function driftFactor(ticker: string, nowMs: number): number {
  const window = windowOf(nowMs);
  const phase = hash(ticker) * 2 * Math.PI;
  const wave = 0.7 * Math.sin(window * 0.9 + phase) + 0.3 * Math.sin(window * 0.23 + 2 * phase);
  return 1 + AMPLITUDE * wave;
}

export function simulate(closes: Map<string, number>, nowMs: number): Map<string, number> {
  const quotes = new Map<string, number>();
  for (const [ticker, close] of closes) {
    // B3's tick is one cent.
    quotes.set(ticker, Math.round(close * driftFactor(ticker, nowMs) * 100) / 100);
  }
  return quotes;
}
