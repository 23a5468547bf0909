import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardRvResponse, Operacao, Recomendacao } from '../../../contract';
import { importLotes } from '../../../server/db/schema';
import { loadDemoData } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

// A Monday: the demo's last session is the Friday before.
const HOJE = '2026-11-23';
const ULTIMO_PREGAO = '2026-11-20';

describe('the demo, on a database created on 23/11/2026', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    await loadDemoData({ db: server.database.db, config: server.config }, HOJE);
    token = await server.login();
  });
  afterAll(() => server?.close());

  const get = async <T>(path: string) =>
    (await (await server.request(path, { token })).json()) as T;

  it('shows positions of this week and month, quoted at the last session’s close, and nothing after it', async () => {
    const { posicionadas, cotacoes_em } = await get<DashboardRvResponse>('/api/dashboard-rv/');
    expect(posicionadas.length).toBeGreaterThan(20);
    const compras = posicionadas.map((p) => p.data_compra!).sort();
    // Some bought in the last week of sessions (16 to 20/11), none after the last session.
    expect(compras.at(-1)! >= '2026-11-16').toBe(true);
    expect(compras.at(-1)! <= ULTIMO_PREGAO).toBe(true);
    expect(compras.filter((d) => d >= '2026-11-01').length).toBeGreaterThan(5);
    // Bought in the last three months (one stock's history ends in 2025-09: its position is older), never 400 days.
    for (const p of posicionadas) expect(p.dias_posicionado).toBeLessThan(150);
    expect(cotacoes_em).toBe(`${ULTIMO_PREGAO}T20:00:00.000Z`);

    const realizadas = (await get<Operacao[]>('/api/operacoes/?cliente=1')).filter(
      (o) => o.data_venda !== null,
    );
    expect(realizadas.length).toBeGreaterThan(0);
    for (const o of realizadas) expect(o.data_venda! <= ULTIMO_PREGAO).toBe(true);
  });

  it('recommends for yesterday’s session, and its imports are of it', async () => {
    const recomendacoes = await get<Recomendacao[]>('/api/recomendacoes/');
    expect(recomendacoes.length).toBeGreaterThan(0);
    expect(new Set(recomendacoes.map((r) => r.data))).toEqual(new Set([ULTIMO_PREGAO]));
    const lotes = await server.database.db
      .select({ data: importLotes.data_referencia })
      .from(importLotes);
    expect(lotes.length).toBeGreaterThan(0);
    expect(new Set(lotes.map((l) => l.data))).toEqual(new Set([ULTIMO_PREGAO]));
  });
});
