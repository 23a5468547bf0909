import { and, eq, sql } from 'drizzle-orm';
import type { SaldosIrInput } from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { irSaldosIniciais, irVendasExternas } from '../../db/schema';

const texto = (n: number) => n.toFixed(2);

/** A year's opening carries, replacing what was stated before; answers the row before (undefined: none). */
export async function upsertSaldos(tx: Tx, clienteId: number, s: SaldosIrInput) {
  const [antes] = await tx
    .select()
    .from(irSaldosIniciais)
    .where(and(eq(irSaldosIniciais.cliente_id, clienteId), eq(irSaldosIniciais.ano, s.ano)))
    .for('update');
  const valores = {
    prejuizo_comum: texto(s.prejuizo_comum),
    prejuizo_day_trade: texto(s.prejuizo_day_trade),
    prejuizo_fii: texto(s.prejuizo_fii),
    irrf_a_compensar: texto(s.irrf_a_compensar),
  };
  await tx
    .insert(irSaldosIniciais)
    .values({ cliente_id: clienteId, ano: s.ano, ...valores })
    .onConflictDoUpdate({
      target: [irSaldosIniciais.cliente_id, irSaldosIniciais.ano],
      set: { ...valores, updated_at: sql`now()` },
    });
  return antes;
}

/** A month's sales made elsewhere, replacing what was stated before; answers the value before (undefined: none). */
export async function upsertVendaExterna(tx: Tx, clienteId: number, mes: string, valor: number) {
  const [antes] = await tx
    .select({ valor: irVendasExternas.valor })
    .from(irVendasExternas)
    .where(and(eq(irVendasExternas.cliente_id, clienteId), eq(irVendasExternas.mes, mes)))
    .for('update');
  await tx
    .insert(irVendasExternas)
    .values({ cliente_id: clienteId, mes, valor: texto(valor) })
    .onConflictDoUpdate({
      target: [irVendasExternas.cliente_id, irVendasExternas.mes],
      set: { valor: texto(valor), updated_at: sql`now()` },
    });
  return antes?.valor;
}

/** A client's opening carries, every year stated (for the computation). */
export function selectSaldosIniciais(db: Db | Tx, clienteId: number) {
  return db.select().from(irSaldosIniciais).where(eq(irSaldosIniciais.cliente_id, clienteId));
}

/** A client's sales made elsewhere, every month stated (for the computation). */
export function selectVendasExternas(db: Db | Tx, clienteId: number) {
  return db
    .select({ mes: irVendasExternas.mes, valor: irVendasExternas.valor })
    .from(irVendasExternas)
    .where(eq(irVendasExternas.cliente_id, clienteId));
}
