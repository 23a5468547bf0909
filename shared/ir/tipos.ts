/**
 * The income-tax engine's input and output (docs/imposto-de-renda.md). Money is decimal text ('1234.56') both
 * ways: the output's is to the cent, half up, as the month closes; quantities are whole numbers.
 */

export const CLASSES = ['acao', 'unit', 'etf', 'fii', 'bdr'] as const;
export type Classe = (typeof CLASSES)[number];

/** One trade as it was made: quantity and price of its day (the engine applies the share events itself). */
export interface OperacaoIr {
  /** Whatever identifies it to the caller (the operation's id): named in errors and avisos. */
  id: string | number;
  /** 'AAAA-MM-DD': the trade date (not the settlement). */
  data: string;
  /** 'PETR4' or its fractional symbol 'PETR4F': one asset. */
  ticker: string;
  classe: Classe;
  lado: 'compra' | 'venda';
  /** Whole shares, > 0. */
  quantidade: number;
  /** R$ per share, ≥ 0, as traded. */
  preco: string;
  /** Brokerage, B3 fees and the like for this trade, R$ ≥ 0 (absent: 0). */
  custos?: string | null;
}

export const TIPOS_EVENTO_IR = ['desdobramento', 'grupamento', 'bonificacao'] as const;

/**
 * A share event, as the product stores it (contract/eventos.ts): `fator` is new shares per old share — 2 for a
 * 1:2 split, 0.1 for a 10:1 reverse split, 1.3 for a 30 % bonus. It reaches the client's position at the start
 * of `data_ex` (trades that day are already in post-event terms).
 */
export interface EventoIr {
  ticker: string;
  tipo: (typeof TIPOS_EVENTO_IR)[number];
  data_ex: string;
  fator: string;
  /** Bonus only: R$ per new share, as the company declares it (absent: 0, with an aviso). */
  custo_atribuido?: string | null;
}

/** What a client carries into a year, as their accountant states it (losses as positive amounts). */
export interface SaldoInicialIr {
  prejuizo_comum: string;
  prejuizo_day_trade: string;
  prejuizo_fii: string;
  irrf_a_compensar: string;
}

/** A cash event the client received: information only (the R$ 50,000.00 dividend withholding from 2026). */
export interface ProventoIr {
  /** The paying company: dividends are added up per company (the caller's key: name, CNPJ or ticker root). */
  empresa: string;
  tipo: 'dividendo' | 'jcp';
  /** 'AAAA-MM-DD': when paid or credited. */
  data_pagamento: string;
  valor_bruto: string;
}

export interface EntradaIr {
  operacoes: readonly OperacaoIr[];
  eventos?: readonly EventoIr[];
  /** Per year (2026 → …): replaces what the engine carried into that January. */
  saldosIniciais?: Readonly<Record<number, SaldoInicialIr>>;
  /** Stock sales made elsewhere, per month ('AAAA-MM' → R$): they count toward the R$ 20,000.00. */
  vendasExternas?: Readonly<Record<string, string>>;
  proventos?: readonly ProventoIr[];
}

export type TipoLinha = 'comum' | 'day_trade';
export type Situacao = 'sem_imposto' | 'abaixo_de_10' | 'a_pagar';
export type Bucket = 'comum' | 'day_trade' | 'fii';

export type CodigoAviso =
  | 'somente_carteira'
  | 'vendas_externas'
  | 'saldo_inicial'
  | 'venda_sem_posicao'
  | 'fracao_em_evento'
  | 'bonificacao_sem_custo'
  | 'dividendos_acima_de_50_mil'
  | 'irrf_na_declaracao_anual'
  | 'imposto_abaixo_de_10_no_fim_do_ano';

/** Something the advisor should know about a month, in Portuguese. */
export interface AvisoIr {
  codigo: CodigoAviso;
  mensagem: string;
}

/** One month as the year's report lists it (issue 29's GET /api/clientes/{id}/ir/). */
export interface MesIr {
  mes: string;
  /** acao-class sales in common operations, gross, plus the sales made elsewhere. */
  vendas_acoes: string;
  /** vendas_acoes ≤ R$ 20,000.00: the month's stock gains are exempt. */
  isento: boolean;
  resultado_comum: string;
  resultado_day_trade: string;
  resultado_fii: string;
  /** Tax of the three buckets, before withholding. */
  imposto: string;
  /** Withheld at the source this month (0.005 % and 1 %). */
  irrf: string;
  /** Withholding (this month's and carried) deducted from this month's tax. */
  irrf_compensado: string;
  /** What this month's DARF pays (0.00 when there is none). */
  darf_valor: string;
  darf_vencimento: string;
  situacao: Situacao;
  prejuizo_comum: string;
  prejuizo_day_trade: string;
  prejuizo_fii: string;
  irrf_a_compensar: string;
  avisos: AvisoIr[];
}

/** Sales of one asset in one bucket in the month. `custo` includes the sale's costs. */
export interface LinhaIr {
  ticker: string;
  classe: Classe;
  tipo: TipoLinha;
  quantidade: number;
  valor_venda: string;
  custo: string;
  resultado: string;
}

export interface PosicaoIr {
  ticker: string;
  classe: Classe;
  quantidade: number;
  /** 6 places, half up, from the exact average. */
  custo_medio: string;
  custo_total: string;
}

/** The carries between months. */
export interface SaldosIr {
  prejuizo_comum: string;
  prejuizo_day_trade: string;
  prejuizo_fii: string;
  irrf_a_compensar: string;
  /** Tax under R$ 10.00 waiting for a DARF, and the months it comes from. */
  imposto_pendente: string;
  meses_pendentes: string[];
}

/** One bucket's computation in the month. */
export interface ApuracaoBucket {
  /** Σ of the bucket's lines. */
  resultado: string;
  /** The exempt stock gain (comum only). */
  isento: string;
  prejuizo_compensado: string;
  base: string;
  aliquota: string;
  imposto: string;
  irrf: string;
  /** This month's own withholding deducted here. */
  irrf_compensado: string;
}

export interface MesIrDetalhado extends MesIr {
  vendas_externas: string;
  linhas: LinhaIr[];
  posicoes: PosicaoIr[];
  apuracao: Record<Bucket, ApuracaoBucket>;
  /** The withholding carried from earlier months of the year deducted this month. */
  irrf_anterior_compensado: string;
  /** The months this month's DARF pays (empty when it has none). */
  darf_meses: string[];
  /** imposto − irrf_compensado: this month's own tax to pay. */
  imposto_a_pagar: string;
  saldos_anteriores: SaldosIr;
  saldos_finais: SaldosIr;
}

export interface DarfIr {
  codigo_receita: '6015';
  /** The last day of the month. */
  periodo_apuracao: string;
  vencimento: string;
  valor_principal: string;
  /** The months it pays, oldest first: earlier months under R$ 10.00, then this one. */
  meses: string[];
}

export type DarfDoMes = { darf: DarfIr } | { motivo: 'sem_imposto' | 'abaixo_de_10' };

/** A year's report. */
export interface RelatorioAnualIr {
  ano: number;
  meses: MesIr[];
}
