import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../../../shared/dates';
import type { PaginaAuditoria } from '../../../../contract';
import { auditLog } from '../../../../server/db/schema';
import { upsertUser } from '../../../../server/modules/auth/users';
import { startTestServer, type TestServer } from '../../../support/test-server';
import { json } from '../auth/support-2fa';

// Issue 32: GET auditoria/ — every write the server recorded, newest first, by user, entity, action and São Paulo
// days, page by page.

describe('GET /api/auditoria/', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.login();
    const at = (iso: string) => new Date(iso);
    await server.database.db.insert(auditLog).values([
      // 23:30 in São Paulo on 9 March (02:30 UTC on the 10th): the 9th's.
      {
        at: at('2026-03-10T02:30:00Z'),
        username: 'rita',
        action: 'create',
        entity: 'cliente',
        entity_id: '1',
      },
      {
        at: at('2026-03-10T03:30:00Z'),
        username: 'rita',
        action: 'update',
        entity: 'cliente',
        entity_id: '1',
      },
      {
        at: at('2026-03-11T15:00:00Z'),
        username: 'tito',
        action: 'create',
        entity: 'operacao',
        entity_id: '7',
      },
      {
        at: at('2026-03-12T15:00:00Z'),
        username: 'rita',
        action: 'delete',
        entity: 'operacao',
        entity_id: '7',
      },
    ]);
    await server.database.db.insert(auditLog).values(
      Array.from({ length: 230 }, (_, i) => ({
        at: at('2025-01-01T12:00:00Z'),
        username: 'paginado',
        action: 'update',
        entity: 'cliente',
        entity_id: String(i),
      })),
    );
  });
  afterAll(() => server.close());

  const page = async (query: string) =>
    json<PaginaAuditoria>(await server.request(`/api/auditoria/?${query}`, { token: admin }), 200);
  const ids = (p: PaginaAuditoria) =>
    p.results.map((r) => `${r.usuario} ${r.acao} ${r.entidade} ${r.entidade_id}`);

  it('filters by user, entity and action, newest first', async () => {
    expect(ids(await page('usuario=rita'))).toEqual([
      'rita delete operacao 7',
      'rita update cliente 1',
      'rita create cliente 1',
    ]);
    expect(ids(await page('entidade=operacao'))).toEqual([
      'rita delete operacao 7',
      'tito create operacao 7',
    ]);
    expect(ids(await page('usuario=rita&acao=create'))).toEqual(['rita create cliente 1']);
    expect((await page('usuario=ninguem')).results).toEqual([]);
  });

  it('takes the days of São Paulo, both ends included', async () => {
    expect(ids(await page('de=2026-03-09&ate=2026-03-09'))).toEqual(['rita create cliente 1']);
    expect(ids(await page('de=2026-03-10&ate=2026-03-11'))).toEqual([
      'tito create operacao 7',
      'rita update cliente 1',
    ]);
    expect(ids(await page('usuario=rita&de=2026-03-12'))).toEqual(['rita delete operacao 7']);
  });

  it('pages by cursor: every entry once, newest first, null after the last page', async () => {
    const seen: number[] = [];
    let cursor = '';
    const sizes: number[] = [];
    for (;;) {
      const p = await page(`usuario=paginado${cursor ? `&cursor=${cursor}` : ''}`);
      sizes.push(p.results.length);
      seen.push(...p.results.map((r) => r.id));
      if (!p.next_cursor) break;
      cursor = p.next_cursor;
    }
    expect(sizes).toEqual([100, 100, 30]);
    expect(new Set(seen).size).toBe(230);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('refuses a cursor that is not one and a period that ends before it starts', async () => {
    for (const query of ['cursor=abc', 'cursor=0', 'de=2026-03-12&ate=2026-03-01']) {
      const res = await server.request(`/api/auditoria/?${query}`, { token: admin });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toBeTruthy();
    }
  });

  it("finds an operator's write by user and day, with what it recorded", async () => {
    await upsertUser(server.database.db, 'op.auditada', 'senha-do-operador-1', 'test', 'operador');
    const token = await server.login('op.auditada', 'senha-do-operador-1');
    const res = await server.request('/api/clientes/', {
      method: 'POST',
      token,
      json: { nome: 'Cliente Auditado' },
    });
    const cliente = await json<{ id: number }>(res, 201);
    const hoje = todayIso();
    const found = await page(`usuario=op.auditada&de=${hoje}&ate=${hoje}&entidade=cliente`);
    expect(found.results).toHaveLength(1);
    expect(found.results[0]).toMatchObject({
      usuario: 'op.auditada',
      acao: 'create',
      entidade: 'cliente',
      entidade_id: String(cliente.id),
      antes: null,
      depois: expect.objectContaining({ nome: 'Cliente Auditado' }),
    });
  });
});
