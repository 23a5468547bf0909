import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acoes,
  clientes,
  custodias,
  importLotes,
  operacoes,
  orderGroups,
} from '../../../../server/db/schema';
import { startTestServer, type TestServer } from '../../../support/test-server';
import { startFleet, trackAgentCalls, type SimFleet } from '../../mt5-sim/fleet';

/**
 * Issue 17: the book, the terminal and the custody per client and stock; every class of difference, PETR4F counted
 * as PETR4, terminals that do not answer, and the sale above the terminal's position.
 */

interface Linha {
  acao: string;
  livro: number | null;
  terminal: number | null;
  custodia: number | null;
  situacao: string;
  diferenca_terminal: number | null;
  diferenca_custodia: number | null;
}
interface Conciliacao {
  cliente: number;
  nome: string;
  situacao: string;
  divergencias: number;
  terminal_status: string;
  terminal_detalhe: string | null;
  custodia_data: string | null;
  linhas: Linha[];
}

describe('reconciliation of book, terminal and custody', () => {
  let fleet: SimFleet;
  let server: TestServer;
  let token: string;
  const ids: Record<string, number> = {};
  const acao: Record<string, number> = {};

  beforeAll(async () => {
    fleet = await startFleet(['online', 'online', 'online', 'slow'], { fillDelayMs: 20 });
    server = await startTestServer({
      MT5_AGENT_PORT: String(fleet.port),
      MT5_AGENT_TOKEN: fleet.token,
      MT5_TIMEOUT_MS: '1000',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    const { db } = server.database;
    for (const a of await db
      .insert(acoes)
      .values(['PETR4', 'VALE3', 'ITUB4', 'WEGE3', 'BBDC4', 'ABEV3'].map((ticker) => ({ ticker })))
      .returning({ id: acoes.id, ticker: acoes.ticker })) {
      acao[a.ticker] = a.id;
    }
    const novos = await db
      .insert(clientes)
      .values([
        { nome: 'Ana Confere', codigo_xp: '1001', vm_private_ip: fleet.hosts[0] },
        { nome: 'Bruno Diverge', codigo_xp: ' 1002 ', vm_private_ip: fleet.hosts[1] },
        { nome: 'Carla Sem Custódia', codigo_xp: null, vm_private_ip: fleet.hosts[2] },
        { nome: 'Diego Desligado', codigo_xp: '1004', vm_private_ip: fleet.deadHost },
        { nome: 'Eva Lenta', codigo_xp: null, vm_private_ip: fleet.hosts[3] },
        { nome: 'Fábio Sem IP', codigo_xp: '1006', vm_private_ip: null },
      ])
      .returning({ id: clientes.id, nome: clientes.nome });
    for (const c of novos) ids[c.nome!.split(' ')[0]!] = c.id;

    const op = (cliente: string, ticker: string, quantidade: number, vendida = false) => ({
      cliente_id: ids[cliente]!,
      acao_id: acao[ticker]!,
      data_compra: '2025-03-03',
      preco_unitario: '20',
      quantidade,
      ...(vendida ? { data_venda: '2025-03-10', preco_venda_unitario: '22' } : {}),
    });
    await db
      .insert(operacoes)
      .values([
        op('Ana', 'PETR4', 100),
        op('Ana', 'PETR4', 50),
        op('Ana', 'VALE3', 300, true),
        op('Bruno', 'VALE3', 100),
        op('Bruno', 'ITUB4', 200),
        op('Bruno', 'WEGE3', 100),
        op('Carla', 'PETR4', 100),
        op('Diego', 'VALE3', 100),
        op('Diego', 'ITUB4', 100),
        op('Eva', 'PETR4', 100),
      ]);

    // Ana's account holds 150 PETR4 as 100 + 50 on the fractional market.
    fleet.sims[0]!.terminal.setPosition('PETR4', 100, 20);
    fleet.sims[0]!.terminal.setPosition('PETR4F', 50, 20);
    // Bruno's: 100 ITUB4 of the book's 200, WEGE3 as in the book, and 300 BBDC4 the book does not have.
    fleet.sims[1]!.terminal.setPosition('ITUB4', 100, 30);
    fleet.sims[1]!.terminal.setPosition('WEGE3', 100, 40);
    fleet.sims[1]!.terminal.setPosition('BBDC4', 300, 15);
    fleet.sims[2]!.terminal.setPosition('PETR4', 100, 20);

    const lote = async (data: string, substituido = false) => {
      const [row] = await db
        .insert(importLotes)
        .values({
          tipo: 'custodia',
          data_referencia: data,
          arquivo: `custodia-${data}.xlsx`,
          linhas: 0,
          status: 'importado',
          username: 'teste',
          ...(substituido ? { substituido_em: sql`now()` } : {}),
        })
        .returning({ id: importLotes.id });
      return row!.id;
    };
    const antiga = await lote('2025-03-20');
    const vigente = await lote('2025-03-28');
    // A lote another import replaced (same date): whatever rows it still had are not the custody.
    const substituida = await lote('2025-03-28', true);
    const row = (
      loteId: number,
      data: string,
      codigo: string,
      ativo: string,
      quantidade: string,
    ) => ({
      lote_id: loteId,
      data_referencia: data,
      codigo,
      ativo,
      quantidade,
    });
    await db.insert(custodias).values([
      row(antiga, '2025-03-20', '1001', 'VALE3', '300'),
      row(antiga, '2025-03-20', '1002', 'PETR4', '999'),
      row(vigente, '2025-03-28', '1001', 'PETR4', '100'),
      row(vigente, '2025-03-28', '1001', 'petr4f ', '50'),
      row(vigente, '2025-03-28', '1002', 'ITUB4', '200'),
      row(vigente, '2025-03-28', '1002', 'WEGE3', '100'),
      row(vigente, '2025-03-28', '1002', 'ABEV3', '500'),
      // Not a stock: the custody sheet lists every asset; only stocks are reconciled.
      row(vigente, '2025-03-28', '1002', 'CDB BANCO XP 2027', '1'),
      row(vigente, '2025-03-28', '1004', 'VALE3', '100'),
      row(vigente, '2025-03-28', '1004', 'ITUB4', '300'),
      row(substituida, '2025-03-28', '1001', 'PETR4', '150'),
      row(substituida, '2025-03-28', '1002', 'VALE3', '100'),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await fleet?.close();
  });

  const get = async <T>(path: string): Promise<T> => {
    const res = await server.request(path, { token });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };
  const linha = (
    acao: string,
    livro: number | null,
    terminal: number | null,
    custodia: number | null,
  ) => ({
    acao,
    livro,
    terminal,
    custodia,
  });

  it('agrees when the three sides hold the same, PETR4F counted as PETR4 on every side', async () => {
    const ana = await get<Conciliacao>(`/api/clientes/${ids.Ana}/conciliacao/`);
    expect(ana).toEqual({
      cliente: ids.Ana,
      nome: 'Ana Confere',
      situacao: 'confere',
      divergencias: 0,
      terminal_status: 'online',
      terminal_detalhe: null,
      custodia_data: '2025-03-28',
      linhas: [
        {
          ...linha('PETR4', 150, 150, 150),
          situacao: 'confere',
          diferenca_terminal: 0,
          diferenca_custodia: 0,
        },
      ],
    });
  });

  it('classifies each difference: só no livro, só no terminal, só na custódia, quantidade diverge', async () => {
    const bruno = await get<Conciliacao>(`/api/clientes/${ids.Bruno}/conciliacao/`);
    expect(bruno).toMatchObject({
      situacao: 'divergente',
      divergencias: 4,
      terminal_status: 'online',
      custodia_data: '2025-03-28',
    });
    expect(bruno.linhas).toEqual([
      {
        ...linha('ABEV3', null, null, 500),
        situacao: 'so_na_custodia',
        diferenca_terminal: 0,
        diferenca_custodia: 500,
      },
      {
        ...linha('BBDC4', null, 300, null),
        situacao: 'so_no_terminal',
        diferenca_terminal: 300,
        diferenca_custodia: 0,
      },
      {
        ...linha('ITUB4', 200, 100, 200),
        situacao: 'diverge',
        diferenca_terminal: -100,
        diferenca_custodia: 0,
      },
      {
        ...linha('VALE3', 100, null, null),
        situacao: 'so_no_livro',
        diferenca_terminal: -100,
        diferenca_custodia: -100,
      },
      {
        ...linha('WEGE3', 100, 100, 100),
        situacao: 'confere',
        diferenca_terminal: 0,
        diferenca_custodia: 0,
      },
    ]);
  });

  it('compares book and terminal alone when the client has no custody import', async () => {
    const carla = await get<Conciliacao>(`/api/clientes/${ids.Carla}/conciliacao/`);
    expect(carla).toMatchObject({ situacao: 'confere', custodia_data: null, divergencias: 0 });
    expect(carla.linhas).toEqual([
      {
        ...linha('PETR4', 100, 100, null),
        situacao: 'confere',
        diferenca_terminal: 0,
        diferenca_custodia: null,
      },
    ]);
  });

  it('shows a terminal that does not answer as such, never as a divergence of its positions', async () => {
    const diego = await get<Conciliacao>(`/api/clientes/${ids.Diego}/conciliacao/`);
    expect(diego).toMatchObject({
      terminal_status: 'offline',
      terminal_detalhe: 'Conexão recusada pelo agente MT5',
      custodia_data: '2025-03-28',
      // The book and the custody still disagree on ITUB4: that is a divergence the terminal has no part in.
      situacao: 'divergente',
      divergencias: 1,
    });
    expect(diego.linhas).toEqual([
      {
        ...linha('ITUB4', 100, null, 300),
        situacao: 'diverge',
        diferenca_terminal: null,
        diferenca_custodia: 200,
      },
      {
        ...linha('VALE3', 100, null, 100),
        situacao: 'confere',
        diferenca_terminal: null,
        diferenca_custodia: 0,
      },
    ]);
    const eva = await get<Conciliacao>(`/api/clientes/${ids.Eva}/conciliacao/`);
    expect(eva).toMatchObject({
      situacao: 'sem_terminal',
      divergencias: 0,
      terminal_status: 'timeout',
      terminal_detalhe: 'Sem resposta em 1000 ms',
    });
    expect(eva.linhas).toEqual([
      {
        ...linha('PETR4', 100, null, null),
        situacao: 'confere',
        diferenca_terminal: null,
        diferenca_custodia: null,
      },
    ]);
    const fabio = await get<Conciliacao>(`/api/clientes/${ids.Fábio}/conciliacao/`);
    expect(fabio).toMatchObject({
      situacao: 'sem_terminal',
      terminal_status: 'missing_ip',
      linhas: [],
    });
  });

  it('lists every client with its worst state and count, by name', async () => {
    const lista = await get<Array<Omit<Conciliacao, 'linhas'>>>('/api/conciliacao/');
    expect(lista.map((c) => [c.nome, c.situacao, c.divergencias, c.terminal_status])).toEqual([
      ['Ana Confere', 'confere', 0, 'online'],
      ['Bruno Diverge', 'divergente', 4, 'online'],
      ['Carla Sem Custódia', 'confere', 0, 'online'],
      ['Diego Desligado', 'divergente', 1, 'offline'],
      ['Eva Lenta', 'sem_terminal', 0, 'timeout'],
      ['Fábio Sem IP', 'sem_terminal', 0, 'missing_ip'],
    ]);
    expect(lista[0]).not.toHaveProperty('linhas');
    const res = await server.request('/api/clientes/999999/conciliacao/', { token });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Cliente não encontrado.' });
  });

  it('asks at most MT5_STATUS_CONCURRENCY terminals at once, each exactly once', async () => {
    const bounded = await startTestServer({
      MT5_AGENT_PORT: String(fleet.port),
      MT5_AGENT_TOKEN: fleet.token,
      MT5_TIMEOUT_MS: '1000',
      MT5_RECONCILE_SECONDS: '0',
      MT5_STATUS_CONCURRENCY: '10',
    });
    try {
      await bounded.database.db.insert(clientes).values(
        Array.from({ length: 30 }, (_, i) => ({
          nome: `Cliente ${i}`,
          vm_private_ip: fleet.hosts[i % 2 === 0 ? 0 : 3],
        })),
      );
      const calls = trackAgentCalls(fleet.port);
      const res = await bounded
        .request('/api/conciliacao/', { token: await bounded.login() })
        .finally(calls.restore);
      const lista = (await res.json()) as Conciliacao[];
      expect(lista.filter((c) => c.terminal_status === 'online')).toHaveLength(15);
      expect(lista.filter((c) => c.terminal_status === 'timeout')).toHaveLength(15);
      expect(calls.counter.total).toBe(30);
      expect(calls.counter.max).toBe(10);
    } finally {
      await bounded.close();
    }
  });

  it('refuses to sell what the terminal does not hold (só no livro) unless confirmed, and keeps the confirmation', async () => {
    const [vale] = await server.database.db
      .select({ id: operacoes.id })
      .from(operacoes)
      .where(sql`${operacoes.cliente_id} = ${ids.Bruno} and ${operacoes.acao_id} = ${acao.VALE3}`);
    fleet.sims[1]!.terminal.setPrice('VALE3', 60);
    const sell = (json: object) =>
      server.request(`/api/clientes/${ids.Bruno}/mt5/venda/${vale!.id}/`, {
        method: 'POST',
        token,
        json,
      });
    const refused = await sell({ execucao: 'limite', preco: 90 });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toBe(
      'A venda é de 100 ações de VALE3, mas o terminal do cliente tem 0. Confira a posição (Conciliação); ' +
        'para vender assim mesmo, confirme a venda acima da posição do terminal.',
    );
    expect(
      await server.database.db
        .select()
        .from(orderGroups)
        .where(eq(orderGroups.operacao_id, vale!.id)),
    ).toEqual([]);

    const confirmed = await sell({
      execucao: 'limite',
      preco: 90,
      confirmar_acima_do_terminal: true,
    });
    expect(confirmed.status).toBe(200);
    const { group_id } = (await confirmed.json()) as { group_id: string };
    const detalhe = await get<{ timeline: Array<{ evento: string; detalhe: string | null }> }>(
      `/api/ordens/${group_id}/`,
    );
    expect(detalhe.timeline[0]).toEqual({
      evento: 'Ordem registrada',
      detalhe:
        'Venda de 100 ações de VALE3 (VALE3 100), limitada a R$ 90,00. Confirmada acima da posição do terminal ' +
        '(o terminal tinha 0 ações).',
      em: expect.any(String),
      usuario: 'operador',
    });
  });
});
