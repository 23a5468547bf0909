import type { Valor } from './fixo';

/**
 * The performance engine's inputs and outputs (docs/rentabilidade.md). Inputs are exact decimal text (what
 * `numeric` columns give) or JS numbers; outputs are the wire's JSON numbers: money in reais to the cent, returns
 * and rates as fractions (0.0123 is 1.23 %).
 */

/** The period: its sessions in order and the session before the first (whose close is the starting value). */
export interface Periodo {
  /** Exchange sessions of the period, yyyy-mm-dd, strictly ascending (may be empty). */
  sessoes: readonly string[];
  /** The session before the first one. The opening holdings are valued at its close. */
  anterior: string;
}

/** A trade: a buy adds quantity and costs money (B), a sale removes quantity and brings money (S). */
export interface Negocio {
  ticker: string;
  /** Trade date. A date that is not a session counts in the next session. */
  data: string;
  lado: 'compra' | 'venda';
  quantidade: Valor;
  preco: Valor;
  /** Brokerage, fees and taxes of the trade (added to a buy, taken from a sale). */
  custos?: Valor;
}

/**
 * A change of quantity that moves no money: a split, reverse split or bonus (dated at its data_ex, counted before
 * that session's close), or any correction the caller needs. Only needed when quantities and closes are raw.
 */
export interface Ajuste {
  ticker: string;
  data: string;
  variacao: Valor;
}

/** A cash event the engine pays from the holdings: value per share, less the withholding (JCP: '0.15'). */
export interface ProventoPorAcao {
  ticker: string;
  /** First session without the right: paid for the shares held at the close of the session before it. */
  data_ex: string;
  valor_por_acao: Valor;
  aliquota_ir?: Valor;
}

/** A cash event already computed by the caller (e.g. the product's stored proventos, net). */
export interface ProventoLiquido {
  ticker: string;
  data_ex: string;
  valor_liquido: Valor;
}

export type Provento = ProventoPorAcao | ProventoLiquido;

/**
 * One client's history. It may be the whole history: what is dated up to `anterior` only makes the opening
 * holdings, what is after the last session is left out.
 */
export interface Carteira {
  negocios: Iterable<Negocio>;
  ajustes?: Iterable<Ajuste>;
  proventos?: Iterable<Provento>;
}

/** A ticker's sector and class, for the allocation (null: not classified). */
export interface Classificacao {
  setor: string | null;
  classe: string | null;
}

export interface SessaoRentabilidade {
  data: string;
  patrimonio: number;
  compras: number;
  vendas: number;
  proventos: number;
  retorno_dia: number;
  acumulado: number;
  cdi_acumulado: number | null;
  ibov_acumulado: number | null;
}

export interface MesRentabilidade {
  /** yyyy-mm */
  mes: string;
  retorno: number;
  cdi: number | null;
  ibov: number | null;
  percentual_cdi: number | null;
}

export interface PeriodoRentabilidade {
  retorno: number;
  retorno_mwr: number | null;
  cdi: number | null;
  ibov: number | null;
  percentual_cdi: number | null;
  volatilidade: number | null;
  /** The deepest fall of the wealth index from a previous peak, as a fraction ≤ 0. */
  max_drawdown: number;
}

export interface ContribuicaoTicker {
  ticker: string;
  /** R$: V_end − V_start − B + S + D of the ticker over the period. */
  resultado: number;
  /** Its part of the period's time-weighted return; the tickers' parts sum to `periodo.retorno`. */
  pontos: number;
}

export interface AlocacaoSetor {
  setor: string | null;
  valor: number;
  peso: number;
}

export interface AlocacaoClasse {
  classe: string | null;
  valor: number;
  peso: number;
}

export interface Rentabilidade {
  serie: SessaoRentabilidade[];
  meses: MesRentabilidade[];
  periodo: PeriodoRentabilidade;
  contribuicao: ContribuicaoTicker[];
  alocacao: { setores: AlocacaoSetor[]; classes: AlocacaoClasse[] };
}
