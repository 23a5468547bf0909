import type { Decimal } from '../decimal';
import type { LegPlan } from '../legs';

/**
 * The rebalancing planner's shapes (issue 33). Money and prices come in as exact values (numeric text from the
 * database, or JSON numbers) and are computed with decimal.js; the plan goes out in the validar item's JSON shape
 * (money to the cent, weights in percent).
 */

/** The asset classes of the income-tax rules (issue 29): only `acao` counts toward the R$ 20,000 exemption. */
export type ClasseAtivo = 'acao' | 'unit' | 'etf' | 'fii' | 'bdr';

export type ModoRebalanceamento = 'completo' | 'faixas' | 'so_compra' | 'so_venda';

export type TipoFaixa = 'absoluta' | 'relativa';

export interface ItemModelo {
  ticker: string;
  /** Percent of the client's total (V). */
  peso: Decimal.Value;
}

export interface Faixa {
  tipo: TipoFaixa;
  /** In the drift's own unit: points for `absoluta`, a fraction of the target for `relativa` (0.2 = 20 %). */
  valor: Decimal.Value;
}

export interface Modelo {
  itens: readonly ItemModelo[];
  /** Percent of V kept as cash. */
  caixa_alvo: Decimal.Value;
  faixa: Faixa;
}

/** One stock the client holds (round lot and fractional summed under the base ticker). */
export interface Posicao {
  ticker: string;
  quantidade: number;
  /** The current quote. */
  preco: Decimal.Value;
  classe: ClasseAtivo;
  /** What the reconciliation lets be sold: the book and the terminal agree on it. Never sold beyond. */
  vendavel: number;
}

/** Everything the planner needs of one client; the plumbing reads it from the database and the terminals. */
export interface ClienteRebalanceamento {
  cliente: string;
  nome: string;
  /** The client's valor disponível; null when unknown (no patrimony imported). */
  caixa: Decimal.Value | null;
  posicoes: readonly Posicao[];
  /** Quotes of the model's tickers the client does not hold (a held ticker's quote is its `preco`). */
  precos: Readonly<Record<string, Decimal.Value>>;
  /** The model the client follows; null when none. */
  modelo: Modelo | null;
  /** The client's MT5 terminal answered its status. */
  mt5Online: boolean;
  /** Tickers (base or fractional symbol) with an order of this client still in flight. */
  ordensEmVoo: readonly string[];
  /** An order or operation of this client whose outcome the terminal has not told yet. */
  resultadoDesconhecido: boolean;
  /** This month's common sales of `acao`-class stocks already made, in the book and elsewhere (R$). */
  vendasAcoesMes: Decimal.Value;
}

/** The validar request's options. */
export interface OpcoesRebalanceamento {
  modo: ModoRebalanceamento;
  /** R$; a trade worth less is dropped. Default 100. */
  valor_minimo?: Decimal.Value;
  /** Keep the month's stock sales within the R$ 20,000 exemption. Default true. */
  respeitar_isencao?: boolean;
}

export type Lado = 'compra' | 'venda';

export interface OrdemPlano {
  ticker: string;
  lado: Lado;
  quantidade: number;
  legs: LegPlan[];
}

export interface DesvioPlano {
  ticker: string;
  /** Current weight, percent of V. */
  atual: number;
  /** Target weight, percent of V (0 for a held ticker outside the model). */
  alvo: number;
  /**
   * `absoluta`: atual − alvo (points); `relativa`: atual / alvo − 1 (a fraction). Null for `relativa` on a held
   * ticker outside the model (target 0: no finite ratio; such a holding is always outside the band).
   */
  desvio: number | null;
}

/** One client's plan: the validar item of issue 33. */
export interface ItemPlano {
  cliente: string;
  nome: string;
  /** V = Σ quantity × price + valor disponível; null when it cannot be known. */
  valor_total: number | null;
  desvios: DesvioPlano[];
  ordens: OrdemPlano[];
  /** Cash once every planned order filled at the quotes planned; null when unknown. */
  caixa_depois: number | null;
  excluido: boolean;
  motivo: string | null;
  avisos: string[];
}
