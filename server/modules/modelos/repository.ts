import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Modelo, ModeloInput } from '../../../contract';
import { toNumber } from '../../../shared/decimal';
import type { Db, Tx } from '../../db/client';
import { clientes, modeloClientes, modeloItens, modelos } from '../../db/schema';

type ModeloRow = typeof modelos.$inferSelect;

const numero = (v: string) => toNumber(v, 6) ?? 0;

/** The models (all, or one) with their stocks in the order typed and the clients following each. */
export async function selectModelos(db: Db | Tx, id?: number): Promise<Modelo[]> {
  const filtro = id === undefined ? undefined : eq(modelos.id, id);
  const rows = await db
    .select()
    .from(modelos)
    .where(filtro)
    .orderBy(asc(modelos.nome), asc(modelos.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [itens, seguidores] = await Promise.all([
    db
      .select()
      .from(modeloItens)
      .where(inArray(modeloItens.modelo_id, ids))
      .orderBy(asc(modeloItens.ordem)),
    db
      .select()
      .from(modeloClientes)
      .where(inArray(modeloClientes.modelo_id, ids))
      .orderBy(asc(modeloClientes.cliente_id)),
  ]);
  return rows.map((r: ModeloRow) => ({
    id: r.id,
    nome: r.nome,
    itens: itens
      .filter((i) => i.modelo_id === r.id)
      .map((i) => ({ ticker: i.ticker, peso: numero(i.peso) })),
    caixa_alvo: numero(r.caixa_alvo),
    faixa: { tipo: r.faixa_tipo, valor: numero(r.faixa_valor) },
    clientes: seguidores.filter((s) => s.modelo_id === r.id).map((s) => s.cliente_id),
  }));
}

/** Whether another model (not `exceto`) already has the name. */
export async function nomeEmUso(tx: Tx, nome: string, exceto?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: modelos.id })
    .from(modelos)
    .where(
      and(
        sql`lower(${modelos.nome}) = lower(${nome})`,
        exceto ? ne(modelos.id, exceto) : undefined,
      ),
    );
  return Boolean(row);
}

/** The model's row locked until the transaction ends (a client following it waits for the write). */
export async function lockModelo(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: modelos.id })
    .from(modelos)
    .where(eq(modelos.id, id))
    .for('update');
  return Boolean(row);
}

const colunas = (input: ModeloInput) => ({
  nome: input.nome,
  // Numbers from the wire written as their shortest exact decimal text: 33.33 is '33.33', never 33.3299….
  caixa_alvo: String(input.caixa_alvo),
  faixa_tipo: input.faixa.tipo,
  faixa_valor: String(input.faixa.valor),
});

async function writeItens(tx: Tx, id: number, input: ModeloInput) {
  await tx.delete(modeloItens).where(eq(modeloItens.modelo_id, id));
  await tx.insert(modeloItens).values(
    input.itens.map((item, ordem) => ({
      modelo_id: id,
      ticker: item.ticker,
      peso: String(item.peso),
      ordem,
    })),
  );
}

export async function insertModelo(tx: Tx, input: ModeloInput): Promise<number> {
  const [row] = await tx.insert(modelos).values(colunas(input)).returning({ id: modelos.id });
  await writeItens(tx, row!.id, input);
  return row!.id;
}

export async function updateModeloRow(tx: Tx, id: number, input: ModeloInput): Promise<void> {
  await tx
    .update(modelos)
    .set({ ...colunas(input), updated_at: sql`now()` })
    .where(eq(modelos.id, id));
  await writeItens(tx, id, input);
}

export async function deleteModeloRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(modelos).where(eq(modelos.id, id));
}

export interface ClienteAlvo {
  id: number;
  nome: string;
  /** The model it follows, null when none. */
  modelo: number | null;
}

const nomeDoCliente = sql<string>`coalesce(nullif(trim(${clientes.nome}), ''), 'Cliente ' || ${clientes.id})`;

/** The clients following the model (none given), or those given, by name; each with the model it follows. */
export function selectClientesAlvo(
  db: Db | Tx,
  modelo: number,
  ids?: readonly number[],
): Promise<ClienteAlvo[]> {
  return db
    .select({ id: clientes.id, nome: nomeDoCliente, modelo: modeloClientes.modelo_id })
    .from(clientes)
    .leftJoin(modeloClientes, eq(modeloClientes.cliente_id, clientes.id))
    .where(ids ? inArray(clientes.id, [...ids]) : eq(modeloClientes.modelo_id, modelo))
    .orderBy(sql`lower(${nomeDoCliente})`, asc(clientes.id));
}

/** The names of the clients following the model: who keeps it from being deleted. */
export async function nomesDosSeguidores(tx: Tx, modelo: number): Promise<string[]> {
  const rows = await selectClientesAlvo(tx, modelo);
  return rows.map((r) => r.nome);
}
