import { SignJWT, errors, jwtVerify } from 'jose';

export interface TokenService {
  issue(username: string): Promise<string>;
  /** The username the token was issued to, or null when it is missing, expired, forged or of another algorithm. */
  verify(token: string): Promise<string | null>;
}

const ISSUER = 'carteira-rv';

export function createTokenService(secret: string, expiresHours: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    issue(username) {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(username)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${expiresHours}h`)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        return typeof payload.sub === 'string' && payload.sub ? payload.sub : null;
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
