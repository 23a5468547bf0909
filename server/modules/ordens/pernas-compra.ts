import type { ValidacaoLeg } from '../../../contract';
import type { LegPlan } from '../../../shared/legs';
import type { Health, Mt5AgentClient, SymbolInfo } from '../../lib/mt5-agent';
import { symbolOrNull } from './agent';
import { checkLegs } from './validation';

/**
 * The one check of a buy's legs against the client's terminal, whoever asks: the single buy's validar and create,
 * the lote's validar (per client) and create (per client). A lote once stored legs the single buy would have
 * refused (PETR4 150 on the round-lot market), which the terminal then rejected (issue 26, item 6).
 */

/** The terminal-wide reason every leg fails for, when the terminal cannot trade at all. */
export function terminalProblem(health: {
  connected: boolean;
  trade_allowed: boolean;
}): string | null {
  if (!health.connected) return 'Terminal desconectado da corretora.';
  if (!health.trade_allowed) return 'AutoTrading desativado no terminal.';
  return null;
}

/** The limit price (absent for market orders) and the target of the buy. */
export interface PrecosCompra {
  preco?: number | undefined;
  tp: number;
}

/**
 * Each leg ok or its first reason, in Portuguese: the terminal's own problem, else the symbol rules (lot size,
 * volume step and bounds, tick), the target above the price and the free margin (validation.ts's checkLegs).
 */
export function checarPernasCompra(
  health: Health,
  legs: readonly LegPlan[],
  infos: ReadonlyArray<SymbolInfo | null>,
  precos: PrecosCompra,
): ValidacaoLeg[] {
  if (legs.length === 0) return [];
  const problem = terminalProblem(health);
  if (problem) return legs.map((leg) => ({ symbol: leg.symbol, ok: false, motivo: problem }));
  return checkLegs({
    lado: 'compra',
    legs: [...legs],
    infos: [...infos],
    preco: precos.preco,
    tp: precos.tp,
    marginFree: health.account.margin_free,
  });
}

/** Asks the terminal what the check needs (its health and each leg's symbol, side by side) and checks the legs. */
export async function conferirPernasCompra(
  agent: Mt5AgentClient,
  legs: readonly LegPlan[],
  precos: PrecosCompra,
): Promise<ValidacaoLeg[]> {
  const [health, infos] = await Promise.all([
    agent.health(),
    Promise.all(legs.map((leg) => symbolOrNull(agent, leg.symbol))),
  ]);
  return checarPernasCompra(health, legs, infos, precos);
}

/** The first refused leg, with its position, or null when every leg passed. */
export function pernaRecusada(
  validacoes: readonly ValidacaoLeg[],
): { index: number; symbol: string; motivo: string } | null {
  const index = validacoes.findIndex((v) => !v.ok);
  if (index < 0) return null;
  const v = validacoes[index]!;
  return { index, symbol: v.symbol, motivo: v.motivo ?? 'inválida' };
}
