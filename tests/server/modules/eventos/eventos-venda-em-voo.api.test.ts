import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Evento } from '../../../../contract';
import { formatDateTime } from '../../../../shared/format';
import {
  acoes,
  auditLog,
  clientes,
  eventosAplicacoes,
  eventosCorporativos,
  operacoes,
  orderGroups,
  proventos,
} from '../../../../server/db/schema';
import { queryRows } from '../../../../server/db/query';
import { applyPendentes } from '../../../../server/modules/eventos/aplicacao';
import { storeEventosYahoo, type EventoYahoo } from '../../../../server/modules/eventos/yahoo';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * A corporate event must not move an operation while a sale of it rests at the terminal (issue 26, item 2): the
 * sale realises exactly the quantity it was sent for, and a book adjusted under it cannot record the fill. Every
 * path that adjusts operations (the routes, the daily job, the Yahoo refresh) waits for the sale to end.
 */
const HOST = '127.0.0.155';
const TOKEN = 'eventos-em-voo-token';

interface Status {
  finished?: boolean;
  executed_all: boolean;
}

describe('corporate events over a sale resting at the terminal', () => {
  let server: TestServer;
  let sim: Mt5Simulator;
  let token: string;
  let acao: number;

  beforeAll(async () => {
    sim = new Mt5Simulator({ host: HOST, token: TOKEN, fillDelayMs: 20, marginFree: 1_000_000 });
    sim.terminal.setPrice('PETR4', 38);
    const { port } = await sim.listen(0);
    server = await startTestServer({
      MT5_AGENT_PORT: String(port),
      MT5_AGENT_TOKEN: TOKEN,
      MT5_TIMEOUT_MS: '1000',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    const [row] = await server.database.db
      .insert(acoes)
      .values({ ticker: 'PETR4', empresa: 'Petrobras' })
      .returning({ id: acoes.id });
    acao = row!.id;
  });
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });

  const send = (path: string, method: string, json?: unknown) =>
    server.request(path, { method, token, json });
  const criar = (json: object) => send('/api/eventos-corporativos/', 'POST', json);
  const alterar = (id: number, json: object) =>
    send(`/api/eventos-corporativos/${id}/`, 'PUT', json);
  const excluir = (id: number) => send(`/api/eventos-corporativos/${id}/`, 'DELETE');
  const split = (data_ex: string, fator: number) => ({
    acao,
    tipo: 'desdobramento',
    data_ex,
    fator,
  });
  const detail = async (res: Response) => ((await res.json()) as ApiError).detail;

  /** A client holding 100 PETR4 bought on 2025-01-02 at R$ 30 (the book's, not the terminal's). */
  async function posicao(nome: string) {
    const { db } = server.database;
    const [cliente] = await db
      .insert(clientes)
      .values({ nome, vm_private_ip: HOST })
      .returning({ id: clientes.id });
    const [op] = await db
      .insert(operacoes)
      .values({
        cliente_id: cliente!.id,
        acao_id: acao,
        data_compra: '2025-01-02',
        preco_unitario: '30',
        quantidade: 100,
        valor_alvo: '36',
      })
      .returning({ id: operacoes.id });
    return { cliente: cliente!.id, operacao: op!.id };
  }

  const status = async (cliente: number, venda: string) =>
    (await (
      await server.request(`/api/clientes/${cliente}/mt5/venda-status/${venda}/`, { token })
    ).json()) as Status;

  /** A limit sale far above the market (R$ 38): it rests at the terminal until canceled. */
  async function vendaParada(cliente: number, operacao: number) {
    const res = await send(`/api/clientes/${cliente}/mt5/venda/${operacao}/`, 'POST', {
      execucao: 'limite',
      preco: 60,
      // The terminal holds none of the book's shares: the sale is confirmed above its position.
      confirmar_acima_do_terminal: true,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { group_id } = (await res.json()) as { group_id: string };
    const [group] = await server.database.db
      .select()
      .from(orderGroups)
      .where(eq(orderGroups.id, group_id));
    expect(group!.state).toBe('sent');
    return { id: group_id, enviada: formatDateTime(new Date(group!.created_at).toISOString()) };
  }

  async function cancelar(cliente: number, venda: string) {
    const res = await send(`/api/ordens/${venda}/cancelar/`, 'POST');
    expect(res.status, await res.clone().text()).toBe(200);
    for (let i = 0; i < 100 && !(await status(cliente, venda)).finished; i++) {
      await new Promise((r) => setTimeout(r, 30));
    }
    expect((await status(cliente, venda)).finished).toBe(true);
  }

  /** What an event can change in the book, to compare before and after a request that must change nothing. */
  async function livro() {
    const { db } = server.database;
    return {
      operacoes: await db.select().from(operacoes).orderBy(operacoes.id),
      eventos: await db.select().from(eventosCorporativos).orderBy(eventosCorporativos.id),
      aplicacoes: await db.select().from(eventosAplicacoes).orderBy(eventosAplicacoes.id),
      proventos: await db.select().from(proventos),
      audits: (
        await db
          .select({ n: count() })
          .from(auditLog)
          .where(inArray(auditLog.entity, ['evento_corporativo', 'operacao', 'provento']))
      )[0]!.n,
    };
  }
  const posicaoDe = async (id: number) => {
    const [op] = await server.database.db.select().from(operacoes).where(eq(operacoes.id, id));
    return { quantidade: op!.quantidade, preco: Number(op!.preco_unitario) };
  };

  it('refuses to create, edit or delete a split that would move the operation, naming the sale; nothing changes', async () => {
    const { cliente, operacao } = await posicao('Ana Beatriz Carvalho');
    // A split in force before the sale: 200 shares at R$ 15.
    const antigo = await criar(split('2025-03-03', 2));
    expect(antigo.status, await antigo.clone().text()).toBe(201);
    const { id: eventoId } = (await antigo.json()) as Evento;
    expect(await posicaoDe(operacao)).toEqual({ quantidade: 200, preco: 15 });

    const venda = await vendaParada(cliente, operacao);
    const esperado =
      'O evento ajusta uma operação com venda MT5 em andamento: ' +
      `Ana Beatriz Carvalho, PETR4, operação ${operacao}, venda enviada em ${venda.enviada} ` +
      '(em Ordens). Aguarde a venda terminar (ou cancele-a) antes de cadastrar, alterar ou excluir o evento.';
    const antes = await livro();

    const novo = await criar(split('2025-06-02', 3));
    expect(novo.status).toBe(409);
    expect(await detail(novo)).toBe(esperado);
    const editado = await alterar(eventoId, split('2025-03-03', 4));
    expect(editado.status).toBe(409);
    expect(await detail(editado)).toBe(esperado);
    const excluido = await excluir(eventoId);
    expect(excluido.status).toBe(409);
    expect(await detail(excluido)).toBe(esperado);
    expect(await livro()).toEqual(antes);

    // A cash event moves no operation: it is paid as usual.
    const dividendo = await criar({
      acao,
      tipo: 'dividendo',
      data_ex: '2025-04-01',
      valor_por_acao: 0.5,
    });
    expect(dividendo.status, await dividendo.clone().text()).toBe(201);
    expect(((await dividendo.json()) as Evento).operacoes).toBe(1);

    // Once the sale is canceled, each goes through.
    await cancelar(cliente, venda.id);
    expect((await criar(split('2025-06-02', 3))).status).toBe(201);
    expect(await posicaoDe(operacao)).toEqual({ quantidade: 600, preco: 5 });
    expect((await alterar(eventoId, split('2025-03-03', 4))).status).toBe(200);
    expect(await posicaoDe(operacao)).toEqual({ quantidade: 1200, preco: 2.5 });
    expect((await excluir(eventoId)).status).toBe(204);
    expect(await posicaoDe(operacao)).toEqual({ quantidade: 300, preco: 10 });
  });

  // Only PostgreSQL runs two transactions side by side; the embedded database runs one after the other.
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'a sale stored while the event waits for its operation is seen: the event is refused',
    async () => {
      const { db } = server.database;
      const { cliente, operacao } = await posicao('Carla Dias');
      const grupo = crypto.randomUUID();
      let soltar!: () => void;
      const solta = new Promise<void>((resolve) => (soltar = resolve));
      // What a sale's creation does (ordens/venda.ts): the operation's row lock, then the group, then commit.
      const venda = db.transaction(async (tx) => {
        await tx.select().from(operacoes).where(eq(operacoes.id, operacao)).for('update');
        await tx.insert(orderGroups).values({
          id: grupo,
          cliente_id: cliente,
          lado: 'venda',
          ticker_base: 'PETR4',
          acao_id: acao,
          execucao: 'limite',
          preco: '60',
          operacao_id: operacao,
          created_by: 'operador',
        });
        await solta;
      });
      const evento = criar(split('2025-08-01', 2));
      // The event's transaction is waiting for the operation's row lock held by the sale's.
      await expect
        .poll(
          async () =>
            (
              await queryRows<{ n: number }>(
                db,
                sql`select count(*)::int as n from pg_stat_activity
                    where datname = current_database() and wait_event_type = 'Lock'`,
              )
            )[0]!.n,
        )
        .toBe(1);
      soltar();
      await venda;
      const res = await evento;
      expect(res.status).toBe(409);
      expect(await detail(res)).toContain(`Carla Dias, PETR4, operação ${operacao}`);
      expect(await posicaoDe(operacao)).toEqual({ quantidade: 100, preco: 30 });
      // The stand-in sale never reached a terminal: it ends here, as a person would resolve it.
      await db.update(orderGroups).set({ state: 'resolved' }).where(eq(orderGroups.id, grupo));
    },
  );

  it('the daily job and the Yahoo refresh leave the split pending, logged, and apply it once the sale ends', async () => {
    const { db } = server.database;
    const { cliente, operacao } = await posicao('Bruno Lima');
    const venda = await vendaParada(cliente, operacao);
    // Registered in advance for a day still to come: nothing applies it yet.
    const futuro = await criar(split('2099-01-05', 2));
    expect(futuro.status, await futuro.clone().text()).toBe(201);
    const { id: eventoId } = (await futuro.json()) as Evento;

    const falhas: Array<{ evento: number; err: unknown }> = [];
    const log = (evento: number, err: unknown) => falhas.push({ evento, err });
    expect(await applyPendentes(db, '2099-01-05', log)).toBe(0);
    expect(falhas).toEqual([
      {
        evento: eventoId,
        err: expect.objectContaining({
          statusCode: 409,
          detail: expect.stringContaining(`Bruno Lima, PETR4, operação ${operacao}`),
        }),
      },
    ]);
    // Yahoo's split on a day that has come is stored, and waits for the job like the one above.
    const yahoo: EventoYahoo[] = [
      { tipo: 'grupamento', data_ex: '2099-01-06', fator: '0.5', valor_por_acao: null },
    ];
    expect(await storeEventosYahoo(db, acao, yahoo, '2099-01-06')).toBe(1);
    expect(await posicaoDe(operacao)).toEqual({ quantidade: 100, preco: 30 });
    const pendentes = await db
      .select()
      .from(eventosCorporativos)
      .where(inArray(eventosCorporativos.data_ex, ['2099-01-05', '2099-01-06']));
    expect(pendentes.map((e) => e.aplicado_em)).toEqual([null, null]);

    await cancelar(cliente, venda.id);
    expect(await applyPendentes(db, '2099-01-06', log)).toBe(2);
    expect(falhas).toHaveLength(1);
    // × 2, then ÷ 2: 100 shares at R$ 30 again, each event recorded on the operation.
    expect(await posicaoDe(operacao)).toEqual({ quantidade: 100, preco: 30 });
    const aplicacoes = await db
      .select()
      .from(eventosAplicacoes)
      .where(eq(eventosAplicacoes.operacao_id, operacao));
    expect(aplicacoes.map((a) => a.quantidade_depois)).toEqual([200, 100]);
  });
});
