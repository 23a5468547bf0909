import { eq } from 'drizzle-orm';
import {
  acoes,
  clientes,
  importLotes,
  modeloClientes,
  modelos,
  modeloItens,
  operacoes,
  orderGroups,
  orderLegs,
  orderLotes,
  patrimonios,
  precosDiarios,
  rebalanceamentos,
} from '../../../../server/db/schema';
import type { SimFleet } from '../../mt5-sim/fleet';
import type { TestServer } from '../../../support/test-server';

/** The rebalance tests' book (issue 33): the worked examples' prices and model, clients seeded by their holdings. */

export const PRECOS = { PETR4: '40', VALE3: '60', ITUB4: '35' };

export interface ClienteSemente {
  nome: string;
  /** Its patrimony (R$): the valor disponível is it less the holdings' cost. */
  patrimonio: string;
  /** Shares held at the worked examples' prices (book and terminal alike). */
  posicoes?: Partial<Record<keyof typeof PRECOS, number>>;
  /** Its VM: the fleet's sim of this index, or the address where nothing listens. */
  sim: number | 'desligado';
  /** Follows the model (default true). */
  segue?: boolean;
}

/** The worked examples' stocks with their closes (2025-10-29); answers a ticker's id. */
export async function seedAcoes(server: TestServer): Promise<(ticker: string) => number> {
  const { db } = server.database;
  const ativos = await db
    .insert(acoes)
    .values(Object.keys(PRECOS).map((ticker) => ({ ticker })))
    .returning({ id: acoes.id, ticker: acoes.ticker });
  const acao = (t: string) => ativos.find((a) => a.ticker === t)!.id;
  await db.insert(precosDiarios).values(
    Object.entries(PRECOS).map(([t, p]) => ({
      acao_id: acao(t),
      data: '2025-10-29',
      abertura: p,
      maxima: p,
      minima: p,
      fechamento: p,
      volume: 1000,
    })),
  );
  return acao;
}

/** The stocks with their closes, the model (30/30/30, caixa 10) and the clients; answers the ids. */
export async function seed(server: TestServer, fleet: SimFleet, sementes: ClienteSemente[]) {
  const { db } = server.database;
  const acao = await seedAcoes(server);
  const [modelo] = await db
    .insert(modelos)
    .values({ nome: 'Equilibrado', caixa_alvo: '10', faixa_tipo: 'absoluta', faixa_valor: '5' })
    .returning({ id: modelos.id });
  await db.insert(modeloItens).values(
    Object.keys(PRECOS).map((ticker, ordem) => ({
      modelo_id: modelo!.id,
      ticker,
      peso: '30',
      ordem,
    })),
  );
  const rows = await db
    .insert(clientes)
    .values(
      sementes.map((s, i) => ({
        nome: s.nome,
        codigo_xp: String(i + 1),
        percentual_patrimonio: '100',
        vm_private_ip: s.sim === 'desligado' ? fleet.deadHost : fleet.hosts[s.sim],
      })),
    )
    .returning({ id: clientes.id });
  const ids = rows.map((r) => r.id);
  const seguidores = ids.filter((_, i) => sementes[i]!.segue !== false);
  if (seguidores.length) {
    await db
      .insert(modeloClientes)
      .values(seguidores.map((id) => ({ cliente_id: id, modelo_id: modelo!.id })));
  }
  const [lote] = await db
    .insert(importLotes)
    .values({
      tipo: 'patrimonio',
      data_referencia: '2025-10-29',
      arquivo: 't.xlsx',
      linhas: sementes.length,
      status: 'importado',
      username: 'teste',
    })
    .returning({ id: importLotes.id });
  await db.insert(patrimonios).values(
    sementes.map((s, i) => ({
      lote_id: lote!.id,
      data_referencia: '2025-10-29',
      codigo: String(i + 1),
      patrimonio: s.patrimonio,
    })),
  );
  const ops = sementes.flatMap((s, i) =>
    Object.entries(s.posicoes ?? {}).map(([ticker, quantidade]) => ({
      cliente_id: ids[i]!,
      acao_id: acao(ticker),
      data_compra: '2025-01-02',
      preco_unitario: PRECOS[ticker as keyof typeof PRECOS],
      quantidade,
    })),
  );
  if (ops.length) await db.insert(operacoes).values(ops);
  sementes.forEach((s) => {
    if (s.sim === 'desligado') return;
    for (const [ticker, q] of Object.entries(s.posicoes ?? {})) {
      fleet.sims[s.sim]!.terminal.setPosition(ticker, q, Number(PRECOS[ticker as 'PETR4']));
    }
  });
  return { modelo: modelo!.id, ids, acao };
}

/** The lote's legs resting at their terminals: ticket, volume, client. */
export async function legsAbertas(server: TestServer, loteId: string) {
  const rows = await server.database.db
    .select({
      cliente: orderGroups.cliente_id,
      ticket: orderLegs.ticket,
      volume: orderLegs.volume,
      state: orderLegs.state,
      symbol: orderLegs.symbol,
    })
    .from(orderLegs)
    .innerJoin(orderGroups, eq(orderGroups.id, orderLegs.group_id))
    .where(eq(orderGroups.lote_id, loteId));
  return rows.filter((r) => r.ticket !== null && (r.state === 'placed' || r.state === 'partial'));
}

/** Every lote, order and rebalance stored, counted (what a refused or repeated send must not change). */
export async function contagem(server: TestServer) {
  const { db } = server.database;
  return {
    lotes: await db.$count(orderLotes),
    grupos: await db.$count(orderGroups),
    rebalanceamentos: await db.$count(rebalanceamentos),
  };
}
