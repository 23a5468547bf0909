import type { ValidacaoLeg } from '../../../contract';
import { fractionalSymbol, positionsByBase, splitLegs, type LegPlan } from '../../../shared/legs';
import {
  simboloInexistente,
  terminalProblem,
  type Health,
  type Mt5AgentClient,
  type SymbolInfo,
} from '../../lib/mt5-agent';
import { symbolOrNull } from './agent';
import { checkLegs, referencePrice } from './validation';

/**
 * The one order pipeline (docs/decisions/0002-mt5-orders.md): symbol → price → legs → terminal checks → over-sell,
 * asked of one client's terminal in one round trip. The single buy and sale and both lote paths plan each client's
 * order here, validar and create alike; what they answer with a plan (a 400, a 409, a line of the lote's grid) is
 * theirs. Nothing is stored here.
 */

/** The first refused leg, with its position among the legs. */
export interface PernaRecusada {
  index: number;
  symbol: string;
  motivo: string;
}

/** The first refused leg, or null when every leg passed. */
export function pernaRecusada(validacoes: readonly ValidacaoLeg[]): PernaRecusada | null {
  const index = validacoes.findIndex((v) => !v.ok);
  if (index < 0) return null;
  const v = validacoes[index]!;
  return { index, symbol: v.symbol, motivo: v.motivo ?? 'inválida' };
}

/** How a buy's quantity is given: its legs (create), or from the reference price and the stock's symbol (validar). */
export type QuantidadeCompra =
  | { legs: readonly LegPlan[] }
  | { dimensionar: (precoReferencia: number, base: SymbolInfo) => number };

export interface CompraInput {
  ticker: string;
  /** The limit price; absent for a market order. */
  preco?: number | undefined;
  tp: number;
  quantidade: QuantidadeCompra;
  /**
   * When sizing: ask the fractional symbol in the first round trip, before the quantity says it is needed (a lote:
   * one round trip per client within its share of the timeout), rather than after, only when a leg needs it.
   */
  prefetchFractional?: boolean;
}

export interface PlanoCompra {
  health: Health;
  /** The stock's round-lot symbol as the terminal has it; null when it has none (then nothing else was checked). */
  base: SymbolInfo | null;
  /** The price the checks used: the limit price, else the ask; null without the stock's symbol. */
  precoReferencia: number | null;
  legs: LegPlan[];
  /** Each leg ok or its first reason; the stock's own symbol refused when the terminal does not have it. */
  validacoes: ValidacaoLeg[];
  /** The terminal-wide reason no leg can trade (every leg is refused with it), or null. */
  problema: string | null;
  recusada: PernaRecusada | null;
}

/**
 * A buy of one client: the terminal's health and the symbols asked side by side (the stock's round lot and
 * fractional symbols when sizing, the legs' own when given), the reference price, the legs, and each leg checked
 * (lot size, volume step and bounds, tick, target above the price, free margin) unless the terminal cannot trade.
 */
export async function planCompra(agent: Mt5AgentClient, req: CompraInput): Promise<PlanoCompra> {
  const given = 'legs' in req.quantidade ? [...req.quantidade.legs] : null;
  const symbols = given
    ? given.map((l) => l.symbol)
    : [req.ticker, ...(req.prefetchFractional ? [fractionalSymbol(req.ticker)] : [])];
  const [health, info] = await Promise.all([agent.health(), askSymbols(agent, symbols)]);
  const base = info.get(req.ticker) ?? null;
  const problema = terminalProblem(health);
  if (!given && !base) {
    const validacoes = [{ symbol: req.ticker, ok: false, motivo: simboloInexistente(req.ticker) }];
    const none = { legs: [], precoReferencia: null, problema };
    return { health, base, ...none, validacoes, recusada: pernaRecusada(validacoes) };
  }
  const precoReferencia = base && referencePrice('compra', base, req.preco);
  const legs =
    given ??
    ('dimensionar' in req.quantidade
      ? splitLegs(req.ticker, req.quantidade.dimensionar(precoReferencia!, base!))
      : []);
  // The symbols the quantity turned out to need and the first round trip did not ask (the fractional one).
  const rest = legs.map((l) => l.symbol).filter((s) => !info.has(s));
  for (const [s, i] of await askSymbols(agent, rest)) info.set(s, i);
  const validacoes = checkPernas(health, problema, legs, (s) => info.get(s) ?? null, req);
  return {
    health,
    base,
    precoReferencia,
    legs,
    validacoes,
    problema,
    recusada: pernaRecusada(validacoes),
  };
}

