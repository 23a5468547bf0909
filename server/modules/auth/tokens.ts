import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { parseUuid } from '../../../contract';

export interface TokenClaims {
  /** The username the token was issued to. */
  username: string;
  /** The session the token belongs to (its `jti`). */
  sessionId: string;
}

export interface TokenService {
  issue(claims: TokenClaims, expiresAt: Date): Promise<string>;
  /**
   * The token's claims, or null when it is missing, expired, forged, of another algorithm, or lacks an
   * expiry, a subject or a session: a token that would never expire or names no session is not ours.
   */
  verify(token: string): TokenClaims | null;
}

const ISSUER = 'carteira-rv';
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** How many verified tokens are remembered: far more than the staff's open sessions. */
const REMEMBERED = 1024;

/** The secrets tokens are signed with: one, or (with PostgreSQL) the current and a rotated one, read each time. */
export type JwtKeySource = string | (() => { current: string; previous: string | null });

export function createTokenService(source: JwtKeySource): TokenService {
  const encoder = new TextEncoder();
  const bytes = new Map<string, Uint8Array>();
  const keyBytes = (secret: string) => {
    let key = bytes.get(secret);
    if (!key) bytes.set(secret, (key = encoder.encode(secret)));
    return key;
  };
  const keys = typeof source === 'string' ? () => ({ current: source, previous: null }) : source;
  const signedBy = (signed: string, signature: Buffer, secret: string) => {
    const expected = crypto.createHmac('sha256', keyBytes(secret)).update(signed).digest();
    return signature.length === expected.length && crypto.timingSafeEqual(signature, expected);
  };
  // A token is the same bytes on every request of its session: once its signature has been checked, only its
  // time window can change. Remembering it spares every later request the HMAC and two JSON decodes.
  // (Its not-before has passed when it is remembered, and time only moves on.)
  const verified = new Map<string, { claims: TokenClaims; exp: number }>();
  let rememberedFor = keys();
  return {
    issue({ username, sessionId }, expiresAt) {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(username)
        .setJti(sessionId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(keyBytes(keys().current));
    },
    // Every authenticated request verifies a token: here on the event loop in microseconds, where a WebCrypto
    // verification (jose's) goes to libuv's thread pool and back, a tenth of a millisecond per request.
    // HS256 only, and only what `issue` writes: any other header (alg none, another algorithm, a `crit`
    // extension) is refused, as jose refuses it with the allow-list.
    verify(token) {
      const now = Math.floor(Date.now() / 1000);
      const keysNow = keys();
      // A rotation (or the rotated secret's end) forgets every token verified with what is no longer accepted.
      if (
        keysNow.current !== rememberedFor.current ||
        keysNow.previous !== rememberedFor.previous
      ) {
        verified.clear();
        rememberedFor = keysNow;
      }
      const known = verified.get(token);
      if (known) {
        if (known.exp > now) return known.claims;
        verified.delete(token);
        return null;
      }
      const parts = token.split('.');
      if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return null;
      const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
      const header = decodeJson(headerPart);
      if (!header || header.alg !== 'HS256' || 'crit' in header) return null;
      if (header.typ !== undefined && header.typ !== 'JWT') return null;
      const signed = `${headerPart}.${payloadPart}`;
      const signature = Buffer.from(signaturePart, 'base64url');
      const { current, previous } = keysNow;
      // A token signed before a rotation verifies with the secret it replaced, until it expires.
      if (
        !signedBy(signed, signature, current) &&
        !(previous !== null && signedBy(signed, signature, previous))
      ) {
        return null;
      }
      const claims = decodeJson(payloadPart);
      if (!claims) return null;
      const { sub, jti, iss, exp, nbf } = claims;
      if (iss !== ISSUER) return null;
      if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= now) return null;
      if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
      if (typeof sub !== 'string' || !sub || typeof jti !== 'string' || parseUuid(jti) === null) {
        return null;
      }
      const entry = { claims: { username: sub, sessionId: jti }, exp };
      if (verified.size >= REMEMBERED) verified.delete(verified.keys().next().value!);
      verified.set(token, entry);
      return entry.claims;
    },
  };
}
