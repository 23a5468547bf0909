import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { clientes, importLotes, operacoes, patrimonios } from '../db/schema';
import { loadDemoPrecos } from '../seed/demo-precos';
import { loadReferenceData } from '../seed/reference';

/** The control panel bench's data (painel.bench.ts): 312 clients, 10,081 open positions and 3,000 closed ones. */
export const CLIENTES = 312;
export const POSICOES = 10_081;
const FECHADAS = 3_000;

export async function seed(db: Db): Promise<{ clienteId: number }> {
  await loadReferenceData(db);
  await loadDemoPrecos(db, { desde: '2025-09-01' });
  const acoes = await queryRows<{ id: number }>(
    db,
    sql`select distinct acao_id as id from precos_diarios order by 1`,
  );
  const [lote] = await db
    .insert(importLotes)
    .values({
      tipo: 'patrimonio',
      data_referencia: '2025-10-29',
      arquivo: 'bench.xlsx',
      linhas: CLIENTES,
      status: 'importado',
      username: 'bench',
    })
    .returning();
  const novos = await db
    .insert(clientes)
    .values(
      Array.from({ length: CLIENTES }, (_, i) => ({
        nome: `Cliente ${String(i).padStart(3, '0')}`,
        codigo_xp: String(100000 + i),
        percentual_patrimonio: '25',
        email: `cliente${i}@example.com`,
        vm: `vm-${i}`,
        vm_ip: `10.0.${i >> 8}.${i & 255}`,
      })),
    )
    .returning({ id: clientes.id, codigo: clientes.codigo_xp });
  await db.insert(patrimonios).values(
    novos.map((c) => ({
      lote_id: lote!.id,
      data_referencia: '2025-10-29',
      codigo: c.codigo!,
      patrimonio: '2500000.00',
    })),
  );
  // Open and closed operations interleaved, as years of trading leave them.
  const rows = Array.from({ length: POSICOES + FECHADAS }, (_, i) => {
    const aberta = i % 13 >= 3 || i >= FECHADAS * (13 / 3);
    return {
      cliente_id: novos[(i * 7) % novos.length]!.id,
      acao_id: acoes[i % acoes.length]!.id,
      data_compra: `2025-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
      preco_unitario: (10 + (i % 50) + 0.1234).toFixed(4),
      quantidade: 100 + (i % 7) * 100,
      data_venda: aberta ? null : '2025-10-01',
      preco_venda_unitario: aberta ? null : (11 + (i % 50)).toFixed(4),
      valor_alvo: (12 + (i % 50)).toFixed(4),
    };
  });
  for (let i = 0; i < rows.length; i += 2000) {
    await db.insert(operacoes).values(rows.slice(i, i + 2000));
  }
  await db.execute(sql`analyze`);
  const [abertas] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from operacoes where data_venda is null`,
  );
  if (abertas?.n !== POSICOES) throw new Error(`seeded ${abertas?.n} open positions`);
  return { clienteId: novos[0]!.id };
}
