import { SignJWT, errors, jwtVerify } from 'jose';

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
  verify(token: string): Promise<TokenClaims | null>;
}

const ISSUER = 'carteira-rv';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    issue({ username, sessionId }, expiresAt) {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(username)
        .setJti(sessionId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          requiredClaims: ['exp', 'sub', 'jti'],
        });
        const { sub, jti } = payload;
        if (typeof sub !== 'string' || !sub || typeof jti !== 'string' || !UUID.test(jti))
          return null;
        return { username: sub, sessionId: jti };
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
