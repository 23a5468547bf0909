import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  acoes,
  alertaRegras,
  alertas,
  clientes,
  importLotes,
  modeloClientes,
  modeloItens,
  modelos,
  patrimonios,
  precosDiarios,
  users,
} from '../../../server/db/schema';
import { TEST_USER, type TestServer } from '../../support/test-server';
import type { Base } from './sending';
import type { Seed } from './seeds';

/** The address of the fuzz clients' VM: the MT5 simulator listens there (order calls reach a real agent). */
export const SIM_HOST = '127.0.0.153';

/** A fired alert, and price rules of the fuzz's user (fired or not), for the alerts' endpoints (issue 31). */
export async function seedAlertas(
  db: TestServer['database']['db'],
  acaoId: number,
  clienteId: number,
): Promise<Pick<Seed, 'alertaId' | 'novaRegra'>> {
  const [dono] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.username} = ${TEST_USER.username}`);
  const now = new Date();
  const alerta = async (values: Partial<typeof alertas.$inferInsert>) => {
    const [row] = await db
      .insert(alertas)
      .values({
        tipo: 'divergencia',
        chave: `fuzz:${crypto.randomUUID()}`,
        episodio: '1',
        estado: 'disparado',
        titulo: 'Divergência do fuzz',
        desde: now,
        disparado_em: now,
        avisos: 1,
        ultimo_aviso_em: now,
        created_at: now,
        updated_at: now,
        ...values,
      })
      .returning({ id: alertas.id });
    return row!.id;
  };
  let nivel = 1000;
  return {
    alertaId: await alerta({ cliente_id: clienteId }),
    async novaRegra(disparada = false) {
      const [regra] = await db
        .insert(alertaRegras)
        .values({ user_id: dono!.id, acao_id: acaoId, direcao: 'abaixo', nivel: String(++nivel) })
        .returning({ id: alertaRegras.id });
      if (disparada) {
        await alerta({
          tipo: 'preco',
          chave: `regra:${regra!.id}`,
          episodio: '0',
          regra_id: regra!.id,
          user_id: dono!.id,
        });
      }
      return regra!.id;
    },
  };
}

/**
 * Model portfolios (issue 33), written straight to the tables: one kept, and a new one for each DELETE; the stocks'
 * closes and an import of patrimony, so that a client following the kept one has a plan to send.
 */
export async function seedModelos(
  server: TestServer,
  token: string,
): Promise<Pick<Seed, 'modeloId' | 'novoModelo' | 'rebalanceamento'>> {
  const { db } = server.database;
  let n = 0;
  const novoModelo = async () => {
    const [modelo] = await db
      .insert(modelos)
      .values({
        nome: `Modelo Fuzz ${++n}`,
        caixa_alvo: '10',
        faixa_tipo: 'absoluta',
        faixa_valor: '5',
      })
      .returning({ id: modelos.id });
    await db.insert(modeloItens).values([
      { modelo_id: modelo!.id, ticker: 'PETR4', peso: '45', ordem: 0 },
      { modelo_id: modelo!.id, ticker: 'VALE3', peso: '45', ordem: 1 },
    ]);
    return modelo!.id;
  };
  const modeloId = await novoModelo();
  const ativos = await db
    .select({ id: acoes.id, ticker: acoes.ticker })
    .from(acoes)
    .where(sql`${acoes.ticker} in ('PETR4', 'VALE3')`);
  await db
    .insert(precosDiarios)
    .values(
      ativos.map((a) => {
        const p = a.ticker === 'PETR4' ? '38' : '60';
        return {
          acao_id: a.id,
          data: '2025-10-29',
          abertura: p,
          maxima: p,
          minima: p,
          fechamento: p,
          volume: 1000,
        };
      }),
    )
    .onConflictDoNothing();
  const [importacao] = await db
    .insert(importLotes)
    .values({
      tipo: 'patrimonio',
      data_referencia: '2025-10-29',
      arquivo: 'fuzz.xlsx',
      linhas: 0,
      status: 'importado',
      username: 'fuzz',
    })
    .returning({ id: importLotes.id });
  const [cliente] = await db
    .insert(clientes)
    .values({
      nome: 'Cliente Rebalanceamento',
      codigo_xp: '7701',
      percentual_patrimonio: '100',
      vm_private_ip: SIM_HOST,
    })
    .returning({ id: clientes.id });
  await db.insert(patrimonios).values({
    lote_id: importacao!.id,
    data_referencia: '2025-10-29',
    codigo: '7701',
    patrimonio: '10000.00',
  });
  await db.insert(modeloClientes).values({ cliente_id: cliente!.id, modelo_id: modeloId });
  const res = await server.request(`/api/modelos/${modeloId}/rebalancear/validar/`, {
    method: 'POST',
    token,
    json: { modo: 'completo', clientes: [cliente!.id] },
  });
  const { itens } = (await res.json()) as {
    itens: Array<{ ordens: Array<Record<string, unknown>>; motivo: string }>;
  };
  if (!itens[0]?.ordens.length) throw new Error(`rebalance seed: ${itens[0]?.motivo}`);
  const ordens = itens[0].ordens.map(({ ticker, lado, quantidade }) => ({
    ticker,
    lado,
    quantidade,
  }));
  const rebalanceamento: Base = {
    params: { id: modeloId },
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: { modo: 'completo', itens: [{ cliente: cliente!.id, ordens }] },
  };
  return { modeloId, novoModelo, rebalanceamento };
}
