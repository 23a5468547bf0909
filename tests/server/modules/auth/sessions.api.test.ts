import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../../server/db/query';
import { deleteUser, upsertUser } from '../../../../server/modules/auth/users';
import {
  startTestServer,
  TEST_JWT_SECRET,
  TEST_USER,
  type TestServer,
} from '../../../support/test-server';

const key = new TextEncoder().encode(TEST_JWT_SECRET);

describe('sessions: a token opens the API only while its session lives', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  // Every check through the guard's session lookup and through a route that checks the session in its own
  // statement (the order history): both must agree on every token.
  const opens = async (token: string) => {
    const guard = (await server.request('/api/clientes/', { token })).status;
    const inStatement = await server.request('/api/ordens/', { token });
    expect(inStatement.status, '/api/ordens/').toBe(guard);
    if (guard === 401) expect(inStatement.headers.get('www-authenticate')).toBe('Bearer');
    return guard;
  };
  const logout = (token: string | null) =>
    server.request('/api/logout/', { method: 'POST', token });

  it('POST /api/logout/ answers 204 and the token stops working; the other sessions go on', async () => {
    const token = await server.login();
    const other = await server.login();
    expect(await opens(token)).toBe(200);

    const res = await logout(token);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await opens(token)).toBe(401);
    expect(await opens(other)).toBe(200);
  });

  it('answers 401 to a logout with an ended session or without a token (the guard, like every route)', async () => {
    const token = await server.login();
    expect((await logout(token)).status).toBe(204);
    expect((await logout(token)).status).toBe(401);
    expect((await logout(null)).status).toBe(401);
  });

  it('a password reset ends every session of that user, and only of that user', async () => {
    const db = server.database.db;
    await upsertUser(db, 'revisor', 'senha-do-revisor-123');
    await upsertUser(db, 'colega', 'senha-do-colega-123');
    const theirs = [
      await server.login('revisor', 'senha-do-revisor-123'),
      await server.login('revisor', 'senha-do-revisor-123'),
    ];
    const colleague = await server.login('colega', 'senha-do-colega-123');

    const reset = await upsertUser(db, 'revisor', 'nova-senha-do-revisor');
    expect(reset).toEqual({ outcome: 'reset', sessionsEnded: 2 });
    for (const token of theirs) expect(await opens(token)).toBe(401);
    expect(await opens(colleague)).toBe(200);
    expect(await opens(await server.login('revisor', 'nova-senha-do-revisor'))).toBe(200);
  });

  it('a session past its expiry opens nothing, even while its token has not expired', async () => {
    const token = await server.login();
    expect(await opens(token)).toBe(200);
    await queryRows(
      server.database.db,
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${decodeJwt(token).jti!}::uuid`,
    );
    expect(await opens(token)).toBe(401);
  });

  it("deleting a user ends the user's sessions", async () => {
    await upsertUser(server.database.db, 'temporario', 'senha-temporaria-123');
    const token = await server.login('temporario', 'senha-temporaria-123');
    expect(await opens(token)).toBe(200);
    expect(await deleteUser(server.database.db, 'temporario')).toEqual({ sessionsEnded: 1 });
    expect(await opens(token)).toBe(401);
    expect(await deleteUser(server.database.db, 'temporario')).toBeNull();
  });

  describe('refuses a token signed with the right secret', () => {
    const sign = (claims: { sub?: string; jti?: string; exp?: boolean }) => {
      let jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuer('carteira-rv');
      if (claims.sub) jwt = jwt.setSubject(claims.sub);
      if (claims.jti) jwt = jwt.setJti(claims.jti);
      if (claims.exp !== false) jwt = jwt.setExpirationTime('1h');
      return jwt.sign(key);
    };
    const liveSession = async () => decodeJwt(await server.login()).jti!;

    it('without exp, even for a live session', async () => {
      const jti = await liveSession();
      expect(await opens(await sign({ sub: TEST_USER.username, jti }))).toBe(200);
      expect(await opens(await sign({ sub: TEST_USER.username, jti, exp: false }))).toBe(401);
    });

    it('without a session, or with a session that does not exist', async () => {
      expect(await opens(await sign({ sub: TEST_USER.username }))).toBe(401);
      expect(await opens(await sign({ sub: TEST_USER.username, jti: 'not-a-uuid' }))).toBe(401);
      expect(await opens(await sign({ sub: TEST_USER.username, jti: crypto.randomUUID() }))).toBe(
        401,
      );
    });

    it('for a user who does not exist, or another user than the session’s', async () => {
      const jti = await liveSession();
      expect(await opens(await sign({ sub: 'fantasma', jti }))).toBe(401);
      expect(await opens(await sign({ sub: 'colega', jti }))).toBe(401);
    });
  });
});

describe('the audit log records logins, failures, delays and logouts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '2' });
  });
  afterAll(() => server.close());

  const entries = () =>
    queryRows<{ username: string; action: string; entity_id: string | null; after: unknown }>(
      server.database.db,
      sql`select username, action, entity_id, after from audit_log
          where entity = 'session' order by id`,
    );

  it('with the username as typed and the address', async () => {
    const token = await server.login();
    const { jti } = decodeJwt(token);
    expect((await server.request('/api/logout/', { method: 'POST', token })).status).toBe(204);
    for (const password of ['errada-1', 'errada-2']) {
      const res = await server.request('/api/token/', {
        method: 'POST',
        json: { username: 'Operador', password },
      });
      expect(res.status).toBe(401);
    }
    const refused = await server.request('/api/token/', {
      method: 'POST',
      json: { username: 'operador', password: 'errada-3' },
    });
    expect(refused.status).toBe(429);

    const address = '127.0.0.1';
    expect(await entries()).toEqual([
      {
        username: 'operador',
        action: 'login',
        entity_id: jti,
        after: { address, known_address: false },
      },
      { username: 'operador', action: 'logout', entity_id: jti, after: { address } },
      { username: 'Operador', action: 'login_failed', entity_id: null, after: { address } },
      { username: 'Operador', action: 'login_failed', entity_id: null, after: { address } },
      // The account logged in from this address before: only (account, address) waits, from the second failure.
      {
        username: 'Operador',
        action: 'login_delayed',
        entity_id: null,
        after: { address, scope: 'account_address', seconds: 60 },
      },
    ]);
  });
});
