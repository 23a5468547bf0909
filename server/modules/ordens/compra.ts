import type {
  BuyValidationResult,
  CompraRequest,
  CompraValidarRequest,
  GroupIdResponse,
} from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { avisoCompraEmVoo, recusaEmVoo } from '../../../shared/compras-em-voo';
import { Decimal } from '../../../shared/decimal';
import { badRequest, conflict } from '../../lib/http-error';
import type { Health, Mt5AgentClient, SymbolInfo } from '../../lib/mt5-agent';
import { agentFor, agentUnavailable, loadCliente, symbolOrNull } from './agent';
import { fractionalSymbol, quantityForValue, splitLegs } from '../../../shared/legs';
import {
  confirmadas,
  emVooDe,
  guardaEmVoo,
  paraContrato,
  selectComprasEmVoo,
  type ChavesProprias,
  type CompraEmVooRow,
  type EmVoo,
} from './compras-em-voo';
import { checarPernasCompra, conferirPernasCompra, pernaRecusada } from './pernas-compra';
import { findAcaoPorTicker } from '../acoes';
import { findByKey, idempotencyOf, storeGroup } from './repository';
import { sendGroup } from './status';
import { referencePrice } from './validation';

// Kept where it always was for the modules that import it from here.
export { terminalProblem } from './pernas-compra';

const brl = (value: number) => `R$ ${new Decimal(value).toFixed(2).replace('.', ',')}`;

/**
 * Suggested legs for a buy and each leg's check against the client's terminal, with the client's buys of the
 * stock already in flight (a market one valued at the terminal's ask); nothing is stored.
 */
export async function validarCompra(
  db: Db,
  config: Config,
  clienteId: number,
  req: CompraValidarRequest,
): Promise<BuyValidationResult> {
  const agent = agentFor(config, await loadCliente(db, clienteId));
  const emVoo = (await selectComprasEmVoo(db, req.ticker, [clienteId])).get(clienteId) ?? [];
  try {
    const [health, base] = await Promise.all([agent.health(), symbolOrNull(agent, req.ticker)]);
    const compras = emVoo.map((r) => emVooDe(r, base && referencePrice('compra', base)));
    return {
      ...(await legsSugeridas(agent, req, health, base)),
      compras_em_voo: compras.map(paraContrato),
      aviso: avisoCompraEmVoo(req.ticker, compras),
    };
  } catch (err) {
    return agentUnavailable(err);
  }
}

/** The legs of the quantity asked (or the value's at the reference price), each checked by the terminal. */
async function legsSugeridas(
  agent: Mt5AgentClient,
  req: CompraValidarRequest,
  health: Health,
  base: SymbolInfo | null,
): Promise<Pick<BuyValidationResult, 'legs_sugeridas' | 'validacoes'>> {
  const recusa = (motivo: string) => ({
    legs_sugeridas: [],
    validacoes: [{ symbol: req.ticker, ok: false, motivo }],
  });
  if (!base) return recusa(`O símbolo ${req.ticker} não existe no terminal.`);
  const price = referencePrice('compra', base, req.preco);
  const quantity =
    req.modo === 'quantidade' ? req.quantidade! : quantityForValue(req.valor!, price);
  const legs = splitLegs(req.ticker, quantity);
  if (legs.length === 0) return recusa(`O valor não compra nenhuma ação a ${brl(price)}.`);
  const infos = await Promise.all(
    legs.map((leg) => (leg.symbol === base.name ? base : symbolOrNull(agent, leg.symbol))),
  );
  return { legs_sugeridas: legs, validacoes: checarPernasCompra(health, legs, infos, req) };
}

/**
 * Stores the buy group and its legs, before any order reaches the terminal, and answers its id. The legs the
 * operator may have edited are checked again; a leg that breaks a rule is a 400 and nothing is stored.
 * A retried submit with the same Idempotency-Key answers the first group.
 */
async function criarCompra(
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
  const allowed = new Set([req.ticker_base, fractionalSymbol(req.ticker_base)]);
  const symbols = req.legs.map((l) => l.symbol);
  if (symbols.some((s) => !allowed.has(s)) || new Set(symbols).size !== symbols.length) {
    throw badRequest(
      `As pernas devem ser ${req.ticker_base} e/ou ${fractionalSymbol(req.ticker_base)}, sem repetição.`,
    );
  }

  const agent = agentFor(config, cliente);
  let validacoes;
  try {
    validacoes = await conferirPernasCompra(agent, req.legs, req);
  } catch (err) {
    return agentUnavailable(err);
  }
  const recusada = pernaRecusada(validacoes);
  if (recusada) {
    throw badRequest(`Perna ${recusada.symbol}: ${recusada.motivo}`, {
      [`legs.${recusada.index}`]: recusada.motivo,
    });
  }
  // Another buy of the stock still in flight for the client: sent again only when the operator confirms (the
  // last question before storing, once nothing else is wrong with the order).
  const proprias = idem && { scope: idem.scope, keys: [idem.key] };
  const emVoo = await compraEmVoo(db, clienteId, req, proprias);

  return storeGroup(
    db,
    {
      cliente_id: clienteId,
      lado: 'compra',
      ticker_base: req.ticker_base,
      acao_id: acaoId,
      execucao: req.execucao,
      preco: req.preco === undefined ? null : String(req.preco),
      tp: String(req.tp),
    },
    req.legs,
    idem,
    username,
    {
      // One at a time per client: a buy racing this one with another key is seen here, under the client's lock.
      guard: req.confirmar_compra_em_voo
        ? undefined
        : (tx) =>
            guardaEmVoo(tx, req.ticker_base, [clienteId], proprias, (found) =>
              conflict(recusaEmVoo(req.ticker_base, found.get(clienteId)!)),
            ),
      confirmado: emVoo.length ? { compras_em_voo: confirmadas(emVoo) } : undefined,
    },
  );
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
  const { groupId, created } = await criarCompra(
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
