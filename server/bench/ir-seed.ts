import { sql } from 'drizzle-orm';
import { clienteSintetico } from '../../tests/shared/ir/timing';
import { ajustarPosicao } from '../../shared/eventos';
import { splitCustos, tickerBase, type EntradaIr } from '../../shared/ir';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { acoes, clientes, eventosAplicacoes, eventosCorporativos, operacoes } from '../db/schema';
import { loadReferenceData } from '../seed/reference';

/**
 * The income-tax bench's book: synthetic clients (tests/shared/ir/timing.ts's generator) written as the book holds
 * them. Each buy an operation; each sale closes the oldest open ones of the asset, splitting the last as a partial
 * sale does (its costs in proportion); the fractional symbol is its asset. The generator's share events are in
 * force and applied to the operations they reach, with their eventos_aplicacoes rows, as the events' job does.
 */

type OperacaoRow = typeof operacoes.$inferInsert & {
  ticker: string;
  aplicacoes: Array<Omit<typeof eventosAplicacoes.$inferInsert, 'operacao_id'>>;
};

/** The book's operations of one synthetic client. */
function bookOf(clienteId: number, entrada: EntradaIr, acaoId: Map<string, number>) {
  const abertas = new Map<string, OperacaoRow[]>();
  const rows: OperacaoRow[] = [];
  for (const t of entrada.operacoes) {
    const ticker = tickerBase(t.ticker);
    const fila = abertas.get(ticker) ?? [];
    abertas.set(ticker, fila);
    if (t.lado === 'compra') {
      const row: OperacaoRow = {
        cliente_id: clienteId,
        acao_id: acaoId.get(ticker)!,
        ticker,
        data_compra: t.data,
        preco_unitario: t.preco,
        quantidade: t.quantidade,
        custos_compra: t.custos ?? '0',
        aplicacoes: [],
      };
      fila.push(row);
      rows.push(row);
      continue;
    }
    let resta = t.quantidade;
    let custosVenda = t.custos ?? '0';
    while (resta > 0 && fila.length > 0) {
      const row = fila[0]!;
      const venda = {
        data_venda: t.data,
        preco_venda_unitario: t.preco,
        custos_venda: custosVenda,
      };
      custosVenda = '0';
      if (row.quantidade! <= resta) {
        Object.assign(row, venda);
        fila.shift();
        resta -= row.quantidade!;
        continue;
      }
      const [vendidos, restantes] = splitCustos(row.custos_compra!, resta, row.quantidade!);
      rows.push({ ...row, ...venda, quantidade: resta, custos_compra: vendidos, aplicacoes: [] });
      row.quantidade = row.quantidade! - resta;
      row.custos_compra = restantes;
      resta = 0;
    }
  }
  return rows;
}

/** Each share event in force on the operations it reaches (bought before data_ex, not sold before it). */
function applyEventos(
  rows: OperacaoRow[],
  eventos: ReadonlyArray<{ id: number; ticker: string; data_ex: string; fator: string }>,
) {
  for (const e of eventos) {
    for (const op of rows) {
      if (op.ticker !== e.ticker || !(op.data_compra! < e.data_ex)) continue;
      if (op.data_venda && op.data_venda < e.data_ex) continue;
      const antes = {
        quantidade: op.quantidade!,
        preco_unitario: op.preco_unitario!,
        valor_alvo: null,
        valor_stop: null,
      };
      const { depois, fracao } = ajustarPosicao(antes, e.fator);
      op.aplicacoes.push({
        evento_id: e.id,
        quantidade_antes: antes.quantidade,
        preco_antes: antes.preco_unitario,
        quantidade_depois: depois.quantidade,
        preco_depois: depois.preco_unitario,
        fracao,
      });
      op.quantidade = depois.quantidade;
      op.preco_unitario = depois.preco_unitario;
    }
  }
}

const LOTE = 2_000;

/** Writes the operations (and their applications) in batches. */
async function insertBook(db: Db, rows: OperacaoRow[]) {
  for (let i = 0; i < rows.length; i += LOTE) {
    const lote = rows.slice(i, i + LOTE);
    const ids = await db
      .insert(operacoes)
      .values(lote.map(({ ticker: _t, aplicacoes: _a, ...op }) => op))
      .returning({ id: operacoes.id });
    const aplicacoes = lote.flatMap((op, j) =>
      op.aplicacoes.map((a) => ({ ...a, operacao_id: ids[j]!.id })),
    );
    if (aplicacoes.length) await db.insert(eventosAplicacoes).values(aplicacoes);
  }
}

export interface BookIr {
  /** The client with `grande` operations. */
  grande: number;
  operacoesGrande: number;
  /** Operations of all the clients. */
  operacoes: number;
  clientes: number;
}

/** One client of `grande` trades and `outros` clients of `cada` trades each, over the 5 years to 2026. */
export async function seedBookIr(
  db: Db,
  grande: number,
  outros: number,
  cada: number,
): Promise<BookIr> {
  await loadReferenceData(db);
  const amostra = clienteSintetico(1, 200);
  const tickers = [...new Map(amostra.operacoes.map((o) => [tickerBase(o.ticker), o.classe]))];
  await db
    .insert(acoes)
    .values(tickers.map(([ticker, classe]) => ({ ticker, empresa: ticker, classe })))
    .onConflictDoUpdate({ target: acoes.ticker, set: { classe: sql`excluded.classe` } });
  const acaoId = new Map(
    (await queryRows<{ id: number; ticker: string }>(db, sql`select id, ticker from acoes`)).map(
      (a) => [a.ticker, a.id],
    ),
  );
  const eventos = [];
  for (const e of amostra.eventos ?? []) {
    const [row] = await db
      .insert(eventosCorporativos)
      .values({
        acao_id: acaoId.get(e.ticker)!,
        tipo: e.tipo,
        data_ex: e.data_ex,
        fator: e.fator,
        custo_atribuido: e.custo_atribuido ?? null,
        fonte: 'manual',
        aplicado_em: new Date(),
      })
      .returning({ id: eventosCorporativos.id });
    eventos.push({ id: row!.id, ticker: e.ticker, data_ex: e.data_ex, fator: e.fator });
  }
  const novos = await db
    .insert(clientes)
    .values(
      Array.from({ length: outros + 1 }, (_, i) => ({
        nome: `Cliente IR ${String(i).padStart(3, '0')}`,
      })),
    )
    .returning({ id: clientes.id });
  let total = 0;
  let operacoesGrande = 0;
  for (const [i, c] of novos.entries()) {
    const rows = bookOf(
      c.id,
      clienteSintetico(i === 0 ? 1 : 100 + i, i === 0 ? grande : cada),
      acaoId,
    );
    applyEventos(rows, eventos);
    await insertBook(db, rows);
    total += rows.length;
    if (i === 0) operacoesGrande = rows.length;
  }
  await db.execute(sql`analyze`);
  return { grande: novos[0]!.id, operacoesGrande, operacoes: total, clientes: novos.length };
}
