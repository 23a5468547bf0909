import type {
  BuyValidationResult,
  CompraRequest,
  CompraValidarRequest,
  GroupIdResponse,
} from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { Decimal } from '../../../shared/decimal';
import { badRequest } from '../../lib/http-error';
import { agentFor, agentUnavailable, loadCliente, symbolOrNull } from './agent';
import { fractionalSymbol, quantityForValue, splitLegs } from '../../../shared/legs';
import { findByKey, idempotencyOf, selectAcaoId, storeGroup } from './repository';
import { sendGroup } from './status';
import { checkLegs, referencePrice } from './validation';

const brl = (value: number) => `R$ ${new Decimal(value).toFixed(2).replace('.', ',')}`;

/** The terminal-wide reason every leg fails for, when the terminal cannot trade at all. */
export function terminalProblem(health: {
  connected: boolean;
  trade_allowed: boolean;
}): string | null {
  if (!health.connected) return 'Terminal desconectado da corretora.';
  if (!health.trade_allowed) return 'AutoTrading desativado no terminal.';
  return null;
}

/** Suggested legs for a buy and each leg's check against the client's terminal (nothing is stored). */
export async function validarCompra(
  db: Db,
  config: Config,
  clienteId: number,
  req: CompraValidarRequest,
): Promise<BuyValidationResult> {
  const agent = agentFor(config, await loadCliente(db, clienteId));
  try {
    const [health, base] = await Promise.all([agent.health(), symbolOrNull(agent, req.ticker)]);
    if (!base) {
      return {
        legs_sugeridas: [],
        validacoes: [
          {
            symbol: req.ticker,
            ok: false,
            motivo: `O símbolo ${req.ticker} não existe no terminal.`,
          },
        ],
      };
    }
    const price = referencePrice('compra', base, req.preco);
    const quantity =
      req.modo === 'quantidade' ? req.quantidade! : quantityForValue(req.valor!, price);
    const legs = splitLegs(req.ticker, quantity);
    if (legs.length === 0) {
      return {
        legs_sugeridas: [],
        validacoes: [
          {
            symbol: req.ticker,
            ok: false,
            motivo: `O valor não compra nenhuma ação a ${brl(price)}.`,
          },
        ],
      };
    }
    const infos = await Promise.all(
      legs.map((leg) => (leg.symbol === base.name ? base : symbolOrNull(agent, leg.symbol))),
    );
    const problem = terminalProblem(health);
    const validacoes = problem
      ? legs.map((leg) => ({ symbol: leg.symbol, ok: false, motivo: problem }))
      : checkLegs({
          lado: 'compra',
          legs,
          infos,
          preco: req.preco,
          tp: req.tp,
          marginFree: health.account.margin_free,
        });
    return { legs_sugeridas: legs, validacoes };
  } catch (err) {
    return agentUnavailable(err);
  }
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
  const acaoId = await selectAcaoId(db, req.ticker_base);
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
    const health = await agent.health();
    const infos = await Promise.all(req.legs.map((leg) => symbolOrNull(agent, leg.symbol)));
    const problem = terminalProblem(health);
    validacoes = problem
      ? req.legs.map((leg) => ({ symbol: leg.symbol, ok: false, motivo: problem }))
      : checkLegs({
          lado: 'compra',
          legs: req.legs,
          infos,
          preco: req.preco,
          tp: req.tp,
          marginFree: health.account.margin_free,
        });
  } catch (err) {
    return agentUnavailable(err);
  }
  const invalid = validacoes.findIndex((v) => !v.ok);
  if (invalid >= 0) {
    const v = validacoes[invalid]!;
    throw badRequest(`Perna ${v.symbol}: ${v.motivo ?? 'inválida'}`, {
      [`legs.${invalid}`]: v.motivo ?? 'inválida',
    });
  }

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
  );
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
  if (created) await sendGroup(db, config, groupId, clienteId, username);
  return { group_id: groupId };
}
