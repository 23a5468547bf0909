import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SENHA_ATUAL_INCORRETA,
  SENHA_COMUM,
  SENHA_TEMPORARIA,
  ULTIMO_ADMIN,
  USUARIO_EXISTE,
  type Usuario,
} from '../../../../contract';
import { queryRows } from '../../../../server/db/query';
import { DESATIVADO } from '../../../../server/modules/auth/service';
import { startTestServer, TEST_USER, type TestServer } from '../../../support/test-server';
import { json } from './support-2fa';

// Issue 32: Ferramentas → Usuários through the API, as the harness's user (an administrator) and as the users it
// creates.

describe('users: created with a temporary password, changed, deactivated, reset, unlocked', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.login();
  });
  afterAll(() => server.close());

  const post = (path: string, body?: unknown, token = admin) =>
    server.request(path, { method: 'POST', token, ...(body ? { json: body } : {}) });
  const patch = (id: number, body: unknown, token = admin) =>
    server.request(`/api/usuarios/${id}/`, { method: 'PATCH', token, json: body });
  const list = async () =>
    json<Usuario[]>(await server.request('/api/usuarios/', { token: admin }), 200);
  const loginAs = (username: string, password: string) =>
    server.request('/api/token/', { method: 'POST', json: { username, password } });
  const opens = async (token: string) => (await server.request('/api/clientes/', { token })).status;

  /** A new user through the API, logged in with its temporary password, which it then changes. */
  async function created(username: string, papel: string, senha = `senha-de-${username}-1`) {
    const novo = await json<{ id: number; senha_temporaria: string }>(
      await post('/api/usuarios/', { username, papel }),
      201,
    );
    const temp = await json<{ access: string }>(
      await loginAs(username, novo.senha_temporaria),
      200,
    );
    const trocada = await json<{ access: string }>(
      await post('/api/eu/senha/', { atual: novo.senha_temporaria, nova: senha }, temp.access),
      200,
    );
    return { id: novo.id, senha, token: trocada.access };
  }

  it('creates a user whose temporary password reaches nothing but its change, then their own works', async () => {
    const res = await post('/api/usuarios/', {
      username: 'nova.operadora',
      email: 'nova@example.com',
      papel: 'operador',
    });
    const novo = await json<{ id: number; username: string; senha_temporaria: string }>(res, 201);
    expect(novo.username).toBe('nova.operadora');
    expect(novo.senha_temporaria.length).toBeGreaterThanOrEqual(12);
    expect((await list()).find((u) => u.id === novo.id)).toMatchObject({
      email: 'nova@example.com',
      papel: 'operador',
      ativo: true,
      totp_ativo: false,
      senha_temporaria: true,
      ultimo_login: null,
    });
    const duplicate = await post('/api/usuarios/', {
      username: 'nova.operadora',
      papel: 'leitura',
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ detail: USUARIO_EXISTE });

    const temp = await json<{ access: string; escopo: string }>(
      await loginAs('nova.operadora', novo.senha_temporaria),
      200,
    );
    expect(temp.escopo).toBe('trocar_senha');
    const blocked = await server.request('/api/clientes/', { token: temp.access });
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toEqual({ detail: SENHA_TEMPORARIA });

    const wrongCurrent = await post(
      '/api/eu/senha/',
      { atual: 'outra-coisa-qualquer', nova: 'uma-senha-nova-forte' },
      temp.access,
    );
    expect(wrongCurrent.status).toBe(400);
    expect(await wrongCurrent.json()).toMatchObject({ campos: { atual: SENHA_ATUAL_INCORRETA } });
    const common = await post(
      '/api/eu/senha/',
      { atual: novo.senha_temporaria, nova: 'Flamengo2024!' },
      temp.access,
    );
    expect(await common.json()).toMatchObject({ campos: { nova: SENHA_COMUM } });

    const changed = await json<{ access: string; escopo: string }>(
      await post(
        '/api/eu/senha/',
        { atual: novo.senha_temporaria, nova: 'a-senha-dela-mesma' },
        temp.access,
      ),
      200,
    );
    expect(changed.escopo).toBe('completo');
    expect(await opens(temp.access)).toBe(401);
    expect(await opens(changed.access)).toBe(200);
    expect((await loginAs('nova.operadora', novo.senha_temporaria)).status).toBe(401);
    expect((await list()).find((u) => u.id === novo.id)?.senha_temporaria).toBe(false);
  });

  it('deactivating ends their sessions at once; the right password is then refused; reactivated, it works', async () => {
    const u = await created('desativada', 'assessor');
    const off = await json<Usuario>(await patch(u.id, { ativo: false }), 200);
    expect(off.ativo).toBe(false);
    expect(await opens(u.token)).toBe(401);
    const refused = await loginAs('desativada', u.senha);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: DESATIVADO });
    await json(await patch(u.id, { ativo: true }), 200);
    expect((await loginAs('desativada', u.senha)).status).toBe(200);
  });

  it('resetting a password ends their sessions at once and hands a new temporary one', async () => {
    const u = await created('esquecida', 'leitura');
    const { senha_temporaria } = await json<{ senha_temporaria: string }>(
      await post(`/api/usuarios/${u.id}/senha/`),
      200,
    );
    expect(await opens(u.token)).toBe(401);
    expect((await loginAs('esquecida', u.senha)).status).toBe(401);
    const temp = await json<{ escopo: string }>(await loginAs('esquecida', senha_temporaria), 200);
    expect(temp.escopo).toBe('trocar_senha');
  });

  it('a new role ends their sessions, and the next login has it', async () => {
    const u = await created('promovida', 'leitura');
    const before = await post('/api/clientes/', { nome: 'Cliente da Promovida' }, u.token);
    expect(before.status).toBe(403);
    await json(await patch(u.id, { papel: 'assessor', email: 'promovida@example.com' }), 200);
    expect(await opens(u.token)).toBe(401);
    const again = await json<{ access: string; papel: string }>(
      await loginAs('promovida', u.senha),
      200,
    );
    expect(again.papel).toBe('assessor');
    expect(
      (await post('/api/clientes/', { nome: 'Cliente da Promovida' }, again.access)).status,
    ).toBe(201);
  });

  it('keeps the last active admin (409), nothing changed; with another admin, the first may step down', async () => {
    const [me] = await queryRows<{ id: number }>(
      server.database.db,
      sql`select id from users where username = ${TEST_USER.username}`,
    );
    for (const body of [{ papel: 'operador' }, { ativo: false }]) {
      const res = await patch(me!.id, body);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ detail: ULTIMO_ADMIN });
    }
    expect((await list()).find((u) => u.id === me!.id)).toMatchObject({
      papel: 'admin',
      ativo: true,
    });
    const other = await created('segunda.admin', 'admin');
    const down = await json<Usuario>(await patch(me!.id, { papel: 'operador' }), 200);
    expect(down.papel).toBe('operador');
    // Its own session ended with the change: the other admin puts it back.
    expect(await opens(admin)).toBe(401);
    await json(await patch(me!.id, { papel: 'admin' }, other.token), 200);
    admin = await server.login();
    const last = await patch(other.id, { ativo: false });
    expect(last.status).toBe(200);
  });

  it('unlocks an account whose logins wait after failures', async () => {
    const u = await created('tropeca', 'leitura');
    for (let i = 0; i < 10; i++) {
      if ((await loginAs('tropeca', 'senha-errada-dela')).status === 429) break;
    }
    expect((await loginAs('tropeca', u.senha)).status).toBe(429);
    expect((await list()).find((x) => x.id === u.id)?.bloqueado_ate).not.toBeNull();
    const unlocked = await json<Usuario>(await post(`/api/usuarios/${u.id}/desbloquear/`), 200);
    expect(unlocked.bloqueado_ate).toBeNull();
    expect((await loginAs('tropeca', u.senha)).status).toBe(200);
  });

  it('audits every change of users under who made it', async () => {
    const rows = await queryRows<{ username: string; action: string; entity_id: string }>(
      server.database.db,
      sql`select username, action, entity_id from audit_log where entity = 'user' order by id`,
    );
    const of = (entity: string) =>
      rows.filter((r) => r.entity_id === entity).map((r) => `${r.username} ${r.action}`);
    expect(of('nova.operadora')).toEqual([
      `${TEST_USER.username} create`,
      'nova.operadora password_change_failed',
      'nova.operadora password_change',
    ]);
    expect(of('desativada')).toEqual([
      `${TEST_USER.username} create`,
      'desativada password_change',
      `${TEST_USER.username} update`,
      `${TEST_USER.username} update`,
    ]);
    expect(of('esquecida')).toContain(`${TEST_USER.username} password_reset`);
    expect(of('tropeca')).toContain(`${TEST_USER.username} unlock`);
  });
});
