import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Papel } from '../../../contract';
import { queryRows } from '../../../server/db/query';
import {
  acoes,
  clientes,
  eventosCorporativos,
  operacoes,
  orderGroups,
} from '../../../server/db/schema';
import { upsertUser } from '../../../server/modules/auth/users';
import type { TestServer } from '../../support/test-server';
import { enrol, json as jsonOf, passwordStep } from '../modules/auth/support-2fa';
import type { Base } from './sending';
import { seedAlertas, seedModelos, SIM_HOST } from './seeds-extra';

export { SIM_HOST };
export const SENHA_FUZZ = 'senha-dos-usuarios-do-fuzz';

/** The records the examples point at, made once per database before any request. */
export interface Seed {
  clienteId: number;
  eventoId: number;
  novoEvento(): Promise<number>;
  clienteEditavelId: number;
  acaoId: number;
  operacaoId: number;
  compraGroupId: string;
  vendaGroupId: string;
  novoCliente(): Promise<number>;
  novaOperacao(): Promise<number>;
  novaOrdemSemResultado(): Promise<string>;
  /** A limit buy below the market: resting at the terminal, so that it can be canceled. */
  novaOrdemLimitada(): Promise<string>;
  /** A finished buy lote of the client. */
  loteId: string;
  /** A lote of one limit buy below the market, so that it can be canceled. */
  novoLoteLimitado(): Promise<string>;
  /** A session of its own (the logout ends the one it is sent with). */
  novaSessao(): Promise<string>;
  /** A user (leitura) for the administrator's acts on users. */
  usuarioId: number;
  /** A fired alert (a divergence of a client without a terminal: no check ends it) to acknowledge and snooze. */
  alertaId: number;
  /** A price rule of the fuzz's user; `disparada`: its alert fired, so that it can be armed again. */
  novaRegra(disparada?: boolean): Promise<number>;
  /** A model portfolio (PETR4 and VALE3) for the models' reads, edits and rebalance; and a fresh one to delete. */
  modeloId: number;
  novoModelo(): Promise<number>;
  /** A client following that model, cash only, and its plan as validar answers it: the rebalance's request. */
  rebalanceamento: Base;
  // Made while seeding, handed out one per build: a build that wrote would change the data the refusals are
  // compared with (the challenges of a login are not compared: a wrong code counts on its challenge).
  /** A user of its own (its own sessions to end, its own password to change) and a session of theirs. */
  proximoUsuario(): { id: number; username: string; token: string };
  /** A user with a second factor: a session of theirs and their recovery codes. */
  proximoUsuario2fa(): { id: number; username: string; token: string; codigos: string[] };
  /** A user's session with an enrolment started: the secret its code comes from. */
  proximaInscricao(): { token: string; segredo: string };
  /** Another session of the fuzz's user. */
  proximaSessao(): string;
  /** The challenge of the password step of a user with a second factor. */
  desafioDe(username: string): Promise<string>;
  /** A user with a second factor whose recovery codes log in one after the other. */
  login2fa: { username: string; codigos: string[] };
}

/** Hands out the items one per call, in order. */
export const handOut =
  <T>(items: T[]) =>
  (): T => {
    const item = items.shift();
    if (!item) throw new Error('the seed made too few of these: make more');
    return item;
  };

/** Distinct past dates for the events the examples create (the stock's events are unique per type and date). */
let diasDeEvento = 0;
export const novaDataEx = () =>
  new Date(Date.parse('2020-01-01T12:00:00Z') + diasDeEvento++ * 86_400_000)
    .toISOString()
    .slice(0, 10);

/**
 * The data every example points at: stocks, a client whose VM is the simulator (order calls reach a real agent), a
 * client to edit, an open operation, a finished buy and a finished sale.
 */
