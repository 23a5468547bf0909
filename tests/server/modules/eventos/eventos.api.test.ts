import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiError,
  CotacoesResponse,
  Evento,
  Operacao,
  Provento,
  ResumoCliente,
} from '../../../../contract';
import { todayIso } from '../../../../shared/dates';
import { queryRows } from '../../../../server/db/query';
import {
  acoes,
  auditLog,
  eventosAplicacoes,
  eventosCorporativos,
  importLotes,
  operacoes,
  patrimonios,
  proventos,
} from '../../../../server/db/schema';
import { applyEvento, applyPendentes } from '../../../../server/modules/eventos/aplicacao';
import { lockEvento } from '../../../../server/modules/eventos/posicoes';
import { writeBarras } from '../../../../server/lib/precos/store';
import { startCarteiraServer, type CarteiraServer } from '../operacoes/fixtures';

const DIA = 86_400_000;
const diaDepois = (iso: string, n = 1) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + n * DIA).toISOString().slice(0, 10);

describe('eventos-corporativos/: share events on positions, cash events paid, undone on delete', () => {
  let s: CarteiraServer;

  beforeAll(async () => {
    s = await startCarteiraServer();
  });
  afterAll(() => s.close());

  /** A stock of its own with closes as traded (COTAHIST), so that every figure of the test is known. */
  async function novaAcao(ticker: string, fechamentos: Array<[string, string]> = []) {
    const [row] = await s.database.db
      .insert(acoes)
      .values({ ticker, empresa: `Empresa ${ticker}` })
      .returning({ id: acoes.id });
    if (fechamentos.length) {
      await writeBarras(
        s.database.db,
        fechamentos.map(([data, preco]) => ({
          acao_id: row!.id,
          data,
          abertura: preco,
          maxima: preco,
          minima: preco,
          fechamento: preco,
          volume: 1000,
        })),
        { fonte: 'cotahist', ajustado_ate: null },
      );
    }
    return row!.id;
  }

  async function novaOperacao(
    cliente: number,
    acao: number,
    values: {
      data_compra: string;
      preco_unitario: number;
      quantidade: number;
      valor_alvo?: number | null;
      valor_stop?: number | null;
      data_venda?: string | null;
      preco_venda_unitario?: number | null;
    },
  ): Promise<number> {
    const res = await s.json<Operacao>('/api/operacoes/', {
      method: 'POST',
      json: {
        cliente,
        acao,
        valor_alvo: null,
        data_venda: null,
        preco_venda_unitario: null,
        ...values,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  }

  const criar = (json: Record<string, unknown>) =>
    s.json<Evento & ApiError>('/api/eventos-corporativos/', { method: 'POST', json });
  const excluir = (id: number) =>
    s.json<ApiError | null>(`/api/eventos-corporativos/${id}/`, { method: 'DELETE' });
  const operacoesDe = async (cliente: number) =>
    (await s.json<Operacao[]>(`/api/operacoes/?cliente=${cliente}`)).body;
  const operacao = async (cliente: number, id: number) =>
    (await operacoesDe(cliente)).find((o) => o.id === id)!;
  const resumo = async (cliente: number) =>
    (await s.json<ResumoCliente>(`/api/clientes/${cliente}/resumo/`)).body;
  const proventosDe = async (cliente: number) =>
    (await s.json<Provento[]>(`/api/clientes/${cliente}/proventos/`)).body;
  const cotacao = async (ticker: string) =>
    (
      await s.json<CotacoesResponse>('/api/cotacoes-atuais/', {
        method: 'POST',
        json: { tickers: [`${ticker}.SA`] },
      })
    ).body[`${ticker}.SA`]?.preco_atual;

  /** Everything an event can change, to compare before and after a request that must change nothing. */
  async function estado() {
    const { db } = s.database;
    return {
      operacoes: await db.select().from(operacoes).orderBy(operacoes.id),
      eventos: await db.select().from(eventosCorporativos).orderBy(eventosCorporativos.id),
      aplicacoes: await db.select().from(eventosAplicacoes).orderBy(eventosAplicacoes.id),
      proventos: await db
        .select()
        .from(proventos)
        .orderBy(proventos.evento_id, proventos.operacao_id),
      audits: (await db.select({ n: count() }).from(auditLog))[0]!.n,
    };
  }

  it('a 1:2 split entered after the fact doubles an open position and halves its price and target, keeps the resumo, and is undone on delete', async () => {
    const acao = await novaAcao('DOBR3', [
      ['2025-05-30', '30.0000'],
      ['2025-06-02', '30.5000'],
    ]);
    const ana = await s.novoCliente({
      nome: 'Ana',
      codigo_xp: 'EV1',
      percentual_patrimonio: '20',
    });
    const [lote] = await s.database.db
      .insert(importLotes)
      .values({
        tipo: 'patrimonio',
        data_referencia: '2025-05-31',
        arquivo: 'p.xlsx',
        linhas: 1,
        status: 'importado',
        username: 't',
      })
      .returning();
    await s.database.db.insert(patrimonios).values({
      lote_id: lote!.id,
      data_referencia: '2025-05-31',
      codigo: 'EV1',
      patrimonio: '100000.00',
    });
    const aberta = await novaOperacao(ana, acao, {
      data_compra: '2025-05-05',
      preco_unitario: 28,
      quantidade: 100,
      valor_alvo: 33.6,
      valor_stop: 25.1,
    });
    const vendidaAntes = await novaOperacao(ana, acao, {
      data_compra: '2025-04-01',
      preco_unitario: 25,
      quantidade: 50,
      data_venda: '2025-05-15',
      preco_venda_unitario: 27,
    });
    // Bought on data_ex (another client: its figures were in post-split terms all along).
    const outro = await s.novoCliente({ nome: 'Ana Sócia' });
    const compradaNaDataEx = await novaOperacao(outro, acao, {
      data_compra: '2025-06-03',
      preco_unitario: 15,
      quantidade: 10,
    });
    const antes = await operacoesDe(ana);
    const antesOutro = await operacoesDe(outro);
    const resumoAntes = await resumo(ana);
    expect(resumoAntes).toMatchObject({ posicionadas: 2800, posicionado: 250, realizadas: 100 });
    expect(await cotacao('DOBR3')).toBe(30.5);

    const criado = await criar({ acao, tipo: 'desdobramento', data_ex: '2025-06-03', fator: 2 });
    expect(criado.status).toBe(201);
    expect(criado.body).toMatchObject({
      acao,
      acao_nome: 'DOBR3',
      tipo: 'desdobramento',
      data_ex: '2025-06-03',
      fator: 2,
      valor_por_acao: null,
      fonte: 'manual',
      operacoes: 1,
    });
    expect(criado.body.aplicado_em).not.toBeNull();

    expect(await operacao(ana, aberta)).toMatchObject({
      quantidade: 200,
      preco_unitario: 14,
      valor_alvo: 16.8,
      // The stop moves with the price, as the target: 25.10 before is 12.55 after (a 14.00 quote is above it).
      valor_stop: 12.55,
      valor_total_compra: 2800,
      ajustes: [
        {
          evento: criado.body.id,
          tipo: 'desdobramento',
          data_ex: '2025-06-03',
          fator: 2,
          quantidade_antes: 100,
          quantidade_depois: 200,
          fracao: 0,
        },
      ],
    });
    // Realised before data_ex, or bought on it: untouched.
    expect(await operacao(ana, vendidaAntes)).toEqual(antes.find((o) => o.id === vendidaAntes));
    expect(await operacao(outro, compradaNaDataEx)).toEqual(
      antesOutro.find((o) => o.id === compradaNaDataEx),
    );
    // The last stored close (before data_ex) is halved too: the portfolio's money figures stay as they were.
    expect(await cotacao('DOBR3')).toBe(15.25);
    expect(await resumo(ana)).toEqual(resumoAntes);

    const audit = await queryRows<{ action: string; entity_id: string }>(
      s.database.db,
      sql`select action, entity_id from audit_log where entity = 'operacao' and action = 'ajuste_evento'`,
    );
    expect(audit).toEqual([{ action: 'ajuste_evento', entity_id: String(aberta) }]);

    const removido = await excluir(criado.body.id);
    expect(removido.status).toBe(204);
    expect(await operacoesDe(ana)).toEqual(antes);
    expect(await cotacao('DOBR3')).toBe(30.5);
    expect(await resumo(ana)).toEqual(resumoAntes);
    expect(await s.database.db.select().from(eventosAplicacoes)).toEqual([]);
  });

  it('an operation sold on data_ex or later was held the day before: it is adjusted, and its result is the real one', async () => {
    const acao = await novaAcao('VEND3');
    const bia = await s.novoCliente({ nome: 'Bia' });
    // 40 bought at 28 before a 1:2 split, sold after it at 15.50 a share (the traded, post-split price).
    const vendida = await novaOperacao(bia, acao, {
      data_compra: '2025-05-05',
      preco_unitario: 28,
      quantidade: 40,
      data_venda: '2025-06-10',
      preco_venda_unitario: 15.5,
    });
    expect((await resumo(bia)).realizadas).toBe(40 * 15.5 - 40 * 28);
    const { body } = await criar({
      acao,
      tipo: 'desdobramento',
      data_ex: '2025-06-03',
      fator: 2,
    });
    expect(await operacao(bia, vendida)).toMatchObject({
      quantidade: 80,
      preco_unitario: 14,
      valor_total_venda: 1240,
    });
    expect((await resumo(bia)).realizadas).toBe(120);
    expect((await excluir(body.id)).status).toBe(204);
    expect((await resumo(bia)).realizadas).toBe(-500);
  });

  it('a 10:1 reverse split: a tenth of the shares at ten times the price, the fraction floored and noted', async () => {
    const acao = await novaAcao('GRUP3');
    const cliente = await s.novoCliente({ nome: 'Caio' });
    const id = await novaOperacao(cliente, acao, {
      data_compra: '2025-02-03',
      preco_unitario: 0.43,
      quantidade: 1005,
      valor_alvo: 0.5,
    });
    const { status, body } = await criar({
      acao,
      tipo: 'grupamento',
      data_ex: '2025-03-10',
      fator: 0.1,
    });
    expect(status).toBe(201);
    expect(await operacao(cliente, id)).toMatchObject({
      quantidade: 100,
      preco_unitario: 4.3,
      valor_alvo: 5,
      valor_total_compra: 430,
      ajustes: [
        {
          evento: body.id,
          tipo: 'grupamento',
          fator: 0.1,
          quantidade_antes: 1005,
          quantidade_depois: 100,
          fracao: 0.5,
        },
      ],
    });
  });

  it('a 10 % bonus on 105 shares: 115 shares, half a share floored, price and target ÷ 1.1', async () => {
    const acao = await novaAcao('BONI3');
    const cliente = await s.novoCliente({ nome: 'Duda' });
    const id = await novaOperacao(cliente, acao, {
      data_compra: '2025-02-03',
      preco_unitario: 20,
      quantidade: 105,
      valor_alvo: 22,
    });
    await criar({ acao, tipo: 'bonificacao', data_ex: '2025-04-01', fator: 1.1 });
    expect(await operacao(cliente, id)).toMatchObject({
      quantidade: 115,
      preco_unitario: 18.1818,
      valor_alvo: 20,
      // 115 × 18.1818: what was paid less the floored half share.
      valor_total_compra: 2090.91,
      ajustes: [{ quantidade_antes: 105, quantidade_depois: 115, fracao: 0.5 }],
    });
  });

  it('a dividend and a JCP are received by exactly the clients who held the stock at the close before data_ex', async () => {
    const acao = await novaAcao('DIVI3');
    const outra = await novaAcao('OUTR3');
    const [a, b, c, d, e] = await Promise.all(
      ['Aberta', 'Vendeu antes', 'Comprou na data ex', 'Vendeu na data ex', 'Outra ação'].map(
        (nome) => s.novoCliente({ nome }),
      ),
    );
    await novaOperacao(a!, acao, {
      data_compra: '2025-03-03',
      preco_unitario: 10,
      quantidade: 300,
    });
    await novaOperacao(a!, acao, { data_compra: '2025-04-14', preco_unitario: 11, quantidade: 10 });
    await novaOperacao(b!, acao, {
      data_compra: '2025-03-03',
      preco_unitario: 10,
      quantidade: 100,
      data_venda: '2025-04-14',
      preco_venda_unitario: 11,
    });
    await novaOperacao(c!, acao, {
      data_compra: '2025-04-15',
      preco_unitario: 10,
      quantidade: 200,
    });
    await novaOperacao(d!, acao, {
      data_compra: '2025-03-03',
      preco_unitario: 10,
      quantidade: 150,
      data_venda: '2025-04-15',
      preco_venda_unitario: 11,
    });
    await novaOperacao(e!, outra, {
      data_compra: '2025-03-03',
      preco_unitario: 10,
      quantidade: 500,
    });

    const dividendo = await criar({
      acao,
      tipo: 'dividendo',
      data_ex: '2025-04-15',
      valor_por_acao: 0.4567,
    });
    const jcp = await criar({ acao, tipo: 'jcp', data_ex: '2025-04-15', valor_por_acao: 0.25 });
    expect([dividendo.status, jcp.status]).toEqual([201, 201]);
    expect(dividendo.body.operacoes).toBe(3);

    const linha = (
      evento: Evento,
      tipo: string,
      quantidade: number,
      bruto: number,
      liquido: number,
    ) => ({
      evento: evento.id,
      acao,
      acao_nome: 'DIVI3',
      tipo,
      data_ex: '2025-04-15',
      quantidade,
      valor_por_acao: evento.valor_por_acao,
      valor_bruto: bruto,
      valor_liquido: liquido,
      // Paid on data_ex; far below R$ 50,000.00 (issue 29).
      data_pagamento: '2025-04-15',
      aviso: null,
    });
    // 310 × 0.4567 = 141.577; JCP 310 × 0.25 = 77.50 less 15 % (11.625 → 11.63) = 65.87.
    expect(await proventosDe(a!)).toEqual([
      linha(dividendo.body, 'dividendo', 310, 141.58, 141.58),
      linha(jcp.body, 'jcp', 310, 77.5, 65.87),
    ]);
    // 150 × 0.4567 = 68.505; JCP 37.50 less 5.63.
    expect(await proventosDe(d!)).toEqual([
      linha(dividendo.body, 'dividendo', 150, 68.51, 68.51),
      linha(jcp.body, 'jcp', 150, 37.5, 31.87),
    ]);
    for (const nenhum of [b!, c!, e!]) expect(await proventosDe(nenhum)).toEqual([]);

    const ra = await resumo(a!);
    expect(ra.proventos_recebidos).toBe(207.45);
    expect((await resumo(d!)).proventos_recebidos).toBe(100.38);
    expect((await resumo(b!)).proventos_recebidos).toBe(0);
    // The specification's figures keep their formulas: cash received is beside them, not in them.
    expect(ra.posicionadas).toBe(3110);

    // Applying again changes nothing: the daily job, the function itself, the same event posted twice.
    const antes = await estado();
    expect(await applyPendentes(s.database.db, todayIso(), () => {})).toBe(0);
    await s.database.db.transaction(async (tx) => {
      const evento = await lockEvento(tx, dividendo.body.id);
      expect(await applyEvento(tx, evento!, 'teste')).toEqual({ operacoes: 0, clientes: [] });
    });
    const duplicado = await criar({
      acao,
      tipo: 'dividendo',
      data_ex: '2025-04-15',
      valor_por_acao: 0.4567,
    });
    expect(duplicado).toEqual({
      status: 409,
      body: { detail: 'Já existe um evento deste tipo para esta ação nesta data ex.' },
    });
    expect(await estado()).toEqual(antes);

    // Deleting the dividend takes back what it paid, and only that.
    expect((await excluir(dividendo.body.id)).status).toBe(204);
    expect(await proventosDe(a!)).toEqual([linha(jcp.body, 'jcp', 310, 77.5, 65.87)]);
  });

  it('a cash event counts the shares held then: a split before it multiplies them, one after it does not', async () => {
    const acao = await novaAcao('ORDE3');
    const cliente = await s.novoCliente({ nome: 'Eva' });
    await novaOperacao(cliente, acao, {
      data_compra: '2025-01-02',
      preco_unitario: 10,
      quantidade: 100,
    });
    const d1 = await criar({ acao, tipo: 'dividendo', data_ex: '2025-02-03', valor_por_acao: 1 });
    const d2 = await criar({ acao, tipo: 'dividendo', data_ex: '2025-04-01', valor_por_acao: 1 });
    const quantidades = async () =>
      Object.fromEntries((await proventosDe(cliente)).map((p) => [p.evento, p.quantidade]));
    expect(await quantidades()).toEqual({ [d1.body.id]: 100, [d2.body.id]: 100 });
    // A split between them, entered afterwards: the later dividend was paid on 200 shares.
    const split = await criar({ acao, tipo: 'desdobramento', data_ex: '2025-03-03', fator: 2 });
    expect(await quantidades()).toEqual({ [d1.body.id]: 100, [d2.body.id]: 200 });
    expect((await resumo(cliente)).proventos_recebidos).toBe(300);
    expect((await excluir(split.body.id)).status).toBe(204);
    expect(await quantidades()).toEqual({ [d1.body.id]: 100, [d2.body.id]: 100 });
  });

  it('an event with a future data_ex waits; the daily job applies it once when the day comes', async () => {
    const acao = await novaAcao('FUTU3');
    const cliente = await s.novoCliente({ nome: 'Fabi' });
    const id = await novaOperacao(cliente, acao, {
      data_compra: '2025-01-02',
      preco_unitario: 10,
      quantidade: 100,
    });
    const hoje = todayIso();
    const amanha = diaDepois(hoje);
    const { status, body } = await criar({
      acao,
      tipo: 'desdobramento',
      data_ex: amanha,
      fator: 2,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ aplicado_em: null, operacoes: 0 });
    expect(await operacao(cliente, id)).toMatchObject({ quantidade: 100, ajustes: null });

    const log: unknown[] = [];
    expect(await applyPendentes(s.database.db, hoje, (_, err) => log.push(err))).toBe(0);
    expect(await applyPendentes(s.database.db, amanha, (_, err) => log.push(err))).toBe(1);
    expect(await operacao(cliente, id)).toMatchObject({ quantidade: 200, preco_unitario: 5 });
    expect(await applyPendentes(s.database.db, amanha, (_, err) => log.push(err))).toBe(0);
    expect(await operacao(cliente, id)).toMatchObject({ quantidade: 200, preco_unitario: 5 });
    expect(log).toEqual([]);
    const [evento] = await s
      .json<Evento[]>(`/api/eventos-corporativos/?acao=${acao}`)
      .then((r) => r.body);
    expect(evento).toMatchObject({ id: body.id, operacoes: 1 });
    expect(evento!.aplicado_em).not.toBeNull();
  });

  it('an edit undoes the event and applies it as it now reads; moved to the future, it waits again', async () => {
    const acao = await novaAcao('EDIT3');
    const cliente = await s.novoCliente({ nome: 'Gil' });
    const id = await novaOperacao(cliente, acao, {
      data_compra: '2025-01-02',
      preco_unitario: 30,
      quantidade: 100,
      valor_alvo: 36,
    });
    const { body } = await criar({ acao, tipo: 'desdobramento', data_ex: '2025-03-03', fator: 2 });
    const editar = (json: Record<string, unknown>) =>
      s.json<Evento & ApiError>(`/api/eventos-corporativos/${body.id}/`, { method: 'PUT', json });

    const triplo = await editar({ acao, tipo: 'desdobramento', data_ex: '2025-03-03', fator: 3 });
    expect(triplo.status).toBe(200);
    expect(triplo.body).toMatchObject({ fator: 3, operacoes: 1 });
    expect(await operacao(cliente, id)).toMatchObject({
      quantidade: 300,
      preco_unitario: 10,
      valor_alvo: 12,
      ajustes: [{ fator: 3, quantidade_antes: 100, quantidade_depois: 300 }],
    });

    const futuro = await editar({
      acao,
      tipo: 'desdobramento',
      data_ex: diaDepois(todayIso(), 30),
      fator: 3,
    });
    expect(futuro.body).toMatchObject({ aplicado_em: null, operacoes: 0 });
    expect(await operacao(cliente, id)).toMatchObject({
      quantidade: 100,
      preco_unitario: 30,
      valor_alvo: 36,
      ajustes: null,
    });
    expect((await editar({ acao: 999_999, tipo: 'jcp', data_ex: '2025-03-03' })).status).toBe(400);
    expect(
      (
        await s.json(`/api/eventos-corporativos/999999/`, {
          method: 'PUT',
          json: { acao, tipo: 'desdobramento', data_ex: '2025-03-03', fator: 2 },
        })
      ).status,
    ).toBe(404);
  });

  it('an operation written after the event came into force is taken as entered in post-event terms', async () => {
    const acao = await novaAcao('POST3');
    const cliente = await s.novoCliente({ nome: 'Hugo' });
    const { body } = await criar({ acao, tipo: 'desdobramento', data_ex: '2025-03-03', fator: 2 });
    const id = await novaOperacao(cliente, acao, {
      data_compra: '2025-01-02',
      preco_unitario: 15,
      quantidade: 200,
    });
    expect(await applyPendentes(s.database.db, todayIso(), () => {})).toBe(0);
    expect(await operacao(cliente, id)).toMatchObject({ quantidade: 200, ajustes: null });
    // An edit of the event keeps to the operations it reached when it came into force.
    const editado = await s.json<Evento>(`/api/eventos-corporativos/${body.id}/`, {
      method: 'PUT',
      json: { acao, tipo: 'desdobramento', data_ex: '2025-03-03', fator: 4 },
    });
    expect(editado.status).toBe(200);
    expect(await operacao(cliente, id)).toMatchObject({ quantidade: 200, ajustes: null });
  });

  it('deleting is refused while an adjusted operation changed since, naming it; nothing changes', async () => {
    const acao = await novaAcao('MUDA3');
    const cliente = await s.novoCliente({ nome: 'Iara' });
    const id = await novaOperacao(cliente, acao, {
      data_compra: '2025-01-02',
      preco_unitario: 30,
      quantidade: 100,
    });
    const { body } = await criar({ acao, tipo: 'desdobramento', data_ex: '2025-03-03', fator: 2 });
    const patch = await s.json(`/api/operacoes/${id}/`, {
      method: 'PATCH',
      json: { quantidade: 150 },
    });
    expect(patch.status).toBe(200);
    const antes = await estado();
    const res = await excluir(body.id);
    expect(res.status).toBe(409);
    expect((res.body as ApiError).detail).toContain(`${id} (MUDA3)`);
    expect(await estado()).toEqual(antes);
  });

  it('refuses bad events with a message per field, and changes nothing', async () => {
    const acao = await s.acaoId('PETR3');
    const antes = await estado();
    const casos: Array<[Record<string, unknown>, Record<string, string>]> = [
      [
        { acao, tipo: 'desdobramento', data_ex: '2025-03-03', fator: 0 },
        { fator: 'Informe um fator maior que zero.' },
      ],
      [
        { acao, tipo: 'desdobramento', data_ex: '2025-02-30', fator: 2 },
        { data_ex: 'Informe uma data válida.' },
      ],
      [
        { acao, tipo: 'dividendo', data_ex: '2025-03-03', valor_por_acao: -0.01 },
        { valor_por_acao: 'Informe um valor por ação maior ou igual a zero.' },
      ],
      [
        { acao, tipo: 'jcp', data_ex: '2025-03-03' },
        { valor_por_acao: 'Informe um valor por ação maior ou igual a zero.' },
      ],
      [
        { acao, tipo: 'desdobramento', data_ex: '2025-03-03', fator: 0.5 },
        {
          fator: 'Um desdobramento aumenta o número de ações: o fator é maior que 1 (2 para 1:2).',
        },
      ],
      [
        { acao, tipo: 'grupamento', data_ex: '2025-03-03', fator: 10 },
        { fator: 'Um grupamento reduz o número de ações: o fator é menor que 1 (0,1 para 10:1).' },
      ],
      [
        { acao, tipo: 'dividendo', data_ex: '2025-03-03', fator: 2, valor_por_acao: 1 },
        { fator: 'Dividendos e JCP não têm fator: deixe-o em branco.' },
      ],
      [
        { acao, tipo: 'cisao', data_ex: '2025-03-03', fator: 2 },
        { tipo: 'Selecione o tipo do evento.' },
      ],
      [
        { acao: 999_999, tipo: 'desdobramento', data_ex: '2025-03-03', fator: 2 },
        { acao: 'Ação não encontrada.' },
      ],
    ];
    for (const [json, campos] of casos) {
      const res = await criar(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.campos, JSON.stringify(json)).toEqual(campos);
    }
    expect(await estado()).toEqual(antes);
    expect((await excluir(999_999)).status).toBe(404);
    expect((await s.json('/api/eventos-corporativos/?acao=abc')).status).toBe(400);
    expect((await s.json('/api/clientes/999999/proventos/')).status).toBe(404);
  });

  it('lists the events, filtered by stock, latest data_ex first', async () => {
    const acao = await novaAcao('LIST3');
    await criar({ acao, tipo: 'dividendo', data_ex: '2025-01-10', valor_por_acao: 0.1 });
    await criar({ acao, tipo: 'desdobramento', data_ex: '2025-05-10', fator: 2 });
    const lista = await s.json<Evento[]>(`/api/eventos-corporativos/?acao=${acao}`);
    expect(lista.body.map((e) => [e.tipo, e.data_ex, e.fator, e.valor_por_acao])).toEqual([
      ['desdobramento', '2025-05-10', 2, null],
      ['dividendo', '2025-01-10', null, 0.1],
    ]);
    const todos = await s.json<Evento[]>('/api/eventos-corporativos/');
    expect(todos.body.length).toBeGreaterThan(lista.body.length);
    const audit = await s.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'evento_corporativo'));
    expect(audit.map((a) => a.action)).toContain('create');
  });
});
