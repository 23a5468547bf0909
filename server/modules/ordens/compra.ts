import type {
  BuyValidationResult,
  CompraRequest,
  CompraValidarRequest,
  GroupIdResponse,
} from '../../../contract';
import { avisoCompraEmVoo, recusaEmVoo } from '../../../shared/compras-em-voo';
import { formatMoney } from '../../../shared/format';
import { legsProblem, quantityForValue } from '../../../shared/legs';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/http-error';
import { findAcaoPorTicker } from '../acoes';
import { agentFor, agentUnavailable, loadCliente } from './agent';
import {
  confirmadas,
  emVooDe,
  guardEmVoo,
  paraContrato,
  selectComprasEmVoo,
  type ChavesProprias,
  type CompraEmVooRow,
  type EmVoo,
} from './compras-em-voo';
import { planCompra } from './pipeline';
import { findByKey, idempotencyOf } from './repository';
import { sendGroup } from './status';
import { groupRow, storeGroups } from './store';
import { referencePrice } from './validation';

/**
 * Suggested legs for a buy and each leg's check against the client's terminal (the order pipeline's planCompra),
 * with the client's buys of the stock already in flight (a market one valued at the terminal's ask); nothing is
 * stored.
 */
export async function validateCompra(
  db: Db,
  config: Config,
  clienteId: number,
  req: CompraValidarRequest,
): Promise<BuyValidationResult> {
  const agent = agentFor(config, await loadCliente(db, clienteId));
  const emVoo = (await selectComprasEmVoo(db, req.ticker, [clienteId])).get(clienteId) ?? [];
  try {
    const plano = await planCompra(agent, {
      ticker: req.ticker,
      preco: req.preco,
      tp: req.tp,
      quantidade: {
        dimensionar: (preco) =>
          req.modo === 'quantidade' ? req.quantidade! : quantityForValue(req.valor!, preco),
      },
    });
    const compras = emVoo.map((r) =>
      emVooDe(r, plano.base && referencePrice('compra', plano.base)),
    );
    const sugestao =
      plano.base && plano.legs.length === 0
        ? {
            legs_sugeridas: [],
            validacoes: [
              {
                symbol: req.ticker,
                ok: false,
                motivo: `O valor não compra nenhuma ação a ${formatMoney(plano.precoReferencia)}.`,
              },
            ],
          }
        : { legs_sugeridas: plano.legs, validacoes: plano.validacoes };
    return {
      ...sugestao,
      compras_em_voo: compras.map(paraContrato),
      aviso: avisoCompraEmVoo(req.ticker, compras),
    };
  } catch (err) {
    return agentUnavailable(err);
  }
}

/**
 * Stores the buy group and its legs, before any order reaches the terminal, and answers its id. The legs the
 * operator may have edited are checked again by the same pipeline; a leg that breaks a rule is a 400 and nothing is
 * stored. A retried submit with the same Idempotency-Key answers the first group.
 */
async function createCompra(
  db: Db,
  config: Config,
  clienteId: number,
  req: CompraRequest,
  idempotencyKey: string | null,
  username: string,
): Promise<{ groupId: string; created: boolean }> {
  const idem = idempotencyOf(idempotencyKey, 'compra', req);
  const existing = await findByKey(db, clienteId, idem);
  if (existing) return { groupId: existing, created: false };

  const cliente = await loadCliente(db, clienteId);
  const acaoId = (await findAcaoPorTicker(db, req.ticker_base))?.id;
  if (acaoId === undefined)
    throw badRequest(`A ação ${req.ticker_base} não está cadastrada.`, {
      ticker_base: 'Ação não cadastrada.',
    });
  const fora = legsProblem(
    req.ticker_base,
    req.legs.map((l) => l.symbol),
  );
  if (fora) throw badRequest(fora);

  const agent = agentFor(config, cliente);
  let plano;
  try {
    plano = await planCompra(agent, {
      ticker: req.ticker_base,
      preco: req.preco,
      tp: req.tp,
      quantidade: { legs: req.legs },
    });
  } catch (err) {
    return agentUnavailable(err);
  }
  const { recusada } = plano;
  if (recusada) {
    throw badRequest(`Perna ${recusada.symbol}: ${recusada.motivo}`, {
      [`legs.${recusada.index}`]: recusada.motivo,
    });
  }
  // Another buy of the stock still in flight for the client: sent again only when the operator confirms (the
  // last question before storing, once nothing else is wrong with the order).
  const proprias = idem && { scope: idem.scope, keys: [idem.key] };
  const emVoo = await compraEmVoo(db, clienteId, req, proprias);

  const row = groupRow(
    {
      cliente_id: clienteId,
      lado: 'compra',
      ticker_base: req.ticker_base,
      acao_id: acaoId,
      execucao: req.execucao,
      preco: req.preco === undefined ? null : String(req.preco),
      tp: String(req.tp),
    },
    idem,
    username,
  );
  const stored = await storeGroups(db, {
    groups: [
      {
        row,
        legs: req.legs,
        confirmado: emVoo.length ? { compras_em_voo: confirmadas(emVoo) } : undefined,
      },
    ],
    username,
    // One at a time per client: a buy racing this one with another key is seen here, under the client's lock.
    guard: req.confirmar_compra_em_voo
      ? undefined
      : (tx) =>
          guardEmVoo(tx, req.ticker_base, [clienteId], proprias, (found) =>
            conflict(recusaEmVoo(req.ticker_base, found.get(clienteId)!)),
          ),
    raced: () => findByKey(db, clienteId, idem),
  });
  return stored.created
    ? { groupId: row.id, created: true }
    : { groupId: stored.id, created: false };
}

/** The client's buys of the stock in flight (not the request's own retry): a 409 unless the operator confirmed. */
async function compraEmVoo(
  db: Db,
  clienteId: number,
  req: CompraRequest,
  proprias: ChavesProprias | null,
): Promise<EmVoo[]> {
  const rows = await selectComprasEmVoo(db, req.ticker_base, [clienteId], proprias);
  const emVoo = (rows.get(clienteId) ?? []).map((r: CompraEmVooRow) => emVooDe(r, null));
  if (emVoo.length && !req.confirmar_compra_em_voo) {
    throw conflict(recusaEmVoo(req.ticker_base, emVoo));
  }
  return emVoo;
}

/** Stores the buy (or finds the retried one) and sends its legs; answers the group's id. */
export async function sendCompra(
  db: Db,
  config: Config,
  clienteId: number,
  req: CompraRequest,
  idempotencyKey: string | null,
  username: string,
): Promise<GroupIdResponse> {
  const { groupId, created } = await createCompra(
    db,
    config,
    clienteId,
    req,
    idempotencyKey,
    username,
  );
  if (created) await sendGroup(db, config, groupId, username);
  return { group_id: groupId };
}