/** Each symbol's info (null: the terminal has none), asked side by side, each once. */
async function askSymbols(
  agent: Mt5AgentClient,
  symbols: readonly string[],
): Promise<Map<string, SymbolInfo | null>> {
  const unique = [...new Set(symbols)];
  const infos = await Promise.all(unique.map((s) => symbolOrNull(agent, s)));
  return new Map(unique.map((s, i) => [s, infos[i] ?? null]));
}

function checkPernas(
  health: Health,
  problema: string | null,
  legs: LegPlan[],
  info: (symbol: string) => SymbolInfo | null,
  req: Pick<CompraInput, 'preco' | 'tp'>,
): ValidacaoLeg[] {
  if (legs.length === 0) return [];
  if (problema) return legs.map((leg) => ({ symbol: leg.symbol, ok: false, motivo: problema }));
  return checkLegs({
    lado: 'compra',
    legs,
    infos: legs.map((leg) => info(leg.symbol)),
    preco: req.preco,
    tp: req.tp,
    marginFree: health.account.margin_free,
  });
}

export interface VendaInput {
  ticker: string;
  /** The limit price; absent for a market order. */
  preco?: number | undefined;
  /** Each operation sold, by its legs (one client's, all of the same stock). */
  vendas: ReadonlyArray<readonly LegPlan[]>;
}

export interface PlanoVenda {
  health: Health;
  /** The terminal-wide reason nothing can trade; then nothing else was checked. */
  problema: string | null;
  /** What the sales sell, together. */
  vendendo: number;
  /** The stock's shares the terminal holds (round lot and fractional together). */
  noTerminal: number;
  /** Each sale's legs checked, in the order given. */
  validacoes: ValidacaoLeg[][];
  /** The first refused leg, with the sale it belongs to. */
  recusada: (PernaRecusada & { venda: number }) | null;
}

/**
 * The sales of one client's operations of a stock: the terminal must trade, and hold at least what they sell (else
 * the caller asks the operator to confirm: a short sale otherwise), and each leg is checked against its symbol.
 * Health, positions and symbols are asked side by side; a terminal that cannot trade answers with its problem alone.
 */
export async function planVenda(agent: Mt5AgentClient, req: VendaInput): Promise<PlanoVenda> {
  const symbols = [...new Set(req.vendas.flatMap((legs) => legs.map((l) => l.symbol)))];
  const rest = Promise.all([
    Promise.all(symbols.map((s) => symbolOrNull(agent, s))),
    agent.positions(),
  ]);
  // Its failure matters only when the terminal can trade: no unhandled rejection otherwise.
  rest.catch(() => undefined);
  const health = await agent.health();
  const vendendo = req.vendas.flat().reduce((sum, leg) => sum + leg.quantidade, 0);
  const problema = terminalProblem(health);
  if (problema) {
    return { health, problema, vendendo, noTerminal: 0, validacoes: [], recusada: null };
  }
  const [infos, positions] = await rest;
  const info = new Map(symbols.map((s, i) => [s, infos[i] ?? null]));
  const validacoes = req.vendas.map((legs) =>
    checkLegs({
      lado: 'venda',
      legs: [...legs],
      infos: legs.map((l) => info.get(l.symbol) ?? null),
      preco: req.preco,
    }),
  );
  const venda = validacoes.findIndex((v) => pernaRecusada(v) !== null);
  return {
    health,
    problema,
    vendendo,
    noTerminal: positionsByBase(positions).get(req.ticker) ?? 0,
    validacoes,
    recusada: venda < 0 ? null : { ...pernaRecusada(validacoes[venda]!)!, venda },
  };
}

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
