import { Decimal } from '../decimal';
import { baseSymbol } from '../legs';
import type {
  ClasseAtivo,
  ClienteRebalanceamento,
  DesvioPlano,
  Faixa,
  Modelo,
  TipoFaixa,
} from './tipos';

/** One ticker of a client's plan: the model's and the held ones alike. */
export interface Linha {
  ticker: string;
  /** Null for a model ticker the client does not hold (it is never sold, so its class does not matter). */
  classe: ClasseAtivo | null;
  quantidade: number;
  vendavel: number;
  preco: Decimal;
  /** Current value (R$) and target value (R$). */
  atual: Decimal;
  alvo: Decimal;
  /** Current and target weights, percent of V. */
  pesoAtual: Decimal;
  pesoAlvo: Decimal;
  /** In the model's band unit; null: `relativa` with target 0 (held outside the model). */
  desvio: Decimal | null;
}

export interface Situacao {
  /** V = Σ quantity × price + cash. */
  total: Decimal;
  caixa: Decimal;
  /** The cash the model keeps: caixa_alvo % of V. */
  caixaAlvo: Decimal;
  /** The model's tickers in its order, then the held ones outside it by ticker. */
  linhas: Linha[];
}

const CEM = new Decimal(100);

/**
 * The drift of a weight from its target (issue 33): `absoluta` in points (atual − alvo), `relativa` as a fraction
 * (atual / alvo − 1). With a target of 0 a relative drift has no value: null when something is held (always
 * outside any band), 0 when nothing is.
 */
export function drift(pesoAtual: Decimal, pesoAlvo: Decimal, tipo: TipoFaixa): Decimal | null {
  if (tipo === 'absoluta') return pesoAtual.minus(pesoAlvo);
  if (pesoAlvo.isZero()) return pesoAtual.isZero() ? new Decimal(0) : null;
  return pesoAtual.dividedBy(pesoAlvo).minus(1);
}

/** Outside the band: |drift| strictly above the band's value (on its edge is inside); a null drift always is. */
export function isOutsideBand(desvio: Decimal | null, faixa: Faixa): boolean {
  return desvio === null || desvio.abs().greaterThan(faixa.valor);
}

/** Most overweight first: a null drift (held outside the model, `relativa`) ranks above every number. */
export function compareOverweight(a: Linha, b: Linha): number {
  if (a.desvio === null || b.desvio === null) {
    if (a.desvio === b.desvio) return a.ticker.localeCompare(b.ticker);
    return a.desvio === null ? -1 : 1;
  }
  return b.desvio.comparedTo(a.desvio) || a.ticker.localeCompare(b.ticker);
}

interface Detida {
  quantidade: number;
  vendavel: number;
  preco: Decimal.Value;
  classe: ClasseAtivo;
}

/** Holdings per base ticker: a PETR4F row joins PETR4's (one stock), empty ones left out. */
function holdingsOf(cliente: ClienteRebalanceamento): Map<string, Detida> {
  const detidas = new Map<string, Detida>();
  for (const p of cliente.posicoes) {
    if (!(p.quantidade > 0)) continue;
    const ticker = baseSymbol(p.ticker);
    const antes = detidas.get(ticker);
    if (antes) {
      antes.quantidade += p.quantidade;
      antes.vendavel += p.vendavel;
    } else {
      detidas.set(ticker, { ...p });
    }
  }
  return detidas;
}

const positivo = (value: Decimal.Value | undefined): Decimal | null => {
  if (value === undefined || value === null || value === '') return null;
  const d = new Decimal(value);
  return d.isFinite() && d.greaterThan(0) ? d : null;
};

interface Pesos {
  /** Ticker → weight in percent, and that weight as a fraction (peso / 100, exact). */
  percentual: Map<string, Decimal>;
  fracao: Map<string, Decimal>;
  caixa: Decimal;
}

// A rebalance plans every client against the same model object: its decimals are parsed once, not per client
// (a model object is read as it was the first time: the plumbing builds a new one when a model changes).
const pesosCache = new WeakMap<Modelo, Pesos>();

function pesosOf(modelo: Modelo): Pesos {
  let pesos = pesosCache.get(modelo);
  if (!pesos) {
    const percentual = new Map(modelo.itens.map((i) => [i.ticker, new Decimal(i.peso)]));
    const fracao = new Map([...percentual].map(([t, p]) => [t, p.dividedBy(CEM)]));
    pesos = { percentual, fracao, caixa: new Decimal(modelo.caixa_alvo).dividedBy(CEM) };
    pesosCache.set(modelo, pesos);
  }
  return pesos;
}

const ZERO = new Decimal(0);

/**
 * A client's V, weights and drifts against a model, exactly; or the ticker without a usable quote. Linear in
 * the client's tickers.
 */
export function measure(
  cliente: ClienteRebalanceamento & { caixa: Decimal.Value },
  modelo: Modelo,
): Situacao | { semCotacao: string } {
  const detidas = holdingsOf(cliente);
  const pesos = pesosOf(modelo);
  const fora = [...detidas.keys()].filter((t) => !pesos.percentual.has(t)).sort();
  const tickers = [...pesos.percentual.keys(), ...fora];
  const caixa = new Decimal(cliente.caixa);
  const precos = new Map<string, Decimal>();
  let total = caixa;
  for (const ticker of tickers) {
    const detida = detidas.get(ticker);
    const preco = positivo(detida ? detida.preco : cliente.precos[ticker]);
    if (preco === null) return { semCotacao: ticker };
    precos.set(ticker, preco);
    if (detida) total = total.plus(preco.times(detida.quantidade));
  }
  const linhas = tickers.map((ticker): Linha => {
    const detida = detidas.get(ticker);
    const preco = precos.get(ticker)!;
    const quantidade = detida?.quantidade ?? 0;
    const atual = preco.times(quantidade);
    const pesoAlvo = pesos.percentual.get(ticker) ?? ZERO;
    const pesoAtual = total.greaterThan(0) ? atual.times(CEM).dividedBy(total) : ZERO;
    return {
      ticker,
      classe: detida?.classe ?? null,
      quantidade,
      vendavel: Math.max(0, Math.min(detida?.vendavel ?? 0, quantidade)),
      preco,
      atual,
      alvo: total.times(pesos.fracao.get(ticker) ?? ZERO),
      pesoAtual,
      pesoAlvo,
      desvio: drift(pesoAtual, pesoAlvo, modelo.faixa.tipo),
    };
  });
  return { total, caixa, caixaAlvo: total.times(pesos.caixa), linhas };
}

/** Percent to 4 places; a relative drift (a fraction) to 6: both to a ten-thousandth of a percent. */
const PERCENTUAL = 4;
const FRACAO = 6;

// `|| 0`: a tiny negative drift rounds to -0, which the screen would show as '-0,0000'.
const round = (value: Decimal, places: number) =>
  Number(value.toFixed(places, Decimal.ROUND_HALF_UP)) || 0;

/** The validar item's `desvios`, rounded for the wire (every decision is taken on the exact values). */
export function desviosOf(situacao: Situacao, tipo: TipoFaixa): DesvioPlano[] {
  return situacao.linhas.map((l) => ({
    ticker: l.ticker,
    atual: round(l.pesoAtual, PERCENTUAL),
    alvo: round(l.pesoAlvo, PERCENTUAL),
    desvio: l.desvio === null ? null : round(l.desvio, tipo === 'absoluta' ? PERCENTUAL : FRACAO),
  }));
}
