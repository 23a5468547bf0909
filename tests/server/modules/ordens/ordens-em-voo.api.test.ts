import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acoes,
  auditLog,
  clientes,
  operacoes,
  orderGroups,
  orderLegs,
} from '../../../../server/db/schema';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * What must hold while an order is in flight (issue 12, items 4 and 5): the book is not edited under a resting
 * sale, a fill that cannot be applied as sent is never "completed", and an agent answer that is not the leg's own
 * (a ticket reused after the agent lost its state, or a ticket it no longer knows) is never applied.
 */
const HOST = '127.0.0.153';
const TOKEN = 'em-voo-token';

interface Status {
  executed_all: boolean;
  finished?: boolean;
  erro?: string | null;
  aviso?: string | null;
  summary: Array<{ symbol: string; volume_exec: number }>;
}

describe('orders in flight', () => {
  let server: TestServer;
  let sim: Mt5Simulator;
  let port: number;
  let token: string;

  const startSim = async () => {
    sim = new Mt5Simulator({ host: HOST, token: TOKEN, fillDelayMs: 20, marginFree: 1_000_000 });
    sim.terminal.setPrice('PETR4', 38);
    await sim.listen(port);
  };

  beforeAll(async () => {
    sim = new Mt5Simulator({ host: HOST, token: TOKEN, fillDelayMs: 20, marginFree: 1_000_000 });
    sim.terminal.setPrice('PETR4', 38);
    port = (await sim.listen(0)).port;
    server = await startTestServer({
      MT5_AGENT_PORT: String(port),
      MT5_AGENT_TOKEN: TOKEN,
      MT5_TIMEOUT_MS: '1000',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    await server.database.db.insert(acoes).values([{ ticker: 'PETR4', empresa: 'Petrobras' }]);
  });
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });

  const newCliente = async (nome: string) => {
    const [c] = await server.database.db
      .insert(clientes)
      .values({ nome, vm_private_ip: HOST })
      .returning({ id: clientes.id });
    return c!.id;
  };
  const send = (path: string, json: unknown, method = 'POST') =>
    server.request(path, { method, token, json });
  const status = async (clienteId: number, lado: 'compra' | 'venda', groupId: string) =>
    (await (
      await server.request(`/api/clientes/${clienteId}/mt5/${lado}-status/${groupId}/`, { token })
    ).json()) as Status;
  const until = async (
    clienteId: number,
    lado: 'compra' | 'venda',
    groupId: string,
    done: (s: Status) => boolean,
  ) => {
    for (let i = 0; i < 100; i++) {
      const s = await status(clienteId, lado, groupId);
      if (done(s)) return s;
      await new Promise((r) => setTimeout(r, 30));
    }
    throw new Error('never reached');
  };
  /** The state of a group's first leg as stored. */
  const legState = async (groupId: string) =>
    (await server.database.db.select().from(orderLegs).where(eq(orderLegs.group_id, groupId)))[0]
      ?.state;
  const placed = async (clienteId: number, lado: 'compra' | 'venda', groupId: string) => {
    for (let i = 0; i < 100 && (await legState(groupId)) !== 'placed'; i++) {
      await status(clienteId, lado, groupId);
      await new Promise((r) => setTimeout(r, 30));
    }
    expect(await legState(groupId)).toBe('placed');
  };
  const groupOf = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { group_id: string }).group_id;
  };
  /** A client holding 100 PETR4 bought through the terminal, and that operation's id. */
  const holding100 = async (nome: string) => {
    const clienteId = await newCliente(nome);
    const buy = await groupOf(
      await send(`/api/clientes/${clienteId}/mt5/compra/`, {
        ticker_base: 'PETR4',
        execucao: 'mercado',
        tp: 45,
        legs: [{ symbol: 'PETR4', quantidade: 100 }],
      }),
    );
    await until(clienteId, 'compra', buy, (s) => s.executed_all);
    const [op] = await server.database.db
      .select()
      .from(operacoes)
      .where(eq(operacoes.order_group_id, buy));
    return { clienteId, operacaoId: op!.id };
  };
  /** A limit sale far above the market: it rests at the terminal. */
  const restingSale = async (clienteId: number, operacaoId: number) =>
    groupOf(
      await send(`/api/clientes/${clienteId}/mt5/venda/${operacaoId}/`, {
        execucao: 'limite',
        preco: 60,
      }),
    );

  it('refuses to edit or delete an operation while its sale rests at the terminal', async () => {
    const { clienteId, operacaoId } = await holding100('Ana');
    const venda = await restingSale(clienteId, operacaoId);
    await placed(clienteId, 'venda', venda);

    const patch = await send(`/api/operacoes/${operacaoId}/`, { quantidade: 300 }, 'PATCH');
    expect(patch.status).toBe(409);
    expect(((await patch.json()) as { detail: string }).detail).toMatch(
      /ordem MT5 em andamento: aguarde a ordem terminar/,
    );
    const del = await server.request(`/api/operacoes/${operacaoId}/`, { method: 'DELETE', token });
    expect(del.status).toBe(409);
    const [op] = await server.database.db
      .select()
      .from(operacoes)
      .where(eq(operacoes.id, operacaoId));
    expect(op).toMatchObject({ quantidade: 100, data_venda: null });

    sim.terminal.setPrice('PETR4', 61);
    const done = await until(clienteId, 'venda', venda, (s) => Boolean(s.finished));
    expect(done.executed_all).toBe(true);
  });

  it('marks the sale failed, for a person to resolve, when its fill no longer matches the book', async () => {
    sim.terminal.setPrice('PETR4', 38);
    const { clienteId, operacaoId } = await holding100('Bruno');
    const venda = await restingSale(clienteId, operacaoId);
    await placed(clienteId, 'venda', venda);
    // Whatever path changed the book under the sale (an older server, a hand-made fix), the fill must not be
    // applied to the wrong quantity.
    await server.database.db
      .update(operacoes)
      .set({ quantidade: 50 })
      .where(eq(operacoes.id, operacaoId));

    sim.terminal.setPrice('PETR4', 61);
    const done = await until(clienteId, 'venda', venda, (s) => Boolean(s.finished));
    expect(done.executed_all).toBe(false);
    expect(done.erro).toMatch(
      /^A venda executou 100 ações a R\$ \d+,\d{2}, mas não pôde ser registrada: a venda era de 100 ações e a operação agora tem 50\./,
    );
    const [op] = await server.database.db
      .select()
      .from(operacoes)
      .where(eq(operacoes.id, operacaoId));
    expect(op).toMatchObject({ quantidade: 50, data_venda: null });
  });

  it('never applies an answer for a ticket reused after the agent lost its state, and lets staff resolve', async () => {
    sim.terminal.setPrice('PETR4', 38);
    const clienteId = await newCliente('Carla');
    const compra = await groupOf(
      await send(`/api/clientes/${clienteId}/mt5/compra/`, {
        ticker_base: 'PETR4',
        execucao: 'limite',
        preco: 30,
        tp: 45,
        legs: [{ symbol: 'PETR4', quantidade: 100 }],
      }),
    );
    await placed(clienteId, 'compra', compra);

    // The agent comes back with nothing, and its ticket numbers start over: the leg's ticket goes to an
    // unrelated order that fills at once.
    const [leg] = await server.database.db
      .select()
      .from(orderLegs)
      .where(eq(orderLegs.group_id, compra));
    await sim.close();
    await startSim();
    sim.terminal.setPrice('MGLU3', 20.57);
    for (let ticket = 0; ticket !== leg!.ticket;) {
      ticket = sim.terminal.placeOrder({
        client_order_id: `outra-ordem:${ticket}`,
        symbol: 'MGLU3',
        side: 'buy',
        volume: 100,
        type: 'market',
        comment: '',
      }).ticket!;
    }
    await new Promise((r) => setTimeout(r, 100));

    const reused = await status(clienteId, 'compra', compra);
    expect(await legState(compra)).toBe('unknown');
    expect(reused.finished).toBe(false);
    expect(reused.aviso).toMatch(
      /Situação desconhecida de PETR4 \(o ticket \d+ do terminal pertence a outra ordem \(outra-ordem:\d+\)\)/,
    );
    expect(
      await server.database.db.select().from(operacoes).where(eq(operacoes.cliente_id, clienteId)),
    ).toEqual([]);

    // A client whose group is stuck cannot be deleted; resolving it (with a reason) ends that.
    const blocked = await server.request(`/api/clientes/${clienteId}/`, {
      method: 'DELETE',
      token,
    });
    expect(blocked.status).toBe(409);
    const short = await send(`/api/ordens/${compra}/resolver/`, { motivo: 'ok' });
    expect(short.status).toBe(400);
    const resolved = await send(`/api/ordens/${compra}/resolver/`, {
      motivo: 'Conferido no terminal: a ordem não existe mais.',
    });
    expect(resolved.status).toBe(200);
    const answer = (await resolved.json()) as Status;
    expect(answer).toMatchObject({
      executed_all: false,
      finished: true,
      erro: 'Resolvida por operador: Conferido no terminal: a ordem não existe mais.',
    });
    expect(
      (await send(`/api/ordens/${compra}/resolver/`, { motivo: 'de novo, por engano' })).status,
    ).toBe(409);
    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, compra));
    expect(audited.map((r) => r.action)).toContain('resolve');
    const [group] = await server.database.db
      .select()
      .from(orderGroups)
      .where(eq(orderGroups.id, compra));
    expect(group?.state).toBe('resolved');
    expect(
      (await server.request(`/api/clientes/${clienteId}/`, { method: 'DELETE', token })).status,
    ).toBe(204);
  });

  it('shows a ticket the terminal no longer knows as unknown, never as rejected', async () => {
    sim.terminal.setPrice('PETR4', 38);
    const clienteId = await newCliente('Diego');
    const compra = await groupOf(
      await send(`/api/clientes/${clienteId}/mt5/compra/`, {
        ticker_base: 'PETR4',
        execucao: 'limite',
        preco: 30,
        tp: 45,
        legs: [{ symbol: 'PETR4', quantidade: 100 }],
      }),
    );
    await placed(clienteId, 'compra', compra);
    await sim.close();
    await startSim();

    const lost = await status(clienteId, 'compra', compra);
    expect(await legState(compra)).toBe('unknown');
    expect(lost.finished).toBe(false);
    expect(lost.erro).toBeNull();
    expect(lost.aviso).toMatch(/o terminal não conhece o ticket \d+/);
  });

  it('refuses an Idempotency-Key reused with another request (422), and keeps a key to its own route', async () => {
    sim.terminal.setPrice('PETR4', 38);
    const { clienteId, operacaoId } = await holding100('Eva');
    const key = 'chave-da-eva-1';
    const order = (quantidade: number) =>
      server.request(`/api/clientes/${clienteId}/mt5/compra/`, {
        method: 'POST',
        token,
        headers: { 'idempotency-key': key },
        json: {
          ticker_base: 'PETR4',
          execucao: 'mercado',
          tp: 45,
          legs: [{ symbol: 'PETR4', quantidade }],
        },
      });
    const first = await groupOf(await order(100));
    expect(await groupOf(await order(100))).toBe(first);
    const other = await order(200);
    expect(other.status).toBe(422);
    expect(((await other.json()) as { detail: string }).detail).toBe(
      'Esta Idempotency-Key já foi usada para outra ordem: cada ordem nova precisa de uma chave nova.',
    );

    // The buy's key sent with a sale is that sale's own key, never an answer of the buy.
    const sale = await server.request(`/api/clientes/${clienteId}/mt5/venda/${operacaoId}/`, {
      method: 'POST',
      token,
      headers: { 'idempotency-key': key },
      json: { execucao: 'mercado' },
    });
    const venda = await groupOf(sale);
    expect(venda).not.toBe(first);
    await until(clienteId, 'venda', venda, (s) => Boolean(s.finished));
  });

  it('refuses to sell more than the terminal holds unless the operator confirms', async () => {
    sim.terminal.setPrice('VALE3', 60);
    const clienteId = await newCliente('Fábio');
    const [vale] = await server.database.db
      .insert(acoes)
      .values({ ticker: 'VALE3' })
      .returning({ id: acoes.id });
    // A manual operation with no counterpart at the terminal: the book holds 300 the account does not.
    const [manual] = await server.database.db
      .insert(operacoes)
      .values({
        cliente_id: clienteId,
        acao_id: vale!.id,
        data_compra: '2025-01-02',
        preco_unitario: '30',
        quantidade: 300,
      })
      .returning({ id: operacoes.id });
    const sell = (json: object) =>
      server.request(`/api/clientes/${clienteId}/mt5/venda/${manual!.id}/`, {
        method: 'POST',
        token,
        json,
      });
    const refused = await sell({ execucao: 'mercado' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toBe(
      'A venda é de 300 ações de VALE3, mas o terminal do cliente tem 0. Confira a posição (Conciliação); ' +
        'para vender assim mesmo, confirme a venda acima da posição do terminal.',
    );
    const confirmed = await sell({
      execucao: 'limite',
      preco: 60,
      confirmar_acima_do_terminal: true,
    });
    expect(confirmed.status).toBe(200);
  });
});