export async function seedDatabase(server: TestServer, token: string): Promise<Seed> {
  const { db } = server.database;

  const [acao] = await db
    .insert(acoes)
    .values([
      { ticker: 'PETR4', empresa: 'Petrobras', setor: 'Petróleo' },
      { ticker: 'VALE3', empresa: 'Vale', setor: 'Mineração' },
    ])
    .returning({ id: acoes.id });
  const [cliente, editavel] = await db
    .insert(clientes)
    .values([
      {
        nome: 'Cliente Fuzz',
        codigo_xp: '1001',
        percentual_patrimonio: '50',
        vm_private_ip: SIM_HOST,
      },
      { nome: 'Cliente Editável' },
    ])
    .returning({ id: clientes.id });
  const novaOperacao = async () => {
    const [op] = await db
      .insert(operacoes)
      .values({
        cliente_id: cliente!.id,
        acao_id: acao!.id,
        data_compra: '2025-01-02',
        preco_unitario: '30',
        quantidade: 100,
      })
      .returning({ id: operacoes.id });
    return op!.id;
  };
  const json = async (path: string, body: unknown) => {
    const res = await server.request(path, { method: 'POST', token, json: body });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { group_id: string }).group_id;
  };
  const finished = async (path: string) => {
    for (let i = 0; i < 100; i++) {
      const res = await server.request(path, { token });
      if (((await res.json()) as { finished?: boolean }).finished) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`never finished: ${path}`);
  };
  const compraGroupId = await json(`/api/clientes/${cliente!.id}/mt5/compra/`, {
    ticker_base: 'PETR4',
    execucao: 'mercado',
    tp: 45,
    legs: [{ symbol: 'PETR4', quantidade: 200 }],
  });
  await finished(`/api/clientes/${cliente!.id}/mt5/compra-status/${compraGroupId}/`);
  const [comprada] = await queryRows<{ id: number }>(
    db,
    sql`select id from operacoes where order_group_id = ${compraGroupId}`,
  );
  const vendaGroupId = await json(`/api/clientes/${cliente!.id}/mt5/venda/${comprada!.id}/`, {
    execucao: 'mercado',
  });
  await finished(`/api/clientes/${cliente!.id}/mt5/venda-status/${vendaGroupId}/`);
  const novoLote = async (body: object) => {
    const res = await server.request('/api/lotes/', {
      method: 'POST',
      token,
      headers: { 'idempotency-key': crypto.randomUUID() },
      json: {
        ticker_base: 'PETR4',
        tp: 45,
        itens: [{ cliente: cliente!.id, legs: [{ symbol: 'PETR4', quantidade: 100 }] }],
        confirmar_compra_em_voo: true,
        ...body,
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { lote_id: string }).lote_id;
  };
  const loteId = await novoLote({ execucao: 'mercado' });
  await finished(`/api/lotes/${loteId}/`);
  // A taxed month (R$ 60,000.00 of stock sales, R$ 30,000.00 gain): the income tax's DARF example (issue 29).
  await db.insert(operacoes).values({
    cliente_id: cliente!.id,
    acao_id: acao!.id,
    data_compra: '2024-03-01',
    preco_unitario: '30',
    quantidade: 1000,
    data_venda: '2024-03-15',
    preco_venda_unitario: '60',
  });

  let usuarios = 0;
  const novoUsuario = async (papel: Papel = 'leitura') => {
    const username = `fuzz-usuario-${++usuarios}`;
    await upsertUser(db, username, SENHA_FUZZ, 'fuzz', papel);
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`select id from users where username = ${username}`,
    );
    return { id: row!.id, username, token: await server.login(username, SENHA_FUZZ) };
  };

  const novoUsuario2fa = async () => {
    const u = await novoUsuario();
    const enrolled = await enrol(server, u.token);
    return { ...u, token: enrolled.access, codigos: enrolled.codigos_recuperacao };
  };
  const inscricaoIniciada = async () => {
    const { token } = await novoUsuario();
    const res = await server.request('/api/eu/2fa/', { method: 'POST', token });
    return { token, segredo: (await jsonOf<{ segredo: string }>(res, 200)).segredo };
  };

  const novoEvento = async () => {
    const [evento] = await db
      .insert(eventosCorporativos)
      .values({
        acao_id: acao!.id,
        tipo: 'dividendo',
        data_ex: novaDataEx(),
        valor_por_acao: '0.1',
        fonte: 'manual',
      })
      .returning({ id: eventosCorporativos.id });
    return evento!.id;
  };

  return {
    loteId,
    novoLoteLimitado: () => novoLote({ execucao: 'limite', preco: 30 }),
    clienteId: cliente!.id,
    eventoId: await novoEvento(),
    novoEvento,
    clienteEditavelId: editavel!.id,
    acaoId: acao!.id,
    operacaoId: await novaOperacao(),
    compraGroupId,
    vendaGroupId,
    async novoCliente() {
      const [row] = await db
        .insert(clientes)
        .values({ nome: 'Descartável' })
        .returning({ id: clientes.id });
      return row!.id;
    },
    novaOperacao,
    async novaOrdemSemResultado() {
      const id = crypto.randomUUID();
      await db.insert(orderGroups).values({
        id,
        cliente_id: cliente!.id,
        lado: 'compra',
        ticker_base: 'PETR4',
        execucao: 'mercado',
        state: 'sent',
        created_by: 'fuzz',
      });
      return id;
    },
    novaSessao: () => server.login(),
    usuarioId: (await novoUsuario()).id,
    ...(await seedAlertas(db, acao!.id, editavel!.id)),
    ...(await seedModelos(server, token)),
    proximoUsuario: handOut(await Promise.all([1, 2, 3, 4].map(() => novoUsuario()))),
    proximoUsuario2fa: handOut(await Promise.all([1, 2, 3, 4].map(() => novoUsuario2fa()))),
    proximaInscricao: handOut(await Promise.all([1, 2].map(() => inscricaoIniciada()))),
    proximaSessao: handOut(await Promise.all([1, 2].map(() => server.login()))),
    desafioDe: async (username) => (await passwordStep(server, username, SENHA_FUZZ)).desafio,
    login2fa: await novoUsuario2fa(),
    // Many buys of the stock rest for the one client at once: each confirms the others in flight.
    novaOrdemLimitada: () =>
      json(`/api/clientes/${cliente!.id}/mt5/compra/`, {
        ticker_base: 'PETR4',
        execucao: 'limite',
        preco: 30,
        tp: 45,
        legs: [{ symbol: 'PETR4', quantidade: 100 }],
        confirmar_compra_em_voo: true,
      }),
  };
}
