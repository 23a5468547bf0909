import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, run } from '../../../../server/db/query';
import type * as Passwords from '../../../../server/modules/auth/passwords';
import { upsertUser } from '../../../../server/modules/auth/users';
import { startTestServer, TEST_USER, type TestServer } from '../../../support/test-server';

// Counts the password checks the server makes (a real one or the decoy for an unknown user): the throttle's
// promise is how many guesses get checked, whatever the timing.
// The API projects reuse modules across files (isolate: false): the server's modules are evaluated again for this
// file, so that they import the counting mock rather than the real module another file already loaded.
const checks = vi.hoisted(() => {
  vi.resetModules();
  return { n: 0 };
});
vi.mock('../../../../server/modules/auth/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof Passwords>();
  return {
    ...actual,
    verifyPassword: (hash: string, password: string) => {
      checks.n++;
      return actual.verifyPassword(hash, password);
    },
    burnVerification: (password: string) => {
      checks.n++;
      return actual.burnVerification(password);
    },
  };
});

// Waits far longer than any test, so that a slow machine cannot see a wait run out.
const LONG_WAITS = { LOGIN_LOCK_SECONDS: '600', LOGIN_WINDOW_SECONDS: '3600' };

/** A login from the given address (documentation ranges: nothing is sent anywhere). */
async function login(server: TestServer, address: string, username: string, password: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username, password },
    remoteAddress: address,
  });
  return res.statusCode;
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/**
 * Lets `seconds` go by for the throttle without waiting them: it measures every wait and window in SQL, from the
 * stamps it stored to now(), so moving the stamps back is the same as time passing.
 */
const elapse = (server: TestServer, seconds: number) =>
  run(
    server.database.db,
    sql`update login_throttle set last_at = last_at - make_interval(secs => ${seconds}),
        known_at = known_at - make_interval(secs => ${seconds})`,
  );

describe('300 concurrent wrong passwords from one address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '5', ...LONG_WAITS });
  });
  afterAll(() => server.close());

  it('get the 5 free attempts checked and 429 for the rest, with Retry-After and the detail', async () => {
    checks.n = 0;
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        server.request('/api/token/', {
          method: 'POST',
          json: { username: TEST_USER.username, password: `palpite-${i}` },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect({ checked: checks.n, 401: count(statuses, 401), 429: count(statuses, 429) }).toEqual({
      checked: 5,
      401: 5,
      429: 295,
    });
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /^Muitas tentativas de login\. Tente novamente em \d+ segundos\.$/,
    );
    // Even the right password waits: the guesser cannot tell a right guess from a wrong one.
    expect(await login(server, '127.0.0.1', TEST_USER.username, TEST_USER.password)).toBe(429);
  });
});

describe('an attacker rotating addresses', () => {
  let server: TestServer;
  const OWNER_HOME = '198.51.100.7';
  beforeAll(async () => {
    server = await startTestServer({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', ...LONG_WAITS });
    expect(await login(server, OWNER_HOME, TEST_USER.username, TEST_USER.password)).toBe(200);
  });
  afterAll(() => server.close());

  it('gets 3 guesses checked, not one per address, and cannot lock the owner out of a known address', async () => {
    checks.n = 0;
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(server, `203.0.113.${i + 1}`, TEST_USER.username, `palpite-${i}`),
      ),
    );
    expect({ checked: checks.n, 401: count(statuses, 401), 429: count(statuses, 429) }).toEqual({
      checked: 3,
      401: 3,
      429: 37,
    });
    // A right guess from yet another address is refused too.
    expect(await login(server, '203.0.113.99', TEST_USER.username, TEST_USER.password)).toBe(429);

    // The owner, from the address they logged in from before, gets in; a typo there costs them one attempt.
    expect(await login(server, OWNER_HOME, TEST_USER.username, 'errada-do-dono')).toBe(401);
    expect(await login(server, OWNER_HOME, TEST_USER.username, TEST_USER.password)).toBe(200);
  });
});

