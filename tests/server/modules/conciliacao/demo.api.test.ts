import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config';
import { seedDemoCarteiras } from '../../../../server/seed/demo-carteiras';
import {
  demoHoldings,
  seedDemoClientes,
  startDemoSimulators,
  type DemoSimulators,
} from '../../../../server/seed/demo-clientes';
import { comDivergenciasDemo, seedDemoConciliacao } from '../../../../server/seed/demo-conciliacao';
import { seedDemoPrecos } from '../../../../server/seed/demo-precos';
import { loadReferenceData } from '../../../../server/seed/reference';
import { startTestServer, type TestServer } from '../../../support/test-server';
import { startFleet } from '../../mt5-sim/fleet';

interface Resumo {
  nome: string;
  situacao: string;
  divergencias: number;
}
interface Detalhe {
  linhas: Array<{ acao: string; situacao: string; livro: number | null; terminal: number | null }>;
}

/** Issue 17, item 5: on a fresh demo CONCILIAÇÃO shows one divergence of each class, and the rest agrees. */
describe('the demo reconciliation', () => {
  let server: TestServer;
  let agents: DemoSimulators;
  let token: string;

  beforeAll(async () => {
    const probe = await startFleet(['online']);
    const port = probe.port;
    await probe.close();
    const env = { MT5_AGENT_PORT: String(port), MT5_TIMEOUT_MS: '1000' };
    server = await startTestServer(env);
    const ctx = { db: server.database.db, config: server.config };
    await loadReferenceData(ctx.db);
    for (const seed of [seedDemoClientes, seedDemoPrecos, seedDemoCarteiras, seedDemoConciliacao]) {
      await seed(ctx);
    }
    agents = await startDemoSimulators(
      loadConfig(env),
      async () => new Map(),
      async () => comDivergenciasDemo(ctx.db, await demoHoldings(ctx.db)),
    );
    token = await server.login();
  }, 120_000);
  afterAll(async () => {
    await agents?.stop();
    await server?.close();
  });

  const get = async <T>(path: string) =>
    (await (await server.request(path, { token })).json()) as T;

  it('agrees everywhere but on the four divergences it is seeded with', async () => {
    const lista = await get<Array<Resumo & { cliente: number }>>('/api/conciliacao/');
    expect(lista.map((c) => [c.nome, c.situacao, c.divergencias])).toEqual([
      ['Ana Beatriz Carvalho', 'divergente', 1],
      ['Bruno Henrique Almeida', 'divergente', 1],
      ['Carla Menezes Ribeiro', 'divergente', 1],
      ['Diego Fernandes Souza', 'divergente', 1],
      ['Eduarda Lima Castro', 'confere', 0],
      ['Fernando Augusto Pereira', 'confere', 0],
      ['Gabriela Rocha Martins', 'confere', 0],
      ['Isabela Duarte Moreira', 'sem_terminal', 0],
      ['João Victor Barbosa', 'sem_terminal', 0],
      ['Leonardo Azevedo Santos', 'sem_terminal', 0],
      ['Nascimento Participações Ltda', 'sem_terminal', 0],
      ['Teixeira & Lopes Investimentos S.A.', 'sem_terminal', 0],
    ]);
    const divergentes = async (nome: string) => {
      const id = lista.find((c) => c.nome === nome)!.cliente;
      return (await get<Detalhe>(`/api/clientes/${id}/conciliacao/`)).linhas.filter(
        (l) => l.situacao !== 'confere',
      );
    };
    expect(await divergentes('Ana Beatriz Carvalho')).toMatchObject([
      { acao: 'ITSA4', situacao: 'so_na_custodia' },
    ]);
    expect(await divergentes('Bruno Henrique Almeida')).toMatchObject([
      { acao: 'BBDC4', situacao: 'so_no_terminal', terminal: 300 },
    ]);
    const [carla] = await divergentes('Carla Menezes Ribeiro');
    expect(carla).toMatchObject({ situacao: 'diverge' });
    expect(carla!.livro! - carla!.terminal!).toBe(100);
    expect(await divergentes('Diego Fernandes Souza')).toMatchObject([
      { acao: 'MGLU3', situacao: 'so_no_livro', livro: 200, terminal: null },
    ]);
  });
});
