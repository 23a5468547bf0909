import {
  CODIGO_INVALIDO,
  DESAFIO_INVALIDO,
  PRECISA_2FA,
  type Escopo,
  type LoginResponse,
  type Papel,
} from '../../../contract';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { isEmbedded, readVersions } from '../../lib/cache';
import { HttpError } from '../../lib/http-error';
import { burnVerification, verifyPassword } from './passwords';
import {
  acceptCode,
  challengeUser,
  consumeChallenge,
  createChallenge,
  failChallenge,
} from './segundo-fator';
import { SessionMemo } from './session-memo';
import {
  createSession,
  endSession,
  findLiveSession,
  LAST_SEEN_EVERY_MS,
  touchSession,
  type LiveSession,
} from './sessions';
import { createLoginThrottle, type LoginThrottle } from './throttle';
import { createTokenService } from './tokens';
import { findUser, findUserById, markLogin, type UserRow } from './users';

const INVALID = 'Usuário ou senha inválidos.';
export const DESATIVADO = 'Usuário desativado: fale com um administrador.';

export interface AuthSession {
  username: string;
  sessionId: string;
}

/** Where a request comes from, as sessions record it. */
export interface Origin {
  address: string;
  userAgent?: string | undefined;
}

export interface AuthService {
  /**
   * Checks the password and opens a session: `{access, username, papel, escopo}`; a 401 (with `precisa_2fa` and
   * a challenge when the user has a second factor) or a 429 HttpError.
   */
  login(input: { username: string; password: string } & Origin): Promise<LoginResponse>;
  /** The second step: the challenge and a code of the user's second factor → the session. */
  login2fa(input: { desafio: string; codigo: string } & Origin): Promise<LoginResponse>;
  logout(session: AuthSession, address: string): Promise<void>;
  /**
   * Opens a session for the user inside `tx` (their password changed, their second factor turned on): the scope
   * follows from the user as they now are. The token is signed once `tx` is committed: call `issue` then.
   */
  openSession(
    tx: Tx,
    user: UserRow,
    origin: Origin,
  ): Promise<{ issue: () => Promise<LoginResponse>; sessionId: string }>;
  /** The login throttle, for the administrator's "desbloquear" and the users' list. */
  throttle: LoginThrottle;
  /** The roles EXIGIR_2FA names. */
  exige2fa(papel: Papel): boolean;
  /**
   * The session a bearer token names, or null for a bad token (forged, expired, not ours); whether that session
   * still lives is `liveSession`.
   */
  verify(token: string): AuthSession | null;
  /** The token's session if it still opens the API (not ended, not expired, its user still there), else null. */
  liveSession(session: AuthSession): Promise<LiveSession | null>;
  /** Records the session as seen now, at most once a minute per session (My account → sessions). */
  touch(sessionId: string): Promise<void>;
  /**
   * Reads the shared secrets again when a token fails to verify (another instance may sign with a rotated one),
   * at most once every few seconds; answers whether they changed. Always false on the embedded database.
   */
  refreshKeys(): Promise<boolean>;
}

/** How often a token that fails to verify may make the secrets be read again. */
const REFRESH_EVERY_MS = 2_000;
/** Sessions whose last write of "last seen" this process remembers (then it forgets them all). */
const TOUCHED = 4096;