describe('an office behind one NAT', () => {
  let server: TestServer;
  const OFFICE = '192.0.2.10';
  const colleagues = ['ana', 'bia', 'caio'];
  const passwordOf = (name: string) => `senha-de-${name}-2025`;
  beforeAll(async () => {
    server = await startTestServer({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_IP: '3',
      ...LONG_WAITS,
    });
    for (const name of [...colleagues, 'dani']) {
      await upsertUser(server.database.db, name, passwordOf(name));
    }
    for (const name of colleagues)
      expect(await login(server, OFFICE, name, passwordOf(name))).toBe(200);
  });
  afterAll(() => server.close());

  it('is not locked wholesale when someone there tries many accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push(await login(server, OFFICE, `conta-${i}`, 'palpite'));
    expect({ 401: count(statuses, 401), 429: count(statuses, 429) }).toEqual({ 401: 3, 429: 17 });

    // Everyone who logged in from the office before still gets in from there.
    for (const name of colleagues)
      expect(await login(server, OFFICE, name, passwordOf(name))).toBe(200);
    // A newcomer from the office waits (the address is under suspicion), but gets in from elsewhere.
    expect(await login(server, OFFICE, 'dani', passwordOf('dani'))).toBe(429);
    expect(await login(server, '198.51.100.20', 'dani', passwordOf('dani'))).toBe(200);
  });

  it("delays one colleague's typos for that colleague alone", async () => {
    for (let i = 0; i < 3; i++) expect(await login(server, OFFICE, 'ana', `errada-${i}`)).toBe(401);
    expect(await login(server, OFFICE, 'ana', passwordOf('ana'))).toBe(429);
    expect(await login(server, OFFICE, 'bia', passwordOf('bia'))).toBe(200);
  });
});

describe('the wait', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_LOCK_SECONDS: '1',
    });
  });
  afterAll(() => server.close());

  const attempt = (password: string) =>
    server.request('/api/token/', {
      method: 'POST',
      json: { username: TEST_USER.username, password },
    });

  /** Exactly the Retry-After's seconds go by: the wait it announces must then be over. */
  const waitFor = (res: Response) => {
    const seconds = Number(res.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    return elapse(server, seconds);
  };

  it('doubles with each failure past the free ones, runs out, and then the right password gets in', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt(`errada-${i}`)).status).toBe(401);
    const first = await attempt(TEST_USER.password);
    expect(first.status).toBe(429);
    await waitFor(first);

    expect((await attempt('errada-3')).status).toBe(401);
    const second = await attempt(TEST_USER.password);
    expect(second.status).toBe(429);
    await waitFor(second);
    expect((await attempt(TEST_USER.password)).status).toBe(200);

    const delays = await queryRows<{ scope: string; seconds: number }>(
      server.database.db,
      sql`select after->>'scope' as scope, (after->>'seconds')::int as seconds
          from audit_log where action = 'login_delayed' order by id`,
    );
    expect(delays).toEqual([
      { scope: 'account', seconds: 1 },
      { scope: 'account_address', seconds: 1 },
      { scope: 'account', seconds: 2 },
      { scope: 'account_address', seconds: 2 },
    ]);
  });
});

describe('a quiet window', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '2',
      LOGIN_LOCK_SECONDS: '1',
      LOGIN_WINDOW_SECONDS: '2',
    });
  });
  afterAll(() => server.close());

  it('takes a failure off: the next wait does not double', async () => {
    const attempt = (password: string) =>
      server.request('/api/token/', {
        method: 'POST',
        json: { username: TEST_USER.username, password },
      });
    for (let i = 0; i < 2; i++) expect((await attempt(`errada-${i}`)).status).toBe(401);
    // More than a window, less than two: one failure wears off.
    await elapse(server, 2.2);
    expect((await attempt('errada-2')).status).toBe(401);

    const delays = await queryRows<{ seconds: number }>(
      server.database.db,
      sql`select (after->>'seconds')::int as seconds from audit_log
          where action = 'login_delayed' and after->>'scope' = 'account' order by id`,
    );
    // 1 s after the second failure; without the window's relief the third would have made it 2 s.
    expect(delays[0]).toEqual({ seconds: 1 });
    expect(delays.slice(1).every((d) => d.seconds <= 1)).toBe(true);
  });
});
