import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODIGO_INVALIDO, DESAFIO_INVALIDO, PRECISA_2FA } from '../../../../contract';
import { queryRows } from '../../../../server/db/query';
import { upsertUser } from '../../../../server/modules/auth/users';
import { startTestServer, type TestServer } from '../../../support/test-server';
import { codeAt, enrol, json, loginWith2fa, nextCode, passwordStep } from './support-2fa';

// Issue 32: the second factor, TOTP as RFC 6238 says, each code computed here from the enrolment's secret.

const SENHA = 'senha-de-quem-tem-2fa-1';

describe('the second factor (TOTP) and the login in two steps', () => {
  let server: TestServer;
  let n = 0;
  beforeAll(async () => {
    // Three wrong codes, then the login throttle makes the fourth wait.
    server = await startTestServer({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
  });
  afterAll(() => server.close());

  /** A user of its own per test (the throttle counts per account), enrolled: secret, codes, its new token. */
  async function enrolled() {
    const username = `com-2fa-${++n}`;
    await upsertUser(server.database.db, username, SENHA, 'test', 'operador');
    const first = await server.login(username, SENHA);
    const enrolment = await enrol(server, first);
    // The confirmation answers the same username with the new token; the one asked is kept.
    return { ...enrolment, username, first };
  }
  const me = (token: string) => server.request('/api/eu/', { token });
  const login2fa = (desafio: string, codigo: string) =>
    server.request('/api/token/2fa/', { method: 'POST', json: { desafio, codigo } });

  it('enrols with a code of the secret: an otpauth URI, 10 recovery codes stored hashed, the other sessions ended', async () => {
    const username = `com-2fa-${++n}`;
    await upsertUser(server.database.db, username, SENHA, 'test', 'operador');
    const token = await server.login(username, SENHA);
    const other = await server.login(username, SENHA);
    const inscricao = await json<{ segredo: string; otpauth_uri: string }>(
      await server.request('/api/eu/2fa/', { method: 'POST', token }),
      200,
    );
    expect(inscricao.segredo).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(inscricao.otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret: inscricao.segredo,
      issuer: 'Carteira RV',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    // Not on until a code confirms it: the password alone still logs in.
    expect(await (await me(token)).json()).toMatchObject({ totp_ativo: false });

    const wrong = await server.request('/api/eu/2fa/confirmar/', {
      method: 'POST',
      token,
      json: { codigo: codeAt(inscricao.segredo, Date.now() - 600_000) },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ campos: { codigo: CODIGO_INVALIDO } });

    const confirmed = await json<{ access: string; codigos_recuperacao: string[] }>(
      await server.request('/api/eu/2fa/confirmar/', {
        method: 'POST',
        token,
        json: { codigo: codeAt(inscricao.segredo) },
      }),
      200,
    );
    expect(new Set(confirmed.codigos_recuperacao).size).toBe(10);
    expect((await me(token)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
    expect(await (await me(confirmed.access)).json()).toMatchObject({ totp_ativo: true });
    const stored = await queryRows<{ hash: string }>(
      server.database.db,
      sql`select c.hash from codigos_recuperacao c join users u on u.id = c.user_id
          where u.username = ${username}`,
    );
    expect(stored).toHaveLength(10);
    for (const { hash } of stored) expect(confirmed.codigos_recuperacao).not.toContain(hash);
  });

  it('asks for the code after the password, then logs in with a code computed from the secret', async () => {
    const u = await enrolled();
    const step = await passwordStep(server, u.username, SENHA);
    expect(step).toEqual({ detail: PRECISA_2FA, precisa_2fa: true, desafio: expect.any(String) });
    const res = await login2fa(step.desafio, nextCode(u.segredo));
    const { access, escopo } = await json<{ access: string; escopo: string }>(res, 200);
    expect(escopo).toBe('completo');
    expect((await me(access)).status).toBe(200);
  });

  it('refuses a wrong code, a code already used (even with a new challenge) and a challenge used once', async () => {
    const u = await enrolled();
    const { desafio } = await passwordStep(server, u.username, SENHA);
    const wrong = await login2fa(desafio, codeAt(u.segredo, Date.now() - 600_000));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ detail: CODIGO_INVALIDO });

    const code = nextCode(u.segredo);
    expect((await login2fa(desafio, code)).status).toBe(200);
    const again = await passwordStep(server, u.username, SENHA);
    const reused = await login2fa(again.desafio, code);
    expect(reused.status).toBe(401);
    expect(await reused.json()).toEqual({ detail: CODIGO_INVALIDO });
    const usedChallenge = await login2fa(desafio, u.codigos_recuperacao[0]!);
    expect(usedChallenge.status).toBe(401);
    expect(await usedChallenge.json()).toEqual({ detail: DESAFIO_INVALIDO });
  });

  it('takes a recovery code once, however it is typed', async () => {
    const u = await enrolled();
    const code = u.codigos_recuperacao[3]!;
    const typed = code.toUpperCase().replaceAll('-', ' ');
    const first = await loginWith2fa(server, u.username, SENHA, typed);
    expect(first.escopo).toBe('completo');
    const { desafio } = await passwordStep(server, u.username, SENHA);
    expect((await login2fa(desafio, code)).status).toBe(401);
    expect((await login2fa(desafio, u.codigos_recuperacao[4]!)).status).toBe(200);
  });

  it('holds wrong codes to the login throttle: after the free failures, a wait (429)', async () => {
    const u = await enrolled();
    const { desafio } = await passwordStep(server, u.username, SENHA);
    const old = codeAt(u.segredo, Date.now() - 600_000);
    for (let i = 0; i < 3; i++) expect((await login2fa(desafio, old)).status).toBe(401);
    const waits = await login2fa(desafio, nextCode(u.segredo));
    expect(waits.status).toBe(429);
    expect(Number(waits.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('turns off with one of its codes: the password alone logs in again', async () => {
    const u = await enrolled();
    const wrong = await server.request('/api/eu/2fa/', {
      method: 'DELETE',
      token: u.access,
      json: { codigo: codeAt(u.segredo, Date.now() - 600_000) },
    });
    expect(wrong.status).toBe(400);
    const off = await server.request('/api/eu/2fa/', {
      method: 'DELETE',
      token: u.access,
      json: { codigo: u.codigos_recuperacao[0]! },
    });
    expect(off.status).toBe(204);
    expect((await server.login(u.username, SENHA)).length).toBeGreaterThan(0);
    const none = await server.request('/api/eu/2fa/', {
      method: 'DELETE',
      token: u.access,
      json: { codigo: u.codigos_recuperacao[1]! },
    });
    expect(none.status).toBe(409);
  });

  it("an administrator's reset of a user's 2FA ends their sessions at once, and the password alone logs in", async () => {
    const u = await enrolled();
    const admin = await server.login();
    const [row] = await queryRows<{ id: number }>(
      server.database.db,
      sql`select id from users where username = ${u.username}`,
    );
    const res = await server.request(`/api/usuarios/${row!.id}/2fa/desativar/`, {
      method: 'POST',
      token: admin,
    });
    expect(await json(res, 200)).toMatchObject({ username: u.username, totp_ativo: false });
    expect((await me(u.access)).status).toBe(401);
    expect((await me(await server.login(u.username, SENHA))).status).toBe(200);
  });
});
