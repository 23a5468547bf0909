import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, answersOf, API_BASE } from '../../../contract';
import { startTestServer, type TestServer } from '../../support/test-server';

interface Operation {
  summary?: string;
  description?: string;
  responses: Record<string, { description?: string }>;
}

describe('the OpenAPI document at /api/docs', () => {
  let server: TestServer;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    server = await startTestServer();
    paths = ((await (await server.request('/api/docs/json')).json()) as { paths: typeof paths })
      .paths;
  });
  afterAll(() => server.close());

  it('describes exactly the endpoint table: every endpoint, every answer, each with a description', () => {
    const documented = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(
      allEndpoints.map((e) => `${e.method} ${API_BASE}${e.path}`).sort(),
    );
    for (const e of allEndpoints) {
      const op = paths[`${API_BASE}${e.path}`]![e.method.toLowerCase()]!;
      expect(op.summary).toBe(e.summary);
      expect(Object.keys(op.responses).sort()).toEqual(Object.keys(answersOf(e)).sort());
      for (const [status, answer] of Object.entries(op.responses)) {
        expect({
          endpoint: `${e.method} ${e.path}`,
          status,
          description: answer.description,
        }).toMatchObject({ description: expect.not.stringMatching(/^Default Response$/) });
      }
    }
  });

  it('shows the roles each endpoint allows (issue 32)', () => {
    for (const e of allEndpoints) {
      const op = paths[`${API_BASE}${e.path}`]![e.method.toLowerCase()]!;
      const papeis = e.public ? 'público (sem token)' : e.permissao.papeis.join(', ');
      expect(op.description, `${e.method} ${e.path}`).toContain(`**Papéis:** ${papeis}.`);
    }
    const compra = paths[`${API_BASE}/clientes/{id}/mt5/compra/`]!.post!;
    expect(compra.description).toContain('**Papéis:** admin, operador.');
  });
});
