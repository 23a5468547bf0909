import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTO_COM_CONTROLE } from '../../../../contract';
import {
  startTestServer,
  TEST_JWT_SECRET,
  TEST_USER,
  type TestServer,
} from '../../../support/test-server';

const key = (secret: string) => new TextEncoder().encode(secret);

describe('POST /api/token/ and the bearer token', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers access and username for the right password, and the token opens /api/', async () => {
    const res = await server.request('/api/token/', { method: 'POST', json: TEST_USER });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access: string; username: string };
    expect(body.username).toBe(TEST_USER.username);
    expect(body.access.split('.')).toHaveLength(3);

    const withToken = await server.request('/api/nao-existe/', { token: body.access });
    expect(withToken.status).toBe(404);
  });

  it('accepts the path without its trailing slash', async () => {
    const res = await server.request('/api/token', { method: 'POST', json: TEST_USER });
    expect(res.status).toBe(200);
  });

  it('answers 401 with a detail and no token for a wrong password or an unknown user', async () => {
    for (const body of [
      { username: TEST_USER.username, password: 'errada-123' },
      { username: 'ninguem', password: 'qualquer' },
    ]) {
      const res = await server.request('/api/token/', { method: 'POST', json: body });
      expect(res.status).toBe(401);
      const json = (await res.json()) as Record<string, unknown>;
      expect(json).toEqual({ detail: 'Usuário ou senha inválidos.' });
    }
  });

  it('answers 400 with campos when a field is missing, and for a body that is not JSON', async () => {
    const res = await server.request('/api/token/', { method: 'POST', json: { username: 'x' } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { detail: string; campos: Record<string, string> };
    expect(Object.keys(body.campos)).toContain('password');
    expect(body.detail).toMatch(/password/);

    const bad = await server.request('/api/token/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ detail: 'O corpo da requisição não é um JSON válido.' });
  });

  it('answers 400 naming the field for control characters in the username, before any lookup', async () => {
    for (const username of ['oper\u0000ador', 'operador\u0001', 'oper\nador']) {
      const res = await server.request('/api/token/', {
        method: 'POST',
        json: { username, password: TEST_USER.password },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        detail: `Campo username: ${TEXTO_COM_CONTROLE}`,
        campos: { username: TEXTO_COM_CONTROLE },
      });
    }
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await server.request('/api/token/', {
      method: 'POST',
      json: { username: 'x', password: 'y'.repeat(2 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/grande demais/);
  });

  describe('every other /api/ route answers 401', () => {
    const expect401 = async (headers: Record<string, string>) => {
      const res = await server.request('/api/clientes/', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(((await res.json()) as { detail: string }).detail).toBeTruthy();
    };

    it('without a token', () => expect401({}));
    it('with a malformed header', () => expect401({ authorization: 'Token abc' }));

    it('with an expired token', async () => {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(TEST_USER.username)
        .setIssuer('carteira-rv')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 9 * 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(key(TEST_JWT_SECRET));
      await expect401({ authorization: `Bearer ${token}` });
    });

    it('with a token signed by another secret', async () => {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(TEST_USER.username)
        .setIssuer('carteira-rv')
        .setExpirationTime('1h')
        .sign(key('another-secret-that-is-long-enough-000000000'));
      await expect401({ authorization: `Bearer ${token}` });
    });

    it('with a tampered payload', async () => {
      const good = await server.login();
      const [header, , signature] = good.split('.');
      const payload = Buffer.from(
        JSON.stringify({
          sub: 'admin',
          iss: 'carteira-rv',
          exp: Math.floor(Date.now() / 1000) + 3600,
        }),
      ).toString('base64url');
      await expect401({ authorization: `Bearer ${header}.${payload}.${signature}` });
    });

    it('with alg none', async () => {
      const token = new UnsecuredJWT({})
        .setSubject(TEST_USER.username)
        .setIssuer('carteira-rv')
        .setExpirationTime('1h')
        .encode();
      await expect401({ authorization: `Bearer ${token}` });
    });

    it('with an algorithm outside the allow-list, even with the right secret', async () => {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(TEST_USER.username)
        .setIssuer('carteira-rv')
        .setExpirationTime('1h')
        .sign(key(TEST_JWT_SECRET));
      await expect401({ authorization: `Bearer ${token}` });
    });
  });

  it('answers an unknown /api/ path with a JSON 404', async () => {
    const token = await server.login();
    const res = await server.request('/api/nao-existe/', { token });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ detail: 'Rota não encontrada: GET /api/nao-existe/' });
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await server.request('/api/docs/json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/token/');
  });
});
