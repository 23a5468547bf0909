import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { acoes, clientes, custodias, importLotes, operacoes } from '../db/schema';
import type { DemoContext } from './demo';
import type { demoHoldings } from './demo-clientes';

/**
 * The demo's reconciliation. A custody import of every client's book on the last session of the bundled prices, so
 * that book, terminal (the demo terminals start holding the book) and custody agree; then one divergence of each
 * class on purpose, so that CONCILIAÇÃO shows what it is for on a fresh `npm start`. The stocks are ones the bundled
 * history does not trade (the demo books never hold them), so each stays the class it is meant to be:
 * - só na custódia: Ana's custody also holds 800 ITSA4;
 * - só no terminal: Bruno's account holds 300 BBDC4 bought outside the product;
 * - quantidade diverge: Carla's account holds 100 shares fewer of her first stock than her book and custody;
 * - só no livro: Diego's book has 200 MGLU3 typed by hand that never reached the broker (selling it is refused
 *   unless confirmed above the terminal's position).
 */
const ANA = '2847163';
const BRUNO = '3159024';
const CARLA = '4402718';
const DIEGO = '5127390';

export const DEMO_DIVERGENCIAS = {
  soNaCustodia: { codigo: ANA, ativo: 'ITSA4', quantidade: 800 },
  soNoTerminal: { codigo: BRUNO, symbol: 'BBDC4', volume: 300, price_open: 14.52 },
  quantidadeDiverge: { codigo: CARLA, menos: 100 },
  soNoLivro: { codigo: DIEGO, ticker: 'MGLU3', quantidade: 200, preco: '9.87', alvo: '11.50' },
} as const;

/** The custody import and Diego's manual entry (a seeder of loadDemoData, after the portfolios). */
export async function seedDemoConciliacao({ db }: DemoContext): Promise<void> {
  const [ref] = await queryRows<{ data: string | null }>(
    db,
    sql`select max(data)::text as data from precos_diarios`,
  );
  const data = ref?.data;
  if (!data) return;
  const livro = await queryRows<{
    codigo: string;
    ativo: string;
    quantidade: number;
    preco: string;
  }>(
    db,
    sql`select c.codigo_xp as codigo, a.ticker as ativo, sum(o.quantidade)::int as quantidade,
          round(sum(o.preco_unitario * o.quantidade) / sum(o.quantidade), 4)::text as preco
        from ${operacoes} o join ${clientes} c on c.id = o.cliente_id join ${acoes} a on a.id = o.acao_id
        where o.data_venda is null and o.quantidade > 0 and c.codigo_xp is not null
        group by 1, 2`,
  );
  const { soNaCustodia, soNoLivro } = DEMO_DIVERGENCIAS;
  const linhas = [
    ...livro.map((r) => ({ ...r, quantidade: String(r.quantidade) })),
    {
      codigo: soNaCustodia.codigo,
      ativo: soNaCustodia.ativo,
      quantidade: String(soNaCustodia.quantidade),
      preco: '10.20',
    },
  ];
  await db.transaction(async (tx) => {
    const [lote] = await tx
      .insert(importLotes)
      .values({
        tipo: 'custodia',
        data_referencia: data,
        arquivo: 'demo-custodia.xlsx',
        linhas: linhas.length,
        status: 'importado',
        username: 'demo',
      })
      .returning({ id: importLotes.id });
    await tx.insert(custodias).values(
      linhas.map((l) => ({
        lote_id: lote!.id,
        data_referencia: data,
        codigo: l.codigo,
        ativo: l.ativo,
        quantidade: l.quantidade,
        preco_medio: l.preco,
      })),
    );
    const [diego] = await tx
      .select({ id: clientes.id })
      .from(clientes)
      .where(sql`${clientes.codigo_xp} = ${soNoLivro.codigo}`);
    const [acao] = await tx
      .select({ id: acoes.id })
      .from(acoes)
      .where(sql`${acoes.ticker} = ${soNoLivro.ticker}`);
    if (!diego || !acao) return;
    await tx.insert(operacoes).values({
      cliente_id: diego.id,
      acao_id: acao.id,
      data_compra: data,
      preco_unitario: soNoLivro.preco,
      quantidade: soNoLivro.quantidade,
      valor_alvo: soNoLivro.alvo,
    });
  });
}

type Holdings = Awaited<ReturnType<typeof demoHoldings>>;

/**
 * What the demo terminals hold: their clients' books (demoHoldings) with the divergences above, at every start, so
 * that they survive a restart. A client the demo did not create is left as its book.
 */
export async function comDivergenciasDemo(db: Db, holdings: Holdings): Promise<Holdings> {
  const hosts = new Map(
    (
      await queryRows<{ codigo: string; host: string }>(
        db,
        sql`select codigo_xp as codigo, coalesce(vm_private_ip, vm_ip) as host from ${clientes}
            where codigo_xp is not null and coalesce(vm_private_ip, vm_ip) is not null`,
      )
    ).map((r) => [r.codigo, r.host]),
  );
  const { soNoTerminal, quantidadeDiverge, soNoLivro } = DEMO_DIVERGENCIAS;
  let result = [...holdings];
  const diego = hosts.get(soNoLivro.codigo);
  if (diego) {
    result = result.filter((h) => !(h.host === diego && h.symbol === soNoLivro.ticker));
  }
  const carla = hosts.get(quantidadeDiverge.codigo);
  const primeira = result
    .filter((h) => h.host === carla)
    .sort((a, b) => a.symbol.localeCompare(b.symbol))[0];
  if (primeira) {
    result = result
      .map((h) => (h === primeira ? { ...h, volume: h.volume - quantidadeDiverge.menos } : h))
      .filter((h) => h.volume > 0);
  }
  const bruno = hosts.get(soNoTerminal.codigo);
  if (bruno) {
    result.push({
      host: bruno,
      symbol: soNoTerminal.symbol,
      volume: soNoTerminal.volume,
      price_open: soNoTerminal.price_open,
    });
  }
  return result;
}
