import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inicio } from '../../../../contract';
import { queryRows } from '../../../../server/db/query';
import { upsertUser } from '../../../../server/modules/auth/users';
import { TEST_USER } from '../../../support/test-server';
import { startAlertasServer, type AlertasServer } from '../alertas/support';

/**
 * GET /api/inicio/ (issue 34, item 1): each kind of item appears when its cause exists and goes when it is gone,
 * the results of the day and of the month, and every role reads it. The server's clock is Monday 2026-03-02,
 * 10:00 in São Paulo; the quotes are the stored closes (the history provider), today's bar being today's quote.
 */
describe('GET /api/inicio/', () => {
  let s: AlertasServer;
  let ana: number;
  let bia: number;
  let petr: number;
  let vale: number;
  let itsa: number;
  const db = () => s.database.db;
  const exec = (q: ReturnType<typeof sql>) => db().execute(q);
  const one = async (q: ReturnType<typeof sql>) =>
    (await queryRows<{ id: number }>(db(), q))[0]!.id;

  const inicio = async (token?: string) => {
    const res = await s.api<Inicio>('/api/inicio/', token ? { token } : {});
    expect(res.status).toBe(200);
    return res.body;
  };
  const bar = (acao: number, data: string, preco: string) =>
    exec(sql`insert into precos_diarios (acao_id, data, abertura, maxima, minima, fechamento, volume)
             values (${acao}, ${data}, ${preco}, ${preco}, ${preco}, ${preco}, 1000)`);
  const operacao = (cliente: number, acao: number, v: Record<string, string | number | null>) =>
    one(sql`insert into operacoes (cliente_id, acao_id, data_compra, preco_unitario, quantidade, valor_alvo,
              valor_stop, data_venda, preco_venda_unitario)
            values (${cliente}, ${acao}, ${v.data_compra ?? '2026-01-05'}, ${v.preco ?? '9.00'}, ${v.quantidade ?? 100},
              ${v.alvo ?? null}, ${v.stop ?? null}, ${v.data_venda ?? null}, ${v.venda ?? null}) returning id`);

  beforeAll(async () => {
    s = await startAlertasServer({ env: { MT5_STATUS_SECONDS: '86400' } });
    ana = await one(sql`insert into clientes (nome) values ('Ana Inicio') returning id`);
    bia = await one(sql`insert into clientes (nome) values ('Bia Inicio') returning id`);
    petr = await one(sql`insert into acoes (ticker) values ('PETR4') returning id`);
    vale = await one(sql`insert into acoes (ticker) values ('VALE3') returning id`);
    itsa = await one(sql`insert into acoes (ticker) values ('ITSA4') returning id`);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('says all is well on an empty book', async () => {
    const r = await inicio();
    expect(r.hoje).toBe('2026-03-02');
    expect(r.resultado).toEqual({
      dia: 0,
      dia_percentual: null,
      posicoes: 0,
      sem_cotacao: 0,
      mes: 0,
      vendas_mes: 0,
    });
    for (const k of [
      'alvos',
      'stops',
      'ordens',
      'lotes',
      'terminais',
      'divergencias',
      'eventos',
      'alertas',
    ] as const) {
      expect(r[k], k).toEqual({ total: 0, itens: [] });
    }
  });

  it("today's result against yesterday's close, this month's realised, targets reached and stops near", async () => {
    await bar(petr, '2026-02-26', '9.80');
    await bar(petr, '2026-02-27', '10.00');
    await bar(petr, '2026-03-02', '10.50');
    await bar(vale, '2026-02-27', '21.00');
    await bar(vale, '2026-03-02', '20.30');
    // +0.50 × 100 against Friday's close; VALE3 bought today at 20.00: +0.30 × 10 against its buy price.
    const alvo = await operacao(ana, petr, { alvo: '10.40', quantidade: 100 });
    const perto = await operacao(bia, vale, {
      stop: '20.00',
      quantidade: 10,
      data_compra: '2026-03-02',
      preco: '20.00',
    });
    const longe = await operacao(ana, vale, { stop: '19.00', alvo: '30.00', quantidade: 10 });
    // ITSA4 has no quote: counted apart, left out of the sum.
    await operacao(bia, itsa, { quantidade: 5 });
    // Sold this month (+2.00 × 10) and last month (left out).
    await operacao(ana, petr, { quantidade: 10, data_venda: '2026-03-02', venda: '11.00' });
    await operacao(ana, petr, { quantidade: 10, data_venda: '2026-02-27', venda: '50.00' });

    const r = await inicio();
    // PETR4 +50.00, VALE3 (today's buy) +3.00, VALE3 (older) −7.00 against 21.00.
    expect(r.resultado.dia).toBe(46);
    expect(r.resultado.posicoes).toBe(4);
    expect(r.resultado.sem_cotacao).toBe(1);
    // 46 over 1,000 + 200 + 210.
    expect(r.resultado.dia_percentual).toBe(3.26);
    expect(r.resultado.mes).toBe(20);
    expect(r.resultado.vendas_mes).toBe(1);
    expect(r.alvos).toEqual({
      total: 1,
      itens: [
        {
          operacao: alvo,
          cliente: ana,
          nome: 'Ana Inicio',
          ticker: 'PETR4',
          quantidade: 100,
          cotacao: 10.5,
          nivel: 10.4,
          distancia_percentual: -0.95,
        },
      ],
    });
    expect(r.stops.total).toBe(1);
    expect(r.stops.itens[0]).toMatchObject({
      operacao: perto,
      cliente: bia,
      nivel: 20,
      distancia_percentual: 1.5,
    });
    expect(r.stops.itens.map((p) => p.operacao)).not.toContain(longe);

    // The quote falls back under the target, and away from the stop: both go.
    await exec(
      sql`update precos_diarios set fechamento = '10.00' where acao_id = ${petr} and data = '2026-03-02'`,
    );
    await exec(
      sql`update precos_diarios set fechamento = '21.00' where acao_id = ${vale} and data = '2026-03-02'`,
    );
    const depois = await inicio();
    expect(depois.alvos).toEqual({ total: 0, itens: [] });
    expect(depois.stops).toEqual({ total: 0, itens: [] });
    // Sold: no longer open, no longer in today's result.
    await exec(
      sql`update operacoes set data_venda = '2026-03-02', preco_venda_unitario = '10.00' where id = ${alvo}`,
    );
    const vendida = await inicio();
    expect(vendida.resultado.posicoes).toBe(3);
    expect(vendida.resultado.mes).toBe(120);
    expect(vendida.resultado.vendas_mes).toBe(2);
  });

  it('orders and lotes in flight or in doubt, while they are', async () => {
    const avulsa = crypto.randomUUID();
    await exec(sql`insert into order_groups (id, cliente_id, lado, ticker_base, execucao, state, created_by)
                   values (${avulsa}, ${ana}, 'compra', 'PETR4', 'mercado', 'sent', 'operador')`);
    const lote = crypto.randomUUID();
    await exec(sql`insert into order_lotes (id, lado, ticker_base, execucao, idempotency_key, idempotency_scope,
                     idempotency_hash, created_by)
                   values (${lote}, 'venda', 'VALE3', 'mercado', 'k', 'lotes', 'h', 'operador')`);
    const [g1, g2] = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [g, cliente] of [
      [g1, ana],
      [g2, bia],
    ] as const) {
      await exec(sql`insert into order_groups (id, cliente_id, lado, ticker_base, execucao, state, created_by, lote_id)
                     values (${g}, ${cliente}, 'venda', 'VALE3', 'mercado', 'sent', 'operador', ${lote})`);
      await exec(sql`insert into order_legs (group_id, leg, symbol, volume, client_order_id, state)
                     values (${g}, 1, 'VALE3', 10, ${`${g}:1`}, 'placed')`);
    }
    let r = await inicio();
    // The lote's orders are the lote's line; the single order is listed.
    expect(r.ordens.total).toBe(1);
    expect(r.ordens.itens[0]).toMatchObject({
      id: avulsa,
      cliente: ana,
      estado: 'sent',
      em_duvida: false,
      lote: null,
    });
    expect(r.lotes).toMatchObject({
      total: 1,
      itens: [{ id: lote, lado: 'venda', ticker: 'VALE3', em_voo: 2, em_duvida: 0 }],
    });

    // A leg of the lote's unknown: that order is listed too, first, and the lote says one in doubt.
    await exec(sql`update order_legs set state = 'unknown' where group_id = ${g2}`);
    r = await inicio();
    expect(r.ordens.total).toBe(2);
    expect(r.ordens.itens[0]).toMatchObject({ id: g2, em_duvida: true, lote, nome: 'Bia Inicio' });
    expect(r.lotes.itens[0]).toMatchObject({ em_voo: 2, em_duvida: 1 });

    // Everything ends: nothing in flight.
    await exec(sql`update order_groups set state = 'completed' where id in (${avulsa}, ${g1})`);
    await exec(sql`update order_groups set state = 'resolved' where id = ${g2}`);
    await exec(sql`update order_lotes set finished_at = now() where id = ${lote}`);
    r = await inicio();
    expect(r.ordens).toEqual({ total: 0, itens: [] });
    expect(r.lotes).toEqual({ total: 0, itens: [] });
  });

  it('terminals not online and divergences still open', async () => {
    await exec(sql`insert into mt5_status (cliente_id, chave, status, detail, medido_em)
                   values (${ana}, 'x', 'offline', 'Sem resposta do agente.', now()), (${bia}, 'y', 'online', null, now())`);
    const divergencia =
      await one(sql`insert into alertas (tipo, chave, episodio, estado, cliente_id, ticker, titulo, desde,
                     created_at, updated_at)
                   values ('divergencia', ${`divergencia:${bia}:PETR4:so_no_livro::`}, '1', 'disparado', ${bia}, 'PETR4',
                     'Divergência na conciliação de Bia Inicio: PETR4 só no livro.', now(), now(), now()) returning id`);
    let r = await inicio();
    expect(r.terminais).toMatchObject({
      total: 1,
      itens: [
        { cliente: ana, nome: 'Ana Inicio', status: 'offline', detalhe: 'Sem resposta do agente.' },
      ],
    });
    expect(r.divergencias).toMatchObject({
      total: 1,
      itens: [{ alerta: divergencia, cliente: bia, ticker: 'PETR4' }],
    });

    await exec(
      sql`update mt5_status set status = 'online', detail = null where cliente_id = ${ana}`,
    );
    await exec(
      sql`update alertas set estado = 'resolvido', resolvido_em = now() where id = ${divergencia}`,
    );
    r = await inicio();
    expect(r.terminais).toEqual({ total: 0, itens: [] });
    expect(r.divergencias).toEqual({ total: 0, itens: [] });
  });

  it("corporate events of the next days for held stocks, and the user's unread alerts", async () => {
    // VALE3 is held (Bia's and Ana's open operations); ITSA4 is held by Bia; a past one and a far one are left out.
    const evento =
      await one(sql`insert into eventos_corporativos (acao_id, tipo, data_ex, valor_por_acao, fonte)
                   values (${vale}, 'dividendo', '2026-03-05', '0.5', 'manual') returning id`);
    await exec(sql`insert into eventos_corporativos (acao_id, tipo, data_ex, valor_por_acao, fonte)
                   values (${vale}, 'jcp', '2026-02-27', '0.5', 'manual'), (${vale}, 'jcp', '2026-04-30', '0.5', 'manual')`);
    let r = await inicio();
    expect(r.eventos).toEqual({
      total: 1,
      itens: [
        { id: evento, ticker: 'VALE3', tipo: 'dividendo', data_ex: '2026-03-05', clientes: 2 },
      ],
    });
    // Nobody holds it any more: it goes.
    await exec(
      sql`update operacoes set data_venda = '2026-03-02', preco_venda_unitario = '20' where acao_id = ${vale}`,
    );
    r = await inicio();
    expect(r.eventos).toEqual({ total: 0, itens: [] });

    const alerta =
      await one(sql`insert into alertas (tipo, chave, episodio, estado, titulo, desde, created_at, updated_at)
                   values ('alvo', 'operacao:999', '1', 'disparado', 'PETR4 atingiu o alvo.', now(), now(), now()) returning id`);
    const [operador] = await queryRows<{ id: number }>(
      db(),
      sql`select id from users where username = ${TEST_USER.username}`,
    );
    await exec(sql`insert into notificacoes (alerta_id, user_id, tipo, aviso, motivo, titulo, created_at)
                   values (${alerta}, ${operador!.id}, 'alvo', 1, 'disparo', 'PETR4 atingiu o alvo.', now())`);
    r = await inicio();
    expect(r.alertas).toMatchObject({
      total: 1,
      itens: [{ alerta, tipo: 'alvo', titulo: 'PETR4 atingiu o alvo.' }],
    });

    // Another user's bell is theirs: a reader sees none; then every role reads the home screen.
    await upsertUser(db(), 'leitor', TEST_USER.password, 'teste', 'leitura');
    const login = await s.api<{ access: string }>('/api/token/', {
      method: 'POST',
      json: { username: 'leitor', password: TEST_USER.password },
    });
    const doLeitor = await inicio(login.body.access);
    expect(doLeitor.alertas).toEqual({ total: 0, itens: [] });

    const lidas = await s.api('/api/notificacoes/lidas/', { method: 'POST', json: {} });
    expect(lidas.status).toBe(200);
    r = await inicio();
    expect(r.alertas).toEqual({ total: 0, itens: [] });
  });
});
