import type { GroupIdResponse, VendaRequest } from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { agentFor, agentUnavailable, loadCliente, symbolOrNull } from './agent';
import { positionsByBase, splitLegs } from '../../../shared/legs';
import {
  findByKey,
  idempotencyOf,
  selectOperacaoDoCliente,
  sellInFlight,
  storeGroup,
} from './repository';
import { lockOperacao } from '../operacoes';
import { sendGroup } from './status';
import { checkLegs } from './validation';

/**
 * Selling more than the terminal holds is how a book that drifted from the account (a manual edit, a fill done
 * elsewhere, a missed corporate event) turns into a short sale: refused unless the operator confirms.
 */
export function acimaDoTerminal(ticker: string, quantidade: number, noTerminal: number): string {
  return (
    `A venda é de ${quantidade} ações de ${ticker}, mas o terminal do cliente tem ${noTerminal}. ` +
    'Confira a posição (Conciliação); para vender assim mesmo, confirme a venda acima da posição do terminal.'
  );
}

const IN_FLIGHT = 'Já existe uma venda em andamento para esta operação.';

/**
 * Stores a sell group for the operation's whole quantity (round lot + fractional legs) before anything
 * reaches the terminal. One sale in flight per operation (409); a retried submit answers the first group.
 */
async function criarVenda(
  db: Db,
  config: Config,
  clienteId: number,
  operacaoId: number,
  req: VendaRequest,
  idempotencyKey: string | null,
  username: string,
): Promise<{ groupId: string; created: boolean }> {
  const idem = idempotencyOf(idempotencyKey, 'venda', { operacao: operacaoId, ...req });
  const existing = await findByKey(db, clienteId, idem);
  if (existing) return { groupId: existing, created: false };

  const cliente = await loadCliente(db, clienteId);
  const op = await selectOperacaoDoCliente(db, clienteId, operacaoId);
  if (!op) throw notFound('Operação não encontrada.');
  if (op.data_venda !== null) throw conflict('Esta operação já foi vendida.');
  if (!op.quantidade || op.quantidade <= 0)
    throw badRequest('A operação não tem quantidade para vender.');
  if (await sellInFlight(db, op.id)) throw conflict(IN_FLIGHT);

  const legs = splitLegs(op.ticker, op.quantidade);
  const agent = agentFor(config, cliente);
  let validacoes;
  let noTerminal: number;
  try {
    const health = await agent.health();
    if (!health.connected) throw badRequest('Terminal desconectado da corretora.');
    if (!health.trade_allowed) throw badRequest('AutoTrading desativado no terminal.');
    const [infos, positions] = await Promise.all([
      Promise.all(legs.map((leg) => symbolOrNull(agent, leg.symbol))),
      agent.positions(),
    ]);
    noTerminal = positionsByBase(positions).get(op.ticker) ?? 0;
    if (op.quantidade > noTerminal && !req.confirmar_acima_do_terminal) {
      throw conflict(acimaDoTerminal(op.ticker, op.quantidade, noTerminal));
    }
    validacoes = checkLegs({ lado: 'venda', legs, infos, preco: req.preco });
  } catch (err) {
    if (err instanceof Error && 'statusCode' in err) throw err;
    return agentUnavailable(err);
  }
  const invalid = validacoes.find((v) => !v.ok);
  if (invalid) throw badRequest(`Perna ${invalid.symbol}: ${invalid.motivo ?? 'inválida'}`);

  return storeGroup(
    db,
    {
      cliente_id: clienteId,
      lado: 'venda',
      ticker_base: op.ticker,
      acao_id: op.acao_id,
      execucao: req.execucao,
      preco: req.preco === undefined ? null : String(req.preco),
      operacao_id: op.id,
    },
    legs,
    idem,
    username,
    {
      // Under the operation's row lock, which an edit or a deletion takes too: what is sold is what the book holds.
      guard: async (tx) => {
        const now = await lockOperacao(tx, op.id);
        if (!now) throw notFound('Operação não encontrada.');
        if (now.data_venda !== null) throw conflict('Esta operação já foi vendida.');
        if (now.quantidade !== op.quantidade) {
          throw conflict(
            'A operação mudou enquanto a venda era preparada: confira e envie de novo.',
          );
        }
      },
      // The partial unique index on sells in flight lost a race with another submit.
      onConflict: async () => {
        if (await sellInFlight(db, op.id)) throw conflict(IN_FLIGHT);
      },
      confirmado:
        op.quantidade > noTerminal
          ? { acima_do_terminal: { quantidade: op.quantidade, terminal: noTerminal } }
          : undefined,
    },
  );
}

/** Stores the sale (or finds the retried one) and sends its legs; answers the group's id. */
export async function sendVenda(
  db: Db,
  config: Config,
  clienteId: number,
  operacaoId: number,
  req: VendaRequest,
  idempotencyKey: string | null,
  username: string,
): Promise<GroupIdResponse> {
  const { groupId, created } = await criarVenda(
    db,
    config,
    clienteId,
    operacaoId,
    req,
    idempotencyKey,
    username,
  );
  if (created) await sendGroup(db, config, groupId, username);
  return { group_id: groupId };
}
