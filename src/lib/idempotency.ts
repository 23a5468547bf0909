/**
 * Idempotency-Keys derived from what is sent. The same intent sent again (a double click, a retry after a lost
 * answer) carries the same key, so the server answers the order it already has; any change to the request (a
 * field, a leg, a confirmation ticked) is another request and gets another key, with nothing to reset by hand.
 *
 * The key also hashes the intent: a random id the screen draws once per form (and again after an order that
 * failed), because the server keeps every key for good. Without it, the same buy typed again tomorrow in a new
 * dialog would answer yesterday's order instead of sending a new one.
 */

/** JSON with every object's keys sorted (and undefined left out, as the request's body leaves it out). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

// SHA-256 in plain code: crypto.subtle exists only in secure contexts, and the product also runs over plain http on
// an office network (src/lib/uuid.ts). FIPS 180-4's constants (the first primes' cube and square roots).
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const H0 = new Uint32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
/** The eight working words. */
type Eight = [number, number, number, number, number, number, number, number];
const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** One 64-byte block of the message into the running hash `h`. */
function compress(h: Uint32Array, w: Uint32Array, view: DataView, offset: number) {
  for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15]!;
    const b = w[i - 2]!;
    const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
    const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
  }
  let [a, b, c, d, e, f, g, hh] = [...h] as Eight;
  for (let i = 0; i < 64; i++) {
    const t1 =
      (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) >>> 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
    [hh, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
  }
  [a, b, c, d, e, f, g, hh].forEach((v, i) => (h[i] = (h[i]! + v) >>> 0));
}

/** The SHA-256 of a text's UTF-8 bytes, in hex. */
export function sha256Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const padded = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bytes.length / 2 ** 29));
  view.setUint32(padded.length - 4, (bytes.length * 8) >>> 0);
  const h = Uint32Array.from(H0);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) compress(h, w, view, offset);
  return [...h].map((x) => x.toString(16).padStart(8, '0')).join('');
}

/**
 * The operator's confirmations over a warning, and how a key says them: the same request sent again confirmed is
 * a new intent, tied to the refused one by its key (the refused key, marked).
 */
const CONFIRMACOES = {
  confirmar_compra_em_voo: 'em-voo',
  confirmar_acima_do_terminal: 'acima',
} as const;

/**
 * The Idempotency-Key of `body` sent for `intent` (with the path's `params`, when they say what is sent): the first
 * 128 bits of the SHA-256 of all three as canonical JSON, written as a UUID is, then ':em-voo' or ':acima' for
 * each confirmation the body carries.
 */
export function idempotencyKey(intent: string, body: object, params: object = {}): string {
  const pedido: Record<string, unknown> = { ...body };
  const marcas: string[] = [];
  for (const [campo, marca] of Object.entries(CONFIRMACOES)) {
    if (pedido[campo] === true) marcas.push(marca);
    delete pedido[campo];
  }
  const hex = sha256Hex(canonicalJson({ intent, params, body: pedido }));
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  return [uuid, ...marcas].join(':');
}
