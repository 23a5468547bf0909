import { todayIso } from '../../../shared/dates';
import { formatMoney } from '../../../shared/format';
import { splitCustos } from '../../../shared/ir';
import { vwap } from '../../../shared/legs';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { custosDaOrdem } from './custos';
import { TERMINAL } from './leg-sync';
import { insertOperacao, lockOperacao } from '../operacoes';
import {
  GROUP_IN_FLIGHT,
  lockGroup,
  operacaoDoGroup,
  selectLegs,
  transitionGroup,
  updateOperacao,
  type Group,
  type Leg,
} from './repository';

const LEG_STATE_PT: Record<string, string> = {
  canceled: 'cancelada',
  rejected: 'rejeitada',
  expired: 'expirada',
};

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
 * pollers (or server instances) get here at the same time, one creates or realises the operation. Its costs are the
 * deals' commission and fee plus `custosB3Percentual` % of the traded value (CUSTOS_B3_PERCENTUAL).
 */
export async function finalize(
  db: Db,
  groupId: string,
  username: string,
  custosB3Percentual: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group || (group.state !== 'pending' && group.state !== 'sent')) return;
    const legs = await selectLegs(tx, groupId);
    if (!legs.every((l) => TERMINAL.has(l.state))) return;
    if (await alreadyApplied(tx, group, username)) return;
    const filled = legs.reduce((sum, l) => sum + l.volume_filled, 0);
    const price = vwap(legs.map((l) => ({ volume: l.volume_filled, price: l.price_avg })));
    const custos = filled > 0 ? custosDaOrdem(legs, custosB3Percentual) : null;
    const today = todayIso();
    let notApplied: string | null = null;
    // Named in the group's audit entry: the order's timeline links to what it did to the portfolio.
    let operacoes: OperacaoTocada[] = [];
    if (custos !== null && price !== null) {
      const fill = { filled, price, custos, today };
      if (group.lado === 'compra') {
        operacoes = await applyBuy(tx, group, fill, username);
      } else {
        ({ notApplied, operacoes } = await applySell(tx, group, legs, fill, username));
      }
    }
    const allFilled = legs.every((l) => l.state === 'filled') && notApplied === null;
    const erro = notApplied
      ? `A venda executou ${filled} ações a ${formatMoney(price!, 4)}, mas não pôde ser registrada: ${notApplied}. ` +
        `Registre-a manualmente na carteira, com os custos da venda (${formatMoney(Number(custos))}).`
      : allFilled
        ? null
        : failureMessage(legs, filled);
    await transitionGroup(tx, groupId, GROUP_IN_FLIGHT, {
      state: allFilled ? 'completed' : 'failed',
      erro,
      completed_at: new Date(),
      custos,
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
        custos,
        operacoes,
        ...doLote(group),
      },
    });
  });
}

/**
 * A buy whose operation exists was applied already (a group put back in flight by an older server's stale sync, or
 * a write of its end lost): it is completed as it was, never applied twice.
 */
async function alreadyApplied(tx: Tx, group: Group, username: string): Promise<boolean> {
  if (group.lado !== 'compra') return false;
  const id = await operacaoDoGroup(tx, group.id);
  if (id === undefined) return false;
  await transitionGroup(tx, group.id, GROUP_IN_FLIGHT, {
    state: 'completed',
    erro: null,
    completed_at: group.completed_at ?? new Date(),
  });
  await audit(tx, {
    username,
    action: 'complete',
    entity: 'order_group',
    entityId: group.id,
    before: { state: group.state },
    after: {
      state: 'completed',
      ja_aplicada: true,
      operacoes: [{ id, papel: 'criada' }],
      ...doLote(group),
    },
  });
  return true;
}

/** An operation a finished order created, realised, or left open with the rest of a partial sale. */
export interface OperacaoTocada {
  id: number;
  papel: 'criada' | 'realizada' | 'restante';
}