export function createAuthService(opts: {
  db: Db;
  config: Pick<Config, 'login' | 'jwtExpiresHours' | 'exigir2fa'>;
  jwtSecret: string;
  /** With PostgreSQL: the instances' shared secrets, which a rotation changes while the process runs. */
  secrets?: { jwt: { current: string; previous: string | null }; refresh(): Promise<boolean> };
}): AuthService {
  const { db, config, secrets } = opts;
  const tokens = createTokenService(secrets ? () => secrets.jwt : opts.jwtSecret);
  let refreshedAt = 0;
  const memo = isEmbedded(db) ? new SessionMemo() : null;
  const throttle = createLoginThrottle(db, config.login);
  const touched = new Map<string, number>();
  const exige2fa = (papel: Papel) => config.exigir2fa.includes(papel);

  /** What a new session of the user reaches: a temporary password, then a required second factor, first. */
  const escopoOf = (user: UserRow): Escopo =>
    user.senha_temporaria
      ? 'trocar_senha'
      : exige2fa(user.papel) && !user.totp_segredo
        ? 'inscrever_2fa'
        : 'completo';

  const openSession: AuthService['openSession'] = async (tx, user, origin) => {
    const expiresAt = new Date(Date.now() + config.jwtExpiresHours * 3600_000);
    const escopo = escopoOf(user);
    const sessionId = await createSession(tx, user, expiresAt, origin.address, {
      escopo,
      userAgent: origin.userAgent,
    });
    touched.set(sessionId, Date.now());
    const issue = async () => ({
      access: await tokens.issue({ username: user.username, sessionId }, expiresAt),
      username: user.username,
      papel: user.papel,
      escopo,
    });
    return { issue, sessionId };
  };

  return {
    ...logins(db, throttle, openSession),

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

    openSession,
    throttle,
    exige2fa,
    verify: (token) => tokens.verify(token),

    async liveSession({ username, sessionId }) {
      const own = (s: LiveSession | undefined) => (s?.username === username ? s : null);
      if (!memo) return own(await findLiveSession(db, sessionId));
      // The embedded database tells the sessions' version without a query (a notification per committed write):
      // a session is looked up once, then again only after a write to sessions. A lookup costs it ~0.4 ms of
      // the one thread that serves every request.
      const version = (await readVersions(db)).sessions;
      const known = memo.check(version, sessionId, username, Date.now());
      if (known !== undefined) return known;
      const found = await findLiveSession(db, sessionId);
      if (found) memo.remember(version, sessionId, found);
      return own(found);
    },

    async touch(sessionId) {
      const now = Date.now();
      if (now - (touched.get(sessionId) ?? 0) < LAST_SEEN_EVERY_MS) return;
      if (touched.size >= TOUCHED) touched.clear();
      touched.set(sessionId, now);
      await touchSession(db, sessionId);
    },

    async refreshKeys() {
      if (!secrets || Date.now() - refreshedAt < REFRESH_EVERY_MS) return false;
      refreshedAt = Date.now();
      return secrets.refresh();
    },
  };
}

/** The two steps of a login: the password, then (when the user has one) the second factor. */
function logins(
  db: Db,
  throttle: LoginThrottle,
  openSession: AuthService['openSession'],
): Pick<AuthService, 'login' | 'login2fa'> {
  /** The login's session, its last-login mark and its audit entry, in one transaction. */
  async function loggedIn(user: UserRow, origin: Origin, known: boolean, via?: string) {
    const { issue } = await db.transaction(async (tx) => {
      const opened = await openSession(tx, user, origin);
      await markLogin(tx, user.id);
      await audit(tx, {
        username: user.username,
        action: 'login',
        entity: 'session',
        entityId: opened.sessionId,
        after: {
          address: origin.address,
          known_address: known,
          ...(via ? { segundo_fator: via } : {}),
        },
      });
      return opened;
    });
    return issue();
  }

  return {
    async login({ username, password, ...origin }) {
      const { address } = origin;
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
      if (!user.ativo) {
        // The right password of a deactivated account: no guess to hold against the address.
        await throttle.released(admission);
        await audit(db, {
          username,
          action: 'login_refused',
          entity: 'session',
          after: { address },
        });
        throw new HttpError(401, DESATIVADO);
      }
      if (user.totp_segredo) {
        await throttle.released(admission);
        const desafio = await createChallenge(db, user.id);
        throw new HttpError(401, PRECISA_2FA, undefined, undefined, { precisa_2fa: true, desafio });
      }
      await throttle.succeeded(admission);
      return loggedIn(user, origin, admission.known);
    },

    async login2fa({ desafio, codigo, ...origin }) {
      const userId = await challengeUser(db, desafio);
      const user = userId === null ? undefined : await findUserById(db, userId);
      if (!user?.ativo) throw new HttpError(401, DESAFIO_INVALIDO);
      const admission = await throttle.admit(user.username, origin.address);
      const via = await db.transaction(async (tx) => {
        const accepted = await acceptCode(tx, user, codigo);
        return accepted && (await consumeChallenge(tx, desafio)) ? accepted : null;
      });
      if (!via) {
        const waits = await throttle.failed(admission);
        await failChallenge(db, desafio);
        await audit(db, {
          username: user.username,
          action: 'login_failed',
          entity: 'session',
          after: {
            address: origin.address,
            segundo_fator: true,
            ...(waits.length ? { waits } : {}),
          },
        });
        throw new HttpError(401, CODIGO_INVALIDO);
      }
      await throttle.succeeded(admission);
      return loggedIn(user, origin, admission.known, via);
    },
  };
}
