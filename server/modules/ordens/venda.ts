import type { GroupIdResponse, VendaRequest } from '../../../contract';
import { splitLegs } from '../../../shared/legs';
import { quantidadeDaVenda } from '../../../shared/venda-parcial';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { lockOperacao } from '../operacoes';
import { agentFor, agentUnavailable, loadCliente } from './agent';
import { acimaDoTerminal, planVenda } from './pipeline';
import { findByKey, idempotencyOf, selectOperacaoDoCliente, sellInFlight } from './repository';
import { sendGroup } from './status';
import { groupRow, storeGroups } from './store';

const IN_FLIGHT = 'Já existe uma venda em andamento para esta operação.';

/**
 * Stores a sell group for the quantity asked, else the operation's whole (round lot + fractional legs), before anything reaches the
 * terminal, once the order pipeline's planVenda has checked it: the terminal trades, holds what the book sells
 * (else a 409 unless confirmed) and takes each leg. One sale in flight per operation (409); a retried submit
 * answers the first group.
 */
async function createVenda(
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
  const pedida = quantidadeDaVenda(op.quantidade, req.quantidade);
  if ('erro' in pedida) throw badRequest(pedida.erro);
  const { quantidade } = pedida;
  if (await sellInFlight(db, op.id)) throw conflict(IN_FLIGHT);

  const legs = splitLegs(op.ticker, quantidade);
  const agent = agentFor(config, cliente);
  let plano;
  try {
    plano = await planVenda(agent, { ticker: op.ticker, preco: req.preco, vendas: [legs] });
  } catch (err) {
    return agentUnavailable(err);
  }
  if (plano.problema) throw badRequest(plano.problema);
  const { noTerminal } = plano;
  if (quantidade > noTerminal && !req.confirmar_acima_do_terminal) {
    throw conflict(acimaDoTerminal(op.ticker, quantidade, noTerminal));
  }
  if (plano.recusada) {
    throw badRequest(`Perna ${plano.recusada.symbol}: ${plano.recusada.motivo}`);
  }

  const row = groupRow(
    {
      cliente_id: clienteId,
      lado: 'venda',
      ticker_base: op.ticker,
      acao_id: op.acao_id,
      execucao: req.execucao,
      preco: req.preco === undefined ? null : String(req.preco),
      operacao_id: op.id,
    },
    idem,
    username,
  );
  const stored = await storeGroups(db, {
    groups: [
      {
        row,
        legs,
        confirmado:
          quantidade > noTerminal
            ? { acima_do_terminal: { quantidade, terminal: noTerminal } }
            : undefined,
      },
    ],
    username,
    // Under the operation's row lock, which an edit or a deletion takes too: what is sold is what the book holds.
    guard: async (tx) => {
      const now = await lockOperacao(tx, op.id);
      if (!now) throw notFound('Operação não encontrada.');
      if (now.data_venda !== null) throw conflict('Esta operação já foi vendida.');
      if (now.quantidade !== op.quantidade) {
        throw conflict('A operação mudou enquanto a venda era preparada: confira e envie de novo.');
      }
    },
    raced: () => findByKey(db, clienteId, idem),
    // The partial unique index on sells in flight lost a race with another submit.
    onConflict: async () => {
      if (await sellInFlight(db, op.id)) throw conflict(IN_FLIGHT);
    },
  });
  return stored.created
    ? { groupId: row.id, created: true }
    : { groupId: stored.id, created: false };
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
  const { groupId, created } = await createVenda(
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