/** An operation a finished order writes (bought, or the unsold rest of a sale), audited with the order's lote. */
async function writeOperacao(
  tx: Tx,
  group: Group,
  values: Parameters<typeof insertOperacao>[1],
  username: string,
): Promise<number> {
  const created = await insertOperacao(tx, values);
  await audit(tx, {
    username,
    action: 'create',
    entity: 'operacao',
    entityId: created,
    after: { ...values, ...doLote(group) },
  });
  return created;
}

/** What filled, at what average price and cost (R$ to the cent), on which day. */
interface Execucao {
  filled: number;
  price: number;
  custos: string;
  today: string;
}

async function applyBuy(
  tx: Tx,
  group: Group,
  { filled, price, custos, today }: Execucao,
  username: string,
): Promise<OperacaoTocada[]> {
  const values = {
    cliente_id: group.cliente_id,
    acao_id: group.acao_id!,
    data_compra: today,
    preco_unitario: String(price),
    quantidade: filled,
    valor_alvo: group.tp,
    custos_compra: custos,
    origem: 'mt5' as const,
    order_group_id: group.id,
  };
  const created = await writeOperacao(tx, group, values, username);
  return [{ id: created, papel: 'criada' }];
}

/**
 * A sale realises the operation; a partial sale (issue 34) or a partly filled one realises what filled and leaves
 * the rest open, with its share of the purchase costs, the target and the stop, in the same transaction. Answers
 * the operations it touched, or why the fill cannot be applied as it was sent (the operation is gone, already
 * realised, or no longer holds the quantity sold): then nothing is written and a person must resolve it.
 */
async function applySell(
  tx: Tx,
  group: Group,
  legs: Leg[],
  { filled, price, custos, today }: Execucao,
  username: string,
): Promise<{ notApplied: string | null; operacoes: OperacaoTocada[] }> {
  const refused = (notApplied: string) => ({ notApplied, operacoes: [] });
  const op = group.operacao_id === null ? undefined : await lockOperacao(tx, group.operacao_id);
  if (!op) return refused('a operação vendida foi excluída');
  if (op.data_venda !== null) return refused('a operação já estava realizada');
  // A partial sale sends fewer shares than the operation holds (issue 34); edits wait for the sale to end, so the
  // book holding less than was sent means something outside the app changed it.
  const sent = legs.reduce((sum, l) => sum + l.volume, 0);
  if ((op.quantidade ?? 0) < sent) {
    return refused(`a venda era de ${sent} ações e a operação agora tem ${op.quantidade ?? 0}`);
  }
  const operacoes: OperacaoTocada[] = [{ id: op.id, papel: 'realizada' }];
  // The sale's costs are all the sold part's: the rest left open has sold nothing.
  const sale = {
    data_venda: today,
    preco_venda_unitario: String(price),
    custos_venda: custos,
    updated_at: new Date(),
  };
  const remaining = (op.quantidade ?? 0) - filled;
  // The purchase's costs follow the shares, to the cent; the remainder stays with the open part (issue 29).
  const [custosVendidos, custosRestantes] =
    remaining > 0 ? splitCustos(op.custos_compra, filled, op.quantidade!) : [op.custos_compra, '0'];
  if (remaining > 0) {
    const rest = {
      cliente_id: op.cliente_id,
      acao_id: op.acao_id,
      data_compra: op.data_compra,
      preco_unitario: op.preco_unitario,
      quantidade: remaining,
      valor_alvo: op.valor_alvo,
      valor_stop: op.valor_stop,
      custos_compra: custosRestantes,
      origem: op.origem,
    };
    const created = await writeOperacao(tx, group, rest, username);
    operacoes.push({ id: created, papel: 'restante' });
  }
  await updateOperacao(tx, op.id, {
    ...sale,
    quantidade: Math.min(filled, op.quantidade ?? filled),
    custos_compra: custosVendidos,
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
