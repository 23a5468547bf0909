import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { CODIGOS_RECUPERACAO } from '../../../contract';

// The second factor (issue 32): TOTP as RFC 6238 says (SHA-1, 6 digits, 30 s), the apps' common settings.

const ISSUER = 'Carteira RV';
const PERIOD = 30;
/** Codes of the step before and after are accepted too: a phone's clock a little off, a code typed at the turn. */
const WINDOW = 1;

const totpOf = (segredo: string, username: string) =>
  new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(segredo),
  });

/** A new secret (160 bits, base32) and its otpauth:// URI for the QR code. */
export function newTotpSecret(username: string): { segredo: string; otpauth_uri: string } {
  const segredo = new Secret({ size: 20 }).base32;
  return { segredo, otpauth_uri: totpOf(segredo, username).toString() };
}

/**
 * The time step of a valid TOTP code at `now`, or null. The caller accepts it only if it is later than the last
 * step accepted for the user: a code seen once cannot be replayed within its window.
 */
export function totpStep(segredo: string, codigo: string, now = Date.now()): number | null {
  const token = codigo.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(segredo, '').validate({ token, timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

// Recovery codes: 80 random bits each (16 characters of base32), so a plain SHA-256 keeps them: no one can
// enumerate them back from a copy of the database, and checking one costs nothing.
const ALFABETO = 'abcdefghijklmnopqrstuvwxyz234567';

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALFABETO[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** The form a recovery code is compared in: lower case, without the hyphens and spaces it is shown or typed with. */
export const normalizeRecoveryCode = (codigo: string) =>
  codigo.toLowerCase().replace(/[\s-]+/g, '');

export const hashRecoveryCode = (codigo: string) =>
  crypto.createHash('sha256').update(normalizeRecoveryCode(codigo)).digest('hex');

/** Ten new recovery codes as shown once ("abcd-efgh-ijkl-mnop"). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: CODIGOS_RECUPERACAO }, () =>
    (base32(crypto.randomBytes(10)).match(/.{4}/g) ?? []).join('-'),
  );
}

/** Whether the text looks like a recovery code (else it is taken as a TOTP code). */
export const isRecoveryCode = (codigo: string) =>
  /^[a-z2-7]{16}$/.test(normalizeRecoveryCode(codigo));
