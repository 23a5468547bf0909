import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { acoes, clientes, importLotes, operacoes, patrimonios } from '../db/schema';
import type { DemoContext } from './demo';
import { readDemoPrecos, type DemoCalendario, type PrecoDiario } from './demo-precos';

/** A small seeded generator: the same demo portfolios at every start. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}

const cents = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

/** A traded price on that session: near the close, inside the day's range. */
function tradedPrice(bar: PrecoDiario, rnd: ReturnType<typeof random>): string {
  const close = Number(bar.fechamento);
  const near = close * (1 + (rnd.next() - 0.5) * 0.006);
  return cents(Math.min(Math.max(near, Number(bar.minima)), Number(bar.maxima)));
}

function quantity(price: number, rnd: ReturnType<typeof random>): number {
  // Between about R$ 5 thousand and R$ 40 thousand per operation; sometimes a fractional remainder.
  const lots = Math.max(1, Math.round(rnd.int(5_000, 40_000) / price / 100));
  return lots * 100 + (rnd.next() < 0.25 ? rnd.int(1, 99) : 0);
}

type NovaOperacao = typeof operacoes.$inferInsert;

/** Open and realised operations for one client, on real sessions of the bundled history. */
export function demoOperacoes(
  clienteId: number,
  history: Map<number, PrecoDiario[]>,
): NovaOperacao[] {
  const rnd = random(clienteId * 7919);
  const stocks = [...history.keys()].filter((id) => history.get(id)!.length >= 300);
  const ops: NovaOperacao[] = [];
  const open = new Set<number>();
  const nOpen = rnd.int(3, 7);
  while (open.size < nOpen && open.size < stocks.length) open.add(rnd.pick(stocks));
  for (const acaoId of open) {
    const bars = history.get(acaoId)!;
    // Bought in the last three months, some this week: the demo looks like a desk at work.
    const bar = bars[bars.length - 1 - rnd.int(1, 60)]!;
    const preco = tradedPrice(bar, rnd);
    ops.push({
      cliente_id: clienteId,
      acao_id: acaoId,
      data_compra: bar.data,
      preco_unitario: preco,
      quantidade: quantity(Number(preco), rnd),
      valor_alvo: cents(Number(preco) * (1 + rnd.int(5, 15) / 100)),
    });
  }
  const nRealised = rnd.int(4, 9);
  for (let i = 0; i < nRealised; i++) {
    const acaoId = rnd.pick(stocks);
    const bars = history.get(acaoId)!;
    const buyIndex = bars.length - 1 - rnd.int(60, Math.min(600, bars.length - 1));
    const sellIndex = buyIndex + rnd.int(5, 50);
    const buy = bars[buyIndex]!;
    const sell = bars[sellIndex]!;
    const preco = tradedPrice(buy, rnd);
    const alvo = Number(preco) * (1 + rnd.int(5, 15) / 100);
    // A trade that reached its target was sold at it; the others were closed at the session's price.
    const reached = Number(sell.maxima) >= alvo && rnd.next() < 0.6;
    ops.push({
      cliente_id: clienteId,
      acao_id: acaoId,
      data_compra: buy.data,
      preco_unitario: preco,
      quantidade: quantity(Number(preco), rnd),
      data_venda: sell.data,
      preco_venda_unitario: reached ? cents(alvo) : tradedPrice(sell, rnd),
      valor_alvo: cents(alvo),
    });
  }
  return ops;
}

/**
 * The demo portfolios: operations for every client that exists, and a Patrimônio import (one lote, one row per
 * client with a codigo_xp) sized so that the variable-income share leaves some value available.
 */
export async function seedDemoCarteiras({ db, calendario }: DemoContext): Promise<void> {
  await loadDemoCarteiras(db, calendario);
}

export async function loadDemoCarteiras(db: Db, calendario?: DemoCalendario): Promise<void> {
  const lista = await db
    .select({
      id: clientes.id,
      nome: clientes.nome,
      codigo_xp: clientes.codigo_xp,
      percentual: clientes.percentual_patrimonio,
    })
    .from(clientes)
    .orderBy(asc(clientes.id));
  if (lista.length === 0) return;
  const ids = new Map(
    (await db.select({ id: acoes.id, ticker: acoes.ticker }).from(acoes)).map((a) => [
      a.ticker,
      a.id,
    ]),
  );
  const history = new Map<number, PrecoDiario[]>();
  for (const bar of readDemoPrecos({ calendario })) {
    const id = ids.get(bar.ticker);
    if (id === undefined) continue;
    let bars = history.get(id);
    if (!bars) history.set(id, (bars = []));
    bars.push(bar);
  }
  if (history.size === 0) return;
  const referencia = [...history.values()]
    .map((bars) => bars[bars.length - 1]!.data)
    .reduce((a, b) => (a > b ? a : b));

  await db.transaction(async (tx) => {
    const ops = lista.flatMap((c) => demoOperacoes(c.id, history));
    await tx.insert(operacoes).values(ops);

    const comCodigo = lista.filter((c) => c.codigo_xp);
    if (comCodigo.length === 0) return;
    const [lote] = await tx
      .insert(importLotes)
      .values({
        tipo: 'patrimonio',
        data_referencia: referencia,
        arquivo: 'demo-patrimonio.xlsx',
        linhas: comCodigo.length,
        status: 'importado',
        username: 'demo',
      })
      .returning({ id: importLotes.id });
    await tx.insert(patrimonios).values(
      comCodigo.map((c) => {
        const rnd = random(c.id * 104729);
        const posicionadas = ops
          .filter((o) => o.cliente_id === c.id && !o.data_venda)
          .reduce((sum, o) => sum + Number(o.preco_unitario) * (o.quantidade ?? 0), 0);
        const share = Number(c.percentual) / 100;
        const patrimonio =
          share > 0
            ? (posicionadas / share) * (1.2 + rnd.next() * 1.5)
            : rnd.int(200_000, 1_500_000);
        return {
          lote_id: lote!.id,
          data_referencia: referencia,
          codigo: c.codigo_xp!,
          nome: c.nome,
          patrimonio: (Math.round(patrimonio / 100) * 100).toFixed(2),
        };
      }),
    );
  });
}
