import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Evento, Operacao, Provento } from '../../../../contract';
import { todayIso } from '../../../../shared/dates';
import { queryRows } from '../../../../server/db/query';
import { acoes, clientes, eventosCorporativos } from '../../../../server/db/schema';
import { serieAjustada } from '../../../../server/lib/precos/serie';
import { writeBarras } from '../../../../server/lib/precos/store';
import { startFakeYahoo, type FakeBar, type FakeYahoo } from '../../../support/fake-yahoo';
import { startTestServer, type TestServer } from '../../../support/test-server';

const DIA = 86_400_000;
const dia = (n: number) => todayIso(new Date(Date.now() + n * DIA));

/**
 * A stock that split 1:2 fifteen days ago. Stored: its older sessions from a COTAHIST import (as traded, around
 * R$ 20). Yahoo answers the rest of its history already split-adjusted (around R$ 10 throughout), with the split
 * and two dividends in its chart's events, in the recorded answers' shape.
 */
const SPLIT = -15;
const preco = (n: number, traded: boolean) => {
  const base = 10 + ((n + 60) % 5) * 0.1;
  return (traded && n < SPLIT ? base * 2 : base).toFixed(4);
};
const barra = (n: number, traded: boolean) => {
  const p = preco(n, traded);
  return { data: dia(n), abertura: p, maxima: p, minima: p, fechamento: p, volume: 1000 };
};
const yahooBars: FakeBar[] = Array.from({ length: 40 }, (_, i) => {
  const b = barra(i - 40, false);
  return {
    data: b.data,
    abertura: Number(b.abertura),
    maxima: Number(b.maxima),
    minima: Number(b.minima),
    fechamento: Number(b.fechamento),
    volume: b.volume,
  };
});

describe('corporate events from Yahoo’s chart (a local fake Yahoo, recorded answer shapes)', () => {
  let yahoo: FakeYahoo;
  let s: TestServer;
  let token: string;
  let acaoId: number;
  let clienteId: number;
  let operacaoId: number;

  beforeAll(async () => {
    yahoo = await startFakeYahoo();
    yahoo.setBars('SPLT3.SA', yahooBars);
    yahoo.setEvents('SPLT3.SA', [
      { data: dia(-30), amount: 0.3 }, // restated by Yahoo for the later split: 0.60 a share held then
      { data: dia(SPLIT), numerator: 2, denominator: 1 },
      { data: dia(-5), amount: 0.5 },
    ]);
    s = await startTestServer({ QUOTES_PROVIDER: 'yahoo', YAHOO_BASE_URL: yahoo.url });
    token = await s.login();
    const { db } = s.database;
    const [acao] = await db
      .insert(acoes)
      .values({ ticker: 'SPLT3', empresa: 'Split', setor: 'Teste' })
      .returning({ id: acoes.id });
    acaoId = acao!.id;
    await writeBarras(
      db,
      Array.from({ length: 31 }, (_, i) => ({ acao_id: acaoId, ...barra(i - 60, true) })),
      { fonte: 'cotahist', ajustado_ate: null },
    );
    const [cliente] = await db.insert(clientes).values({ nome: 'Yara' }).returning();
    clienteId = cliente!.id;
    const res = await s.request('/api/operacoes/', {
      method: 'POST',
      token,
      json: {
        cliente: clienteId,
        acao: acaoId,
        data_compra: dia(-50),
        preco_unitario: 20,
        quantidade: 100,
        valor_alvo: 24,
        data_venda: null,
        preco_venda_unitario: null,
      },
    });
    operacaoId = ((await res.json()) as Operacao).id;
    // A person already entered the older payout, as JCP: Yahoo's dividend on that date is not added again.
    const manual = await s.request('/api/eventos-corporativos/', {
      method: 'POST',
      token,
      json: { acao: acaoId, tipo: 'jcp', data_ex: dia(-30), valor_por_acao: 0.6 },
    });
    expect(manual.status).toBe(201);
  });
  afterAll(async () => {
    await s?.close();
    await yahoo?.close();
  });

  const refresh = async () => {
    const res = await s.request('/api/recomendacoes/', { method: 'POST', token });
    expect(res.status).toBe(200);
  };
  const get = async <T>(path: string) => (await (await s.request(path, { token })).json()) as T;

  it('stores Yahoo’s split and dividend as fonte yahoo, never doubling a manual event, and applies them', async () => {
    await refresh();
    const eventos = await get<Evento[]>(`/api/eventos-corporativos/?acao=${acaoId}`);
    expect(eventos.map((e) => [e.tipo, e.data_ex, e.fator, e.valor_por_acao, e.fonte])).toEqual([
      ['dividendo', dia(-5), null, 0.5, 'yahoo'],
      ['desdobramento', dia(SPLIT), 2, null, 'yahoo'],
      ['jcp', dia(-30), null, 0.6, 'manual'],
    ]);
    expect(eventos.every((e) => e.aplicado_em !== null)).toBe(true);

    const [op] = await get<Operacao[]>(`/api/operacoes/?cliente=${clienteId}`);
    expect(op).toMatchObject({
      id: operacaoId,
      quantidade: 200,
      preco_unitario: 10,
      valor_alvo: 12,
      ajustes: [{ tipo: 'desdobramento', data_ex: dia(SPLIT), fator: 2, quantidade_antes: 100 }],
    });
    const proventos = await get<Provento[]>(`/api/clientes/${clienteId}/proventos/`);
    expect(proventos.map((p) => [p.tipo, p.quantidade, p.valor_bruto, p.valor_liquido])).toEqual([
      ['dividendo', 200, 100, 100],
      // Paid on its data_ex, a month ago: from 2026 JCP is withheld at 17.5 % (issue 29).
      ['jcp', 100, 60, dia(-30) < '2026-01-01' ? 51 : 49.5],
    ]);
  });

  it('the raw COTAHIST sessions and Yahoo’s adjusted ones read as one continuous series', async () => {
    const fontes = await queryRows<{ fonte: string; n: number }>(
      s.database.db,
      sql`select fonte, count(*)::int as n from precos_diarios where acao_id = ${acaoId}
          group by fonte order by fonte`,
    );
    // Yahoo answered from five days before the last stored session: those COTAHIST sessions are Yahoo's now.
    expect(fontes).toEqual([
      { fonte: 'cotahist', n: 25 },
      { fonte: 'yahoo', n: 35 },
    ]);
    const serie = await serieAjustada(s.database.db, acaoId);
    expect(serie).toHaveLength(60);
    expect(serie.map((b) => b.fechamento)).toEqual(
      Array.from({ length: 60 }, (_, i) => preco(i - 60, false)),
    );
  });

  it('asking Yahoo again adds nothing and changes no position', async () => {
    const contar = async () =>
      (await s.database.db.select({ n: count() }).from(eventosCorporativos))[0]!.n;
    const antes = {
      eventos: await contar(),
      operacoes: await get<Operacao[]>(`/api/operacoes/?cliente=${clienteId}`),
      proventos: await get<Provento[]>(`/api/clientes/${clienteId}/proventos/`),
    };
    await refresh();
    expect({
      eventos: await contar(),
      operacoes: await get<Operacao[]>(`/api/operacoes/?cliente=${clienteId}`),
      proventos: await get<Provento[]>(`/api/clientes/${clienteId}/proventos/`),
    }).toEqual(antes);
  });
});
