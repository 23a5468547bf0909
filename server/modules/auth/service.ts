import type { LoginResponse } from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { isEmbedded, readVersions } from '../../lib/cache';
import { HttpError } from '../../lib/http-error';
import { burnVerification, verifyPassword } from './passwords';
import { SessionMemo } from './session-memo';
import { createSession, endSession, findLiveSession } from './sessions';
import { createLoginThrottle } from './throttle';
import { createTokenService } from './tokens';
import { findUser, markLogin } from './users';

const INVALID = 'Usuário ou senha inválidos.';

export interface AuthSession {
  username: string;
  sessionId: string;
}

export interface AuthService {
  /** Checks the password and opens a session: `{access, username}`, or a 401 / 429 HttpError. */
  login(input: { username: string; password: string; address: string }): Promise<LoginResponse>;
  logout(session: AuthSession, address: string): Promise<void>;
  /**
   * The session a bearer token names, or null for a bad token (forged, expired, not ours); whether that session
   * still lives is `isLive`.
   */
  verify(token: string): AuthSession | null;
  /** Whether the token's session still opens the API: not ended, not expired, its user still there. */
  isLive(session: AuthSession): Promise<boolean>;
  /**
   * Reads the shared secrets again when a token fails to verify (another instance may sign with a rotated one),
   * at most once every few seconds; answers whether they changed. Always false on the embedded database.
   */
  refreshKeys(): Promise<boolean>;
}

/** How often a token that fails to verify may make the secrets be read again. */
const REFRESH_EVERY_MS = 2_000;

export function createAuthService(opts: {
  db: Db;
  config: Pick<Config, 'login' | 'jwtExpiresHours'>;
  jwtSecret: string;
  /** With PostgreSQL: the instances' shared secrets, which a rotation changes while the process runs. */
  secrets?: { jwt: { current: string; previous: string | null }; refresh(): Promise<boolean> };
}): AuthService {
  const { db, config, secrets } = opts;
  const tokens = createTokenService(secrets ? () => secrets.jwt : opts.jwtSecret);
  let refreshedAt = 0;
  const memo = isEmbedded(db) ? new SessionMemo() : null;
  const throttle = createLoginThrottle(db, config.login);

  return {
    async login({ username, password, address }) {
      const admission = await throttle.admit(username, address);
      const user = await findUser(db, username);
      const ok = user
        ? await verifyPassword(user.password_hash, password)
        : (await burnVerification(password), false);
      if (!user || !ok) {
        const waits = await throttle.failed(admission);
        // The username as typed: the log shows what was tried, existing account or not.
        await audit(db, [
          { username, action: 'login_failed', entity: 'session', after: { address } },
          ...waits.map((w) => ({
            username,
            action: 'login_delayed',
            entity: 'session',
            after: { address, scope: w.scope, seconds: w.seconds },
          })),
        ]);
        throw new HttpError(401, INVALID);
      }
      await throttle.succeeded(admission);
      const expiresAt = new Date(Date.now() + config.jwtExpiresHours * 3600_000);
      const sessionId = await db.transaction(async (tx) => {
        const id = await createSession(tx, user, expiresAt, address);
        await markLogin(tx, user.id);
        await audit(tx, {
          username: user.username,
          action: 'login',
          entity: 'session',
          entityId: id,
          after: { address, known_address: admission.known },
        });
        return id;
      });
      const access = await tokens.issue({ username: user.username, sessionId }, expiresAt);
      return { access, username: user.username, papel: 'admin', escopo: 'completo' };
    },

    async logout(session, address) {
      await db.transaction(async (tx) => {
        await endSession(tx, session.sessionId);
        await audit(tx, {
          username: session.username,
          action: 'logout',
          entity: 'session',
          entityId: session.sessionId,
          after: { address },
        });
      });
    },

    verify: (token) => tokens.verify(token),
    async isLive({ username, sessionId }) {
      if (!memo) return (await findLiveSession(db, sessionId))?.username === username;
      // The embedded database tells the sessions' version without a query (a notification per committed write):
      // a session is looked up once, then again only after a write to sessions. A lookup costs it ~0.4 ms of
      // the one thread that serves every request.
      const version = (await readVersions(db)).sessions;
      const known = memo.check(version, sessionId, username, Date.now());
      if (known !== undefined) return known;
      const found = await findLiveSession(db, sessionId);
      if (found) memo.remember(version, sessionId, found);
      return found?.username === username;
    },
    async refreshKeys() {
      if (!secrets || Date.now() - refreshedAt < REFRESH_EVERY_MS) return false;
      refreshedAt = Date.now();
      return secrets.refresh();
    },
  };
}
