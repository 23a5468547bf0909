import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSAO_NAO_ENCONTRADA, type Eu, type Sessao } from '../../../../contract';
import { upsertUser } from '../../../../server/modules/auth/users';
import { startTestServer, TEST_USER, type TestServer } from '../../../support/test-server';
import { json } from './support-2fa';

// Issue 32: My account — who I am and my sessions (started, last seen, address, browser), each one ended.

const SENHA = 'senha-da-conta-propria-1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

describe('my account and my sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await upsertUser(server.database.db, 'conta', SENHA, 'test', 'assessor');
  });
  afterAll(() => server.close());

  const loginWith = async (userAgent: string, username = 'conta', password = SENHA) => {
    const res = await server.request('/api/token/', {
      method: 'POST',
      headers: { 'user-agent': userAgent },
      json: { username, password },
    });
    return (await json<{ access: string }>(res, 200)).access;
  };
  const sessions = async (token: string) =>
    json<Sessao[]>(await server.request('/api/eu/sessoes/', { token }), 200);
  const opens = async (token: string) => (await server.request('/api/eu/', { token })).status;

  it('tells who I am, my role and what this session reaches', async () => {
    const token = await loginWith(FIREFOX);
    const eu = await json<Eu>(await server.request('/api/eu/', { token }), 200);
    expect(eu).toMatchObject({
      username: 'conta',
      papel: 'assessor',
      totp_ativo: false,
      senha_temporaria: false,
      exige_2fa: false,
      escopo: 'completo',
    });
  });

  it('lists my sessions with their browser and address, marks this one, and ends another', async () => {
    const firefox = await loginWith(FIREFOX);
    const chrome = await loginWith(CHROME);
    const mine = await sessions(firefox);
    const atual = mine.find((s) => s.atual)!;
    expect(atual).toMatchObject({ navegador: FIREFOX, endereco: '127.0.0.1' });
    const other = mine.find((s) => s.navegador === CHROME)!;
    expect(other.atual).toBe(false);
    expect(Date.parse(other.ultimo_acesso)).toBeGreaterThanOrEqual(Date.parse(other.criada_em));

    const ended = await server.request(`/api/eu/sessoes/${other.id}/`, {
      method: 'DELETE',
      token: firefox,
    });
    expect(ended.status).toBe(204);
    expect(await opens(chrome)).toBe(401);
    expect(await opens(firefox)).toBe(200);
    const again = await server.request(`/api/eu/sessoes/${other.id}/`, {
      method: 'DELETE',
      token: firefox,
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ detail: SESSAO_NAO_ENCONTRADA });
  });

  it("cannot end another user's session (404), which goes on", async () => {
    const theirs = await loginWith(CHROME, TEST_USER.username, TEST_USER.password);
    const [session] = (await sessions(theirs)).filter((s) => s.atual);
    const mine = await loginWith(FIREFOX);
    const res = await server.request(`/api/eu/sessoes/${session!.id}/`, {
      method: 'DELETE',
      token: mine,
    });
    expect(res.status).toBe(404);
    expect(await opens(theirs)).toBe(200);
  });

  it('ends all my other sessions, and only mine', async () => {
    const a = await loginWith(FIREFOX);
    const b = await loginWith(CHROME);
    const theirs = await loginWith(CHROME, TEST_USER.username, TEST_USER.password);
    const res = await server.request('/api/eu/sessoes/encerrar-outras/', {
      method: 'POST',
      token: a,
    });
    const { encerradas } = await json<{ encerradas: number }>(res, 200);
    expect(encerradas).toBeGreaterThanOrEqual(1);
    expect(await opens(b)).toBe(401);
    expect(await opens(a)).toBe(200);
    expect(await opens(theirs)).toBe(200);
    expect((await sessions(a)).map((s) => s.atual)).toEqual([true]);
  });
});
