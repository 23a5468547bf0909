import type { Lado, OrderStatus } from '../../../contract';
import { todayIso } from '../../../shared/dates';
import { vwap } from '../../../shared/legs';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http-error';
import {
  Mt5AgentError,
  Mt5HttpError,
  Mt5OutcomeUnknownError,
  isAccepted,
  type Mt5AgentClient,
  type OrderInfo,
} from '../../lib/mt5-agent';
import { agentFor, agentUnavailable, loadCliente } from './agent';
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

export const brl = (value: number) =>
  `R$ ${value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;

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
    // The agent puts its own per-leg marker first and MT5 keeps 31 characters: the group's prefix fits after it.
    comment: group.id.slice(0, 8),
  });
  const broker = {
    retcode: answer.retcode,
    retcode_desc: answer.retcode_desc,
    broker_comment: answer.comment ?? null,
    retcode_external: answer.retcode_external ?? null,
    problema: null,
  };
  if (answer.ticket === null || !isAccepted(answer.retcode)) {
    return { state: 'rejected', ticket: answer.ticket, ...broker };
  }
  return { state: 'placed', ticket: answer.ticket, ...broker };
}

/**
 * Why an agent's answer about a ticket cannot be this leg's: a ticket number is the terminal's, and after an agent
 * lost its state the same number can belong to an unrelated order. Only an answer that names this leg's
 * client_order_id, symbol, side and volume is ever applied.
 */
function notThisLeg(group: Group, leg: Leg, info: OrderInfo): string | null {
  const side = group.lado === 'compra' ? 'buy' : 'sell';
  if (info.client_order_id !== leg.client_order_id) {
    return `o ticket ${leg.ticket} do terminal pertence a outra ordem (${info.client_order_id ?? 'sem identificação'})`;
  }
  if (info.symbol !== leg.symbol) {
    return `o ticket ${leg.ticket} é de ${info.symbol}, não de ${leg.symbol}`;
  }
  if (info.side !== undefined && info.side !== side) {
    return `o ticket ${leg.ticket} é de ${info.side === 'buy' ? 'compra' : 'venda'}`;
  }
  if (Math.round(info.volume_initial) !== leg.volume || info.volume_filled > info.volume_initial) {
    return `o ticket ${leg.ticket} tem ${info.volume_initial} ações, não ${leg.volume}`;
  }
  return null;
}

/** The leg as the terminal has it now; an answer that is not this leg's (or a ticket it no longer knows) is unknown. */
async function askLeg(agent: Mt5AgentClient, group: Group, leg: Leg): Promise<Partial<Leg>> {
  let info: OrderInfo;
  try {
    info = await agent.order(leg.ticket!);
  } catch (err) {
    if (err instanceof Mt5HttpError && err.status === 404) {
      return {
        state: 'unknown',
        problema: `o terminal não conhece o ticket ${leg.ticket} (o agente pode ter perdido seus registros)`,
      };
    }
    throw err;
  }
  const problema = notThisLeg(group, leg, info);
  if (problema) return { state: 'unknown', problema };
  return {
    state: info.state,
    volume_filled: Math.round(info.volume_filled),
    price_avg: info.price_avg === null ? null : String(info.price_avg),
    retcode: info.retcode ?? leg.retcode,
    retcode_desc: info.retcode_desc ?? leg.retcode_desc,
    broker_comment: info.comment ?? leg.broker_comment,
    retcode_external: info.retcode_external ?? leg.retcode_external,
    problema: null,
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
      update =
        leg.ticket === null ? await sendLeg(agent, group, leg) : await askLeg(agent, group, leg);
    } catch (err) {
      // The order may or may not exist: the leg is in doubt, never refused, and the next sync asks the agent
      // again with the same client_order_id (the agent answers the order it finds, or sends only once absent).
      if (err instanceof Mt5OutcomeUnknownError) {
        update = { state: 'unknown', problema: 'envio em verificação no terminal' };
      } else if (err instanceof Mt5AgentError) {
        continue;
      } else {
        throw err;
      }
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

/** An order sent in a lote names it in each audit entry its end writes: the lote's whole story is one search. */
const doLote = (group: Group) => (group.lote_id === null ? {} : { lote_id: group.lote_id });

function failureMessage(legs: Leg[], filled: number): string {
  const parts = legs
    .filter((l) => l.state !== 'filled')
    .map(
      (l) =>
        `${l.symbol} ${LEG_STATE_PT[l.state] ?? l.state}${l.retcode_desc ? `: ${l.retcode_desc}` : ''}` +
        // B3's own reason, when the broker passed one on that says more than MT5's description.
        (l.broker_comment && l.broker_comment !== l.retcode_desc ? ` (${l.broker_comment})` : ''),
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
    if (!group || (group.state !== 'pending' && group.state !== 'sent')) return;
    const legs = await selectLegs(tx, groupId);
    if (!legs.every((l) => TERMINAL.has(l.state))) return;
    const filled = legs.reduce((sum, l) => sum + l.volume_filled, 0);
    const price = vwap(legs.map((l) => ({ volume: l.volume_filled, price: l.price_avg })));
    const today = todayIso();
    let notApplied: string | null = null;
    // Named in the group's audit entry: the order's timeline links to what it did to the portfolio.
    let operacoes: OperacaoTocada[] = [];
    if (filled > 0 && price !== null) {
      if (group.lado === 'compra') {
        operacoes = await applyBuy(tx, group, filled, price, today, username);
      } else {
        ({ notApplied, operacoes } = await applySell(
          tx,
          group,
          legs,
          filled,
          price,
          today,
          username,
        ));
      }
    }
    const allFilled = legs.every((l) => l.state === 'filled') && notApplied === null;
    const erro = notApplied
      ? `A venda executou ${filled} ações a ${brl(price!)}, mas não pôde ser registrada: ${notApplied}. ` +
        'Registre-a manualmente na carteira.'
      : allFilled
        ? null
        : failureMessage(legs, filled);
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
      after: {
        state: allFilled ? 'completed' : 'failed',
        erro,
        filled,
        price,
        operacoes,
        ...doLote(group),
      },
    });
  });
}

/** An operation a finished order created, realised, or left open with the rest of a partial sale. */
export interface OperacaoTocada {
  id: number;
  papel: 'criada' | 'realizada' | 'restante';
}

async function applyBuy(
  tx: Tx,
  group: Group,
  filled: number,
  price: number,
  today: string,
  username: string,
): Promise<OperacaoTocada[]> {
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
    after: { ...values, ...doLote(group) },
  });
  return created === undefined ? [] : [{ id: created, papel: 'criada' }];
}

/**
 * A sale realises the operation; a partly filled sale realises the sold part and leaves the rest open. Answers
 * the operations it touched, or why the fill cannot be applied as it was sent (the operation is gone, already
 * realised, or no longer holds the quantity sold): then nothing is written and a person must resolve it.
 */
async function applySell(
  tx: Tx,
  group: Group,
  legs: Leg[],
  filled: number,
  price: number,
  today: string,
  username: string,
): Promise<{ notApplied: string | null; operacoes: OperacaoTocada[] }> {
  const refused = (notApplied: string) => ({ notApplied, operacoes: [] });
  const op = group.operacao_id === null ? undefined : await lockOperacao(tx, group.operacao_id);
  if (!op) return refused('a operação vendida foi excluída');
  if (op.data_venda !== null) return refused('a operação já estava realizada');
  const sent = legs.reduce((sum, l) => sum + l.volume, 0);
  if (op.quantidade !== sent) {
    return refused(
      `a operação tinha ${sent} ações quando a venda foi enviada e agora tem ${op.quantidade ?? 0}`,
    );
  }
  const operacoes: OperacaoTocada[] = [{ id: op.id, papel: 'realizada' }];
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
      after: { ...rest, ...doLote(group) },
    });
    if (created !== undefined) operacoes.push({ id: created, papel: 'restante' });
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
    after: { ...sale, ...doLote(group) },
  });
  return { notApplied: null, operacoes };
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
  return answerFor((await selectGroup(db, groupId))!, legs);
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
  if (!UUID.test(groupId)) throw notFound('Ordem não encontrada.');
  await db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group) throw notFound('Ordem não encontrada.');
    if (group.state !== 'pending' && group.state !== 'sent') {
      throw conflict('A ordem já terminou: não há o que resolver.');
    }
    const erro = `Resolvida por ${username}: ${motivo}`;
    await updateGroup(tx, groupId, { state: 'resolved', erro, completed_at: new Date() });
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
  clienteId: number,
  username: string,
): Promise<void> {
  const group = await selectGroup(db, groupId);
  if (!group || (group.state !== 'pending' && group.state !== 'sent')) return;
  const agent = agentFor(config, await loadCliente(db, clienteId));
  await syncLegs(db, agent, group, username);
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
  if (!UUID.test(groupId)) throw notFound('Ordem não encontrada.');
  const group = await selectGroup(db, groupId);
  if (!group) throw notFound('Ordem não encontrada.');
  if (group.state !== 'pending' && group.state !== 'sent') {
    throw conflict('A ordem já terminou: não há o que cancelar.');
  }
  const agent = agentFor(config, await loadCliente(db, group.cliente_id));
  const open = (await selectLegs(db, groupId)).filter(
    (l) => l.ticket !== null && (l.state === 'placed' || l.state === 'partial'),
  );
  if (open.length === 0) {
    throw conflict('Nada a cancelar agora: nenhuma perna está aberta no terminal.');
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
