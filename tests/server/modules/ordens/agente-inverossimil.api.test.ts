import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acoes, clientes, operacoes, orderGroups, orderLegs } from '../../../../server/db/schema';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { startHoldingProxy, type HoldingProxy } from '../../../support/holding-proxy';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * Issue 26, item 3: what an agent says of a fill becomes the client's operation. A report that cannot be true
 * (volume out of range, "filled" with shares missing, a price that is not a price) leaves the leg in doubt, with
 * the reason, and writes no operation; the broker's words are kept to 255 characters.
 */
const HOST = '127.0.0.157';
const TOKEN = 'inverossimil-token';

interface Status {
  finished: boolean;
  executed_all: boolean;
  aviso: string | null;
}

describe('fill reports that cannot be true', () => {
  let server: TestServer;
  let sim: Mt5Simulator;
  let proxy: HoldingProxy;
  let token: string;

  beforeAll(async () => {
    sim = new Mt5Simulator({ host: HOST, token: TOKEN, fillDelayMs: 10, marginFree: 1_000_000 });
    sim.terminal.setPrice('PETR4', 38);
    proxy = await startHoldingProxy(HOST, (await sim.listen(0)).port);
    server = await startTestServer({
      MT5_AGENT_PORT: String(proxy.port),
      MT5_AGENT_TOKEN: TOKEN,
      MT5_TIMEOUT_MS: '2000',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    await server.database.db.insert(acoes).values([{ ticker: 'PETR4', empresa: 'Petrobras' }]);
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await sim?.close();
  });

  /** A buy of 100 PETR4 whose fill report the agent bends with `bend`, followed until its leg settles. */
  const buyReported = async (nome: string, bend: (order: Record<string, unknown>) => void) => {
    const [c] = await server.database.db
      .insert(clientes)
      .values({ nome, vm_private_ip: HOST })
      .returning({ id: clientes.id });
    proxy.rewrite = (method, path, answer) => {
      if (method !== 'GET' || !path.startsWith('/orders/')) return answer;
      const order = answer as Record<string, unknown>;
      if (order.state === 'filled') bend(order);
      return order;
    };
    try {
      const res = await server.request(`/api/clientes/${c!.id}/mt5/compra/`, {
        method: 'POST',
        token,
        json: {
          ticker_base: 'PETR4',
          execucao: 'mercado',
          tp: 45,
          legs: [{ symbol: 'PETR4', quantidade: 100 }],
        },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const { group_id } = (await res.json()) as { group_id: string };
      let status: Status | undefined;
      let leg: typeof orderLegs.$inferSelect | undefined;
      for (let i = 0; i < 200; i++) {
        const answer = await server.request(
          `/api/clientes/${c!.id}/mt5/compra-status/${group_id}/`,
          { token },
        );
        expect(answer.status, await answer.clone().text()).toBe(200);
        status = (await answer.json()) as Status;
        [leg] = await server.database.db
          .select()
          .from(orderLegs)
          .where(eq(orderLegs.group_id, group_id));
        if (status.finished || leg?.state === 'unknown') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const [group] = await server.database.db
        .select()
        .from(orderGroups)
        .where(eq(orderGroups.id, group_id));
      const ops = await server.database.db
        .select()
        .from(operacoes)
        .where(eq(operacoes.order_group_id, group_id));
      return { status: status!, leg: leg!, group: group!, operacoes: ops };
    } finally {
      proxy.rewrite = null;
    }
  };

  const refused: Array<[string, (o: Record<string, unknown>) => void, RegExp]> = [
    ['a negative volume', (o) => (o.volume_filled = -5), /-5 ações executadas de 100/],
    ['no shares', (o) => (o.volume_filled = 0), /executada por completo com 0 ações de 100/],
    ['more shares than sent', (o) => (o.volume_filled = 150), /ticket \d+ tem 100 ações|150/],
    ['part of them', (o) => (o.volume_filled = 40), /executada por completo com 40 ações de 100/],
    ['a negative price', (o) => (o.price_avg = -5), /preço médio -5/],
    ['a price that rounds to zero', (o) => (o.price_avg = 1e-9), /preço médio 1e-9/],
    [
      'a price past any amount of money',
      (o) => (o.price_avg = 1e20),
      /preço médio 100000000000000000000/,
    ],
    ['no price', (o) => (o.price_avg = null), /preço médio ausente/],
    [
      'costs past any amount of money',
      (o) => (o.deals = [{ volume: 100, price: 38.01, commission: -2e12, fee: 0 }]),
      /custos de 2000000000000 nas execuções/,
    ],
  ];

  for (const [what, bend, why] of refused) {
    it(`leaves the leg in doubt, records nothing, and keeps answering: "filled" with ${what}`, async () => {
      const { status, leg, group, operacoes: ops } = await buyReported(what, bend);
      expect(leg.state).toBe('unknown');
      expect(leg.problema).toMatch(/^(resposta do agente inválida: |o ticket)/);
      expect(leg.problema).toMatch(why);
      expect(status).toMatchObject({ finished: false, executed_all: false });
      expect(status.aviso).toContain(leg.problema!);
      expect(group.state).toBe('sent');
      expect(ops).toEqual([]);
    });
  }

  it('applies a true report, keeping the broker’s words to 255 characters', async () => {
    const {
      status,
      leg,
      operacoes: ops,
    } = await buyReported('true', (o) => {
      o.comment = 'B3: '.padEnd(1_000, 'x');
      o.retcode_desc = 'feito '.padEnd(1_000, 'y');
    });
    expect(status).toMatchObject({ finished: true, executed_all: true });
    expect(leg.state).toBe('filled');
    expect(leg.broker_comment).toHaveLength(255);
    expect(leg.retcode_desc).toHaveLength(255);
    expect(Number(leg.price_avg)).toBeGreaterThan(37);
    expect(ops.map((o) => [o.quantidade, o.preco_unitario])).toEqual([[100, leg.price_avg]]);
  });
});
