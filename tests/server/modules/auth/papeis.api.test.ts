import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allEndpoints,
  API_BASE,
  exige2fa,
  PAPEIS,
  recusaDoPapel,
  SENHA_TEMPORARIA,
  type EndpointDef,
  type Papel,
} from '../../../../contract';
import { upsertUser } from '../../../../server/modules/auth/users';
import { startTestServer, type TestServer } from '../../../support/test-server';
import { enrol } from './support-2fa';

// Issue 32: every endpoint of the contract's table, whatever its module, with every role and every restricted
// session. A new endpoint needs its `permissao` to compile; this proves the server enforces it.

const SENHA = 'senha-de-teste-dos-papeis-1';

/** A value for each path parameter that names nothing: the handler's 404, never a change. */
function fill(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name.endsWith('group_id') || name === 'lote_id') return crypto.randomUUID();
    if (name === 'ticker') return 'ZZZZ3';
    if (name === 'mes') return '2026-01';
    return '999999';
  });
}

/** The request, with `{}` as the JSON body (a 400 before any handler where a body is required). */
function call(server: TestServer, e: EndpointDef, token: string) {
  const withBody = e.body !== undefined || e.multipart !== undefined;
  return server.request(`${API_BASE}${fill(e.path)}`, {
    method: e.method,
    token,
    ...(withBody ? { json: {} } : {}),
  });
}

/** Ending sessions last, its own last of all: the walk must not log itself out half-way. */
const LAST = ['POST /eu/sessoes/encerrar-outras/', 'POST /logout/'];
const key = (e: EndpointDef) => `${e.method} ${e.path}`;
const protegidos = allEndpoints
  .filter((e) => !e.public)
  .sort((a, b) => LAST.indexOf(key(a)) - LAST.indexOf(key(b)));

interface Seen {
  endpoint: string;
  status: number;
  detail?: string;
}

async function walk(
  server: TestServer,
  token: string,
  expected: (e: EndpointDef) => string | null,
) {
  const wrong: { endpoint: string; expected: string; got: Seen }[] = [];
  for (const e of protegidos) {
    const res = await call(server, e, token);
    const body = (await res.json().catch(() => ({}))) as { detail?: string };
    const seen: Seen = { endpoint: key(e), status: res.status, detail: body.detail };
    const refusal = expected(e);
    if (refusal !== null && (res.status !== 403 || body.detail !== refusal)) {
      wrong.push({ endpoint: key(e), expected: `403 ${refusal}`, got: seen });
    }
    // Allowed: whatever the handler answers to a request that names nothing, but never the guard's refusals.
    if (refusal === null && (res.status === 403 || res.status === 401)) {
      wrong.push({ endpoint: key(e), expected: 'not 401/403', got: seen });
    }
  }
  return wrong;
}

describe('every endpoint × every role (issue 32)', () => {
  let server: TestServer;
  const tokens = {} as Record<Papel, string>;
  beforeAll(async () => {
    server = await startTestServer();
    for (const papel of PAPEIS) {
      await upsertUser(server.database.db, `papel-${papel}`, SENHA, 'test', papel);
      tokens[papel] = await server.login(`papel-${papel}`, SENHA);
    }
  });
  afterAll(() => server.close());

  it('walks every route the server serves, of every module', async () => {
    const doc = (await (await server.request('/api/docs/json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.slice(API_BASE.length)}`),
    );
    const publicos = allEndpoints.filter((e) => e.public).map(key);
    expect([...protegidos.map(key), ...publicos].sort()).toEqual(served.sort());
    const tags = new Set(protegidos.map((e) => e.tag));
    for (const tag of ['usuarios', 'eu', 'auditoria', 'mt5', 'clientes', 'alertas', 'ir']) {
      expect(tags).toContain(tag);
    }
  });

  it.each(PAPEIS)(
    '%s: its endpoints answer, the others 403 naming what it cannot do',
    async (papel) => {
      const wrong = await walk(server, tokens[papel], (e) =>
        e.permissao.papeis.includes(papel) ? null : recusaDoPapel(papel, e.permissao),
      );
      expect(wrong).toEqual([]);
    },
  );

  it('says what the role cannot do in Portuguese', async () => {
    const res = await server.request('/api/clientes/1/mt5/compra/', {
      method: 'POST',
      token: await server.login('papel-assessor', SENHA),
      json: {},
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: 'O papel assessor não pode enviar ordens ao MT5.' });
  });
});

describe('restricted sessions reach only what they must do first (issue 32)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ EXIGIR_2FA: 'operador,admin' });
  });
  afterAll(() => server.close());

  it('a temporary password reaches only POST eu/senha/ (and its logout)', async () => {
    const created = await server.request('/api/usuarios/', {
      method: 'POST',
      // The harness's user is an admin: EXIGIR_2FA holds it to enrolment until it has a second factor.
      token: (await enrol(server, await server.login())).access,
      json: { username: 'temporario', papel: 'leitura' },
    });
    const { senha_temporaria } = (await created.json()) as { senha_temporaria: string };
    const res = await server.request('/api/token/', {
      method: 'POST',
      json: { username: 'temporario', password: senha_temporaria },
    });
    const login = (await res.json()) as { access: string; escopo: string };
    expect(login.escopo).toBe('trocar_senha');
    const allowed = new Set(['POST /eu/senha/', 'POST /logout/']);
    const wrong = await walk(server, login.access, (e) =>
      allowed.has(key(e)) ? null : SENHA_TEMPORARIA,
    );
    expect(wrong).toEqual([]);
  });

  it('a role EXIGIR_2FA names, without a second factor, reaches only its account and the enrolment', async () => {
    await upsertUser(server.database.db, 'operador-sem-2fa', SENHA, 'test', 'operador');
    const res = await server.request('/api/token/', {
      method: 'POST',
      json: { username: 'operador-sem-2fa', password: SENHA },
    });
    const login = (await res.json()) as { access: string; escopo: string };
    expect(login.escopo).toBe('inscrever_2fa');
    const wrong = await walk(server, login.access, (e) =>
      e.escopos?.includes('inscrever_2fa') ? null : exige2fa('operador'),
    );
    expect(wrong).toEqual([]);
  });

  it('a role EXIGIR_2FA does not name logs in to everything its role may', async () => {
    await upsertUser(server.database.db, 'assessor-livre', SENHA, 'test', 'assessor');
    const res = await server.request('/api/token/', {
      method: 'POST',
      json: { username: 'assessor-livre', password: SENHA },
    });
    expect(((await res.json()) as { escopo: string }).escopo).toBe('completo');
  });
});
