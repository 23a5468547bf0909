import type { Lado, OrderStatus } from '../../../contract';
import { NADA_A_CANCELAR, resolvidaPor } from '../../../contract/mensagens-ordens';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { signalChange } from '../../lib/changes';
import { conflict, notFound, uuidOr404 } from '../../lib/http-error';
import { Mt5AgentError, Mt5HttpError } from '../../lib/mt5-agent';
import { agentFor, agentUnavailable, loadCliente } from './agent';
import { finalize } from './finalizacao';
import { syncLegs, TERMINAL } from './leg-sync';
import { locksOf } from '../../db/keyed-locks';
import {
  GROUP_IN_FLIGHT,
  lockGroup,
  selectGroup,
  selectGroupDoCliente,
  selectLegs,
  transitionGroup,
  type Group,
  type Leg,
} from './repository';

/** The answer to an order that is not there (or a malformed id, which names none). */
export const ORDEM_NAO_ENCONTRADA = 'Ordem não encontrada.';

/**
 * Syncs a group in flight with its terminal and applies it once it has ended, unless another caller (in this process
 * or another instance) is syncing it now: then it is left to that one, and the terminal is not asked twice at once.
 * Correctness does not rest on the lock: every write is a compare-and-set on what was read. Read the group after.
 */
export async function syncGroup(
  db: Db,
  config: Config,
  groupId: string,
  username: string,
): Promise<void> {
  const locks = locksOf(db);
  const key = `order_group:${groupId}`;
  if (!(await locks.tryLock(key))) return;
  try {
    const group = await selectGroup(db, groupId);
    if (!group || !inFlight(group.state)) return;
    const agent = agentFor(config, await loadCliente(db, group.cliente_id));
    const legs = await syncLegs(db, agent, group, username);
    // The alerts' checks (a leg in doubt) hear of every sync.
    signalChange(db, { kind: 'ordens' });
    if (legs.every((l) => TERMINAL.has(l.state))) {
      await finalize(db, groupId, username, config.custosB3Percentual);
    }
  } finally {
    await locks.unlock(key);
  }
}

const inFlight = (state: Group['state']) => (GROUP_IN_FLIGHT as readonly string[]).includes(state);

/** The order status the SPA polls: syncs with the terminal, applies a finished group once, answers. */
export async function orderStatus(
  db: Db,
  config: Config,
  clienteId: number,
  groupId: string,
  lado: Lado,
  username: string,
): Promise<OrderStatus> {
  uuidOr404(groupId, ORDEM_NAO_ENCONTRADA);
  const group = await selectGroupDoCliente(db, clienteId, groupId, lado);
  if (!group) throw notFound(ORDEM_NAO_ENCONTRADA);
  if (inFlight(group.state)) await syncGroup(db, config, groupId, username);
  const [now, legs] = await Promise.all([selectGroup(db, groupId), selectLegs(db, groupId)]);
  return answerFor(now!, legs);
}

/**
 * What is said while a leg's outcome is unknown, in pieces: the order history builds the same sentence in SQL.
 * It means "in doubt, ask again", never "rejected".
 */
export const AVISO = {
  inicio: 'Situação desconhecida de ',
  semResposta: 'sem resposta',
  fim: '. Nada será registrado na carteira até ela ser esclarecida; um responsável pode resolver a ordem.',
};

/** The status answer of a group as stored: unknown legs are said as such, never taken for a refusal. */
export function answerFor(group: Group, legs: Leg[]): OrderStatus {
  const unknown = legs.filter((l) => l.state === 'unknown');
  return {
    group_id: group.id,
    executed_all: group.state === 'completed',
    finished: group.state === 'completed' || group.state === 'failed' || group.state === 'resolved',
    erro: group.erro ?? null,
    aviso:
      unknown.length && (group.state === 'pending' || group.state === 'sent')
        ? AVISO.inicio +
          unknown.map((l) => `${l.symbol} (${l.problema ?? AVISO.semResposta})`).join('; ') +
          AVISO.fim
        : null,
    summary: legs.map((l) => ({
      symbol: l.symbol,
      executada: l.state === 'filled',
      volume: l.volume,
      volume_exec: l.volume_filled,
    })),
  };
}

/**
 * A person closes a group whose outcome cannot be known (a leg the terminal does not know, or answered for another
 * order): nothing is applied to the portfolio, the reason is kept, and the client can be deleted again.
 */
export async function resolveGroup(
  db: Db,
  groupId: string,
  motivo: string,
  username: string,
): Promise<OrderStatus> {
  uuidOr404(groupId, ORDEM_NAO_ENCONTRADA);
  await db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group) throw notFound(ORDEM_NAO_ENCONTRADA);
    const erro = resolvidaPor(username, motivo);
    const resolved = await transitionGroup(tx, groupId, GROUP_IN_FLIGHT, {
      state: 'resolved',
      erro,
      completed_at: new Date(),
    });
    if (!resolved) throw conflict('A ordem já terminou: não há o que resolver.');
    await audit(tx, {
      username,
      action: 'resolve',
      entity: 'order_group',
      entityId: groupId,
      before: { state: group.state },
      after: { state: 'resolved', motivo },
    });
  });
  return answerFor((await selectGroup(db, groupId))!, await selectLegs(db, groupId));
}

/** Sends a new group's legs right away; a failure here is recovered by the next status call. */
export async function sendGroup(
  db: Db,
  config: Config,
  groupId: string,
  username: string,
): Promise<void> {
  await syncGroup(db, config, groupId, username);
}

/**
 * Asks the terminal to cancel what is still open of a group (a resting limit order, or the rest of one partly
 * filled), then answers its status; polling follows it until the legs are canceled, and the group ends as usual
 * (what did fill is recorded). A leg without a ticket may already have been sent: it cannot be canceled until
 * its outcome is known.
 */
export async function cancelGroup(
  db: Db,
  config: Config,
  groupId: string,
  username: string,
): Promise<OrderStatus> {
  uuidOr404(groupId, ORDEM_NAO_ENCONTRADA);
  const group = await selectGroup(db, groupId);
  if (!group) throw notFound(ORDEM_NAO_ENCONTRADA);
  if (!inFlight(group.state)) {
    throw conflict('A ordem já terminou: não há o que cancelar.');
  }
  const agent = agentFor(config, await loadCliente(db, group.cliente_id));
  const open = (await selectLegs(db, groupId)).filter(
    (l) => l.ticket !== null && (l.state === 'placed' || l.state === 'partial'),
  );
  if (open.length === 0) {
    throw conflict(NADA_A_CANCELAR);
  }
  const pedidos: Array<{ symbol: string; ticket: number; resposta: string }> = [];
  for (const leg of open) {
    try {
      const answer = await agent.cancelOrder(leg.ticket!);
      pedidos.push({ symbol: leg.symbol, ticket: leg.ticket!, resposta: answer.retcode_desc });
    } catch (err) {
      // Already finished (filled meanwhile): the sync below brings its real state.
      if (err instanceof Mt5HttpError && (err.status === 409 || err.status === 404)) continue;
      if (err instanceof Mt5AgentError) return agentUnavailable(err);
      throw err;
    }
  }
  await audit(db, {
    username,
    action: 'cancel_request',
    entity: 'order_group',
    entityId: groupId,
    after: { pedidos },
  });
  return orderStatus(db, config, group.cliente_id, groupId, group.lado, username);
}
