import type { Lado, OrderStatus } from '../../../contract';
import { todayIso } from '../../../shared/dates';
import { vwap } from '../../../shared/legs';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/http-error';
import { Mt5AgentError, isAccepted, type Mt5AgentClient } from '../../lib/mt5-agent';
import { agentFor, loadCliente } from './agent';
import {
  insertOperacao,
  lockGroup,
  lockOperacao,
  selectGroup,
  selectGroupDoCliente,
  selectLegs,
  updateGroup,
  updateLeg,
  updateOperacao,
  type Group,
  type Leg,
} from './repository';

const TERMINAL = new Set<Leg['state']>(['filled', 'canceled', 'rejected', 'expired']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const LEG_STATE_PT: Record<string, string> = {
  canceled: 'cancelada',
  rejected: 'rejeitada',
  expired: 'expirada',
};

/**
 * Sends a leg that has no ticket yet. The agent answers the first order again for a client_order_id it has
 * seen, so this is how a send interrupted by a crash or a dead agent is recovered: never twice.
 */
async function sendLeg(agent: Mt5AgentClient, group: Group, leg: Leg): Promise<Partial<Leg>> {
  const answer = await agent.placeOrder({
    client_order_id: leg.client_order_id,
    symbol: leg.symbol,
    // The agent protocol speaks MT5's words.
    side: group.lado === 'compra' ? 'buy' : 'sell',
    volume: leg.volume,
    type: group.execucao === 'limite' ? 'limit' : 'market',
    price: group.preco === null ? null : Number(group.preco),
    tp: group.lado === 'compra' && group.tp !== null ? Number(group.tp) : null,
    comment: `carteira-rv ${group.id.slice(0, 8)}`,
  });
  if (answer.ticket === null || !isAccepted(answer.retcode)) {
    return {
      state: 'rejected',
      retcode: answer.retcode,
      retcode_desc: answer.retcode_desc,
      ticket: answer.ticket,
    };
  }
  return {
    state: 'placed',
    ticket: answer.ticket,
    retcode: answer.retcode,
    retcode_desc: answer.retcode_desc,
  };
}

async function askLeg(agent: Mt5AgentClient, leg: Leg): Promise<Partial<Leg>> {
  const info = await agent.order(leg.ticket!);
  return {
    state: info.state,
    volume_filled: Math.round(info.volume_filled),
    price_avg: info.price_avg === null ? null : String(info.price_avg),
    retcode: info.retcode ?? leg.retcode,
    retcode_desc: info.retcode_desc ?? leg.retcode_desc,
  };
}

const changed = (leg: Leg, update: Partial<Leg>) =>
  (Object.keys(update) as Array<keyof Leg>).some(
    (k) => String(update[k] ?? null) !== String(leg[k] ?? null),
  );

/** Brings every unfinished leg up to date with the terminal; an unreachable agent leaves them as they are. */
export async function syncLegs(
  db: Db,
  agent: Mt5AgentClient,
  group: Group,
  username: string,
): Promise<Leg[]> {
  const legs = await selectLegs(db, group.id);
  for (const leg of legs) {
    if (TERMINAL.has(leg.state)) continue;
    let update: Partial<Leg>;
    try {
      update = leg.ticket === null ? await sendLeg(agent, group, leg) : await askLeg(agent, leg);
    } catch (err) {
      if (err instanceof Mt5AgentError) continue;
      throw err;
    }
    if (!changed(leg, update)) continue;
    await db.transaction(async (tx) => {
      await updateLeg(tx, leg, update);
      await audit(tx, {
        username,
        action: 'update',
        entity: 'order_leg',
        entityId: leg.client_order_id,
        before: { state: leg.state, ticket: leg.ticket, volume_filled: leg.volume_filled },
        after: update,
      });
    });
    Object.assign(leg, update);
  }
  if (group.state === 'pending') {
    await updateGroup(db, group.id, { state: 'sent' });
    group.state = 'sent';
  }
  return legs;
}

function failureMessage(legs: Leg[], filled: number): string {
  const parts = legs
    .filter((l) => l.state !== 'filled')
    .map(
      (l) =>
        `${l.symbol} ${LEG_STATE_PT[l.state] ?? l.state}${l.retcode_desc ? `: ${l.retcode_desc}` : ''}`,
    );
  const partial = filled > 0 ? ` Executadas ${filled} ações; a operação registra só essas.` : '';
  return `Ordem não executada por completo (${parts.join('; ')}).${partial}`;
}

/**
 * Applies a finished group exactly once, in one transaction, under a row lock on the group: however many
 * pollers (or server instances) get here at the same time, one creates or realises the operation.
 */
async function finalize(db: Db, groupId: string, username: string): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group || group.state === 'completed' || group.state === 'failed') return;
    const legs = await selectLegs(tx, groupId);
    if (!legs.every((l) => TERMINAL.has(l.state))) return;
    const filled = legs.reduce((sum, l) => sum + l.volume_filled, 0);
    const price = vwap(legs.map((l) => ({ volume: l.volume_filled, price: l.price_avg })));
    const today = todayIso();
    if (filled > 0 && price !== null) {
      if (group.lado === 'compra') await applyBuy(tx, group, filled, price, today, username);
      else await applySell(tx, group, filled, price, today, username);
    }
    const allFilled = legs.every((l) => l.state === 'filled');
    const erro = allFilled ? null : failureMessage(legs, filled);
    await updateGroup(tx, groupId, {
      state: allFilled ? 'completed' : 'failed',
      erro,
      completed_at: new Date(),
    });
    await audit(tx, {
      username,
      action: allFilled ? 'complete' : 'fail',
      entity: 'order_group',
      entityId: groupId,
      before: { state: group.state },
      after: { state: allFilled ? 'completed' : 'failed', erro, filled, price },
    });
  });
}

