import { MAX_VALOR } from '../../../contract';
import { Decimal } from '../../../shared/decimal';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import {
  Mt5AgentError,
  Mt5HttpError,
  Mt5OutcomeUnknownError,
  isAccepted,
  type Mt5AgentClient,
  type OrderInfo,
} from '../../lib/mt5-agent';
import { custosDosDeals } from './custos';
import { selectLegs, transitionGroup, updateLeg, type Group, type Leg } from './repository';

/** The states a leg does not leave: the terminal has nothing more to say about it. */
export const TERMINAL = new Set<Leg['state']>(['filled', 'canceled', 'rejected', 'expired']);

/** The longest text of the terminal's or the broker's kept: it is shown in every history page that lists the leg. */
export const MAX_TEXTO_AGENTE = 255;

function cut(text: string): string;
function cut(text: string | null | undefined): string | null;
function cut(text: string | null | undefined): string | null {
  return text == null ? null : text.slice(0, MAX_TEXTO_AGENTE);
}

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
    retcode_desc: cut(answer.retcode_desc),
    broker_comment: cut(answer.comment),
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
  const problema = notThisLeg(group, leg, info) ?? implausibleFill(info);
  if (problema) return { state: 'unknown', problema };
  return {
    state: info.state,
    volume_filled: info.volume_filled,
    // A price only means something for what filled; 4 places, as the column keeps it.
    price_avg:
      info.volume_filled > 0 ? new Decimal(info.price_avg!).toDecimalPlaces(4).toString() : null,
    // The commission and fee of its deals, for the operation's costs (issue 29); none from an older agent.
    ...custosDosDeals(info.deals),
    retcode: info.retcode ?? leg.retcode,
    retcode_desc: cut(info.retcode_desc) ?? leg.retcode_desc,
    broker_comment: cut(info.comment) ?? leg.broker_comment,
    retcode_external: info.retcode_external ?? leg.retcode_external,
    problema: null,
  };
}

/**
 * Why a fill report cannot be true, or null. What the agent says of a fill becomes the client's operation: a report
 * with a negative or excess volume, "filled" with shares missing, a price that is not a price, or costs past any
 * amount the book keeps is never applied, and the leg is in doubt (a person resolves it) rather than recorded wrong.
 */
export function implausibleFill(info: OrderInfo): string | null {
  const invalid = (why: string) => `resposta do agente inválida: ${why}`;
  const filled = info.volume_filled;
  if (!Number.isInteger(filled) || filled < 0 || filled > info.volume_initial) {
    return invalid(`${filled} ações executadas de ${info.volume_initial}`);
  }
  if (info.state === 'filled' && filled !== info.volume_initial) {
    return invalid(`executada por completo com ${filled} ações de ${info.volume_initial}`);
  }
  const custos = custosDosDeals(info.deals);
  const totalCustos = new Decimal(custos.commission).plus(custos.fee);
  if (totalCustos.gt(MAX_VALOR)) {
    return invalid(`custos de ${totalCustos.toString()} nas execuções`);
  }
  if (filled === 0) return null;
  const price = info.price_avg;
  if (
    price === null ||
    !Number.isFinite(price) ||
    price > MAX_VALOR ||
    new Decimal(price).toDecimalPlaces(4).lte(0)
  ) {
    return invalid(`preço médio ${price ?? 'ausente'}`);
  }
  return null;
}

const changed = (leg: Leg, update: Partial<Leg>) =>
  (Object.keys(update) as Array<keyof Leg>).some(
    (k) => String(update[k] ?? null) !== String(leg[k] ?? null),
  );

/**
 * Brings every unfinished leg up to date with the terminal; an unreachable agent leaves them as they are. Every
 * write is a compare-and-set on what was read: an answer that arrives after another caller moved a leg or ended
 * the group is dropped. Answers the legs as stored now.
 */
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
      if (!(await updateLeg(tx, leg, update))) return;
      await audit(tx, {
        username,
        action: 'update',
        entity: 'order_leg',
        entityId: leg.client_order_id,
        before: { state: leg.state, ticket: leg.ticket, volume_filled: leg.volume_filled },
        after: update,
      });
    });
  }
  await transitionGroup(db, group.id, ['pending'], { state: 'sent' });
  return selectLegs(db, group.id);
}