async function applyBuy(
  tx: Tx,
  group: Group,
  filled: number,
  price: number,
  today: string,
  username: string,
) {
  const values = {
    cliente_id: group.cliente_id,
    acao_id: group.acao_id!,
    data_compra: today,
    preco_unitario: String(price),
    quantidade: filled,
    valor_alvo: group.tp,
    origem: 'mt5' as const,
    order_group_id: group.id,
  };
  const created = await insertOperacao(tx, values);
  await audit(tx, {
    username,
    action: 'create',
    entity: 'operacao',
    entityId: created,
    after: values,
  });
}

/** A sale realises the operation; a partly filled sale realises the sold part and leaves the rest open. */
async function applySell(
  tx: Tx,
  group: Group,
  filled: number,
  price: number,
  today: string,
  username: string,
) {
  const op = await lockOperacao(tx, group.operacao_id!);
  if (!op || op.data_venda !== null) return;
  const sale = { data_venda: today, preco_venda_unitario: String(price), updated_at: new Date() };
  const remaining = (op.quantidade ?? 0) - filled;
  if (remaining > 0) {
    const rest = {
      cliente_id: op.cliente_id,
      acao_id: op.acao_id,
      data_compra: op.data_compra,
      preco_unitario: op.preco_unitario,
      quantidade: remaining,
      valor_alvo: op.valor_alvo,
      origem: op.origem,
    };
    const created = await insertOperacao(tx, rest);
    await audit(tx, {
      username,
      action: 'create',
      entity: 'operacao',
      entityId: created,
      after: rest,
    });
  }
  await updateOperacao(tx, op.id, {
    ...sale,
    quantidade: Math.min(filled, op.quantidade ?? filled),
  });
  await audit(tx, {
    username,
    action: 'update',
    entity: 'operacao',
    entityId: op.id,
    before: op,
    after: sale,
  });
}

/** The order status the SPA polls: syncs with the terminal, applies a finished group once, answers. */
export async function orderStatus(
  db: Db,
  config: Config,
  clienteId: number,
  groupId: string,
  lado: Lado,
  username: string,
): Promise<OrderStatus> {
  if (!UUID.test(groupId)) throw notFound('Ordem não encontrada.');
  const group = await selectGroupDoCliente(db, clienteId, groupId, lado);
  if (!group) throw notFound('Ordem não encontrada.');

  let legs: Leg[];
  if (group.state === 'pending' || group.state === 'sent') {
    const agent = agentFor(config, await loadCliente(db, clienteId));
    legs = await syncLegs(db, agent, group, username);
    if (legs.every((l) => TERMINAL.has(l.state))) await finalize(db, groupId, username);
  } else {
    legs = await selectLegs(db, groupId);
  }
  const final = await selectGroup(db, groupId);
  const finished = final?.state === 'completed' || final?.state === 'failed';
  return {
    group_id: groupId,
    executed_all: final?.state === 'completed',
    finished,
    erro: final?.erro ?? null,
    summary: legs.map((l) => ({
      symbol: l.symbol,
      executada: l.state === 'filled',
      volume: l.volume,
      volume_exec: l.volume_filled,
    })),
  };
}

/** Sends a new group's legs right away; a failure here is recovered by the next status call. */
export async function sendGroup(
  db: Db,
  config: Config,
  groupId: string,
  clienteId: number,
  username: string,
): Promise<void> {
  const group = await selectGroup(db, groupId);
  if (!group || (group.state !== 'pending' && group.state !== 'sent')) return;
  const agent = agentFor(config, await loadCliente(db, clienteId));
  await syncLegs(db, agent, group, username);
}
