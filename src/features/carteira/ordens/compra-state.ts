import type {
  BuyValidationResult,
  CompraRequest,
  CompraValidarRequest,
  Leg,
  RecomendacaoDisponivel,
  ValidacaoLeg,
} from '../../../../contract';
import { quantityForValue } from '../../../../shared/legs';
import { totalEstimado } from './estimativa';

/**
 * The buy dialog's state (pure): what it holds besides the form's fields (the picked recommendation, the legs
 * Validar suggested and the operator edited, the checks, the confirmation of a buy already in flight), how each
 * action changes it, and what follows from it and the fields (may Enviar send, the estimate, the request).
 */

/** What the buy dialog's form holds, field by field, while it is typed. */
export type Valores = Partial<CompraValidarRequest>;

/** The targets of B3 orders sit on the 0.01 tick. */
export const toTick = (value: number) => Math.round(value * 100) / 100;

/**
 * What Validar sends: the limit price only for limite, and the quantity or the value as the entry mode says
 * (specification section 5), never both.
 */
export function pedidoDeValidacao(v: Valores): Valores {
  return {
    ticker: v.ticker?.trim().toUpperCase(),
    modo: v.modo,
    execucao: v.execucao,
    tp: v.tp,
    ...(v.execucao === 'limite' ? { preco: v.preco } : {}),
    ...(v.modo === 'valor' ? { valor: v.valor } : { quantidade: v.quantidade }),
  };
}

/** The suggested legs and their checks, what Validar warned of, and the order they were asked for. */
export interface Validacao {
  pedido: string;
  legs: Leg[];
  validacoes: ValidacaoLeg[];
  /** A buy of the stock already in flight for the client: Enviar waits for the operator's confirmation. */
  aviso: string | null;
}

export interface CompraState {
  picked: RecomendacaoDisponivel | null;
  /** The legs as the operator left them (Validar's, with edited quantities). */
  legs: Leg[];
  validacao: Validacao | null;
  /** Another buy of the stock is in flight for the client: sent only once the operator confirms. */
  confirmaEmVoo: boolean;
}

export const compraInicial: CompraState = {
  picked: null,
  legs: [],
  validacao: null,
  confirmaEmVoo: false,
};

export type CompraAction =
  | { type: 'picked'; rec: RecomendacaoDisponivel }
  | { type: 'validated'; pedido: Valores; result: BuyValidationResult }
  | { type: 'legEdited'; index: number; quantidade: number }
  | { type: 'confirmed'; confirmado: boolean };

export function compraReducer(state: CompraState, action: CompraAction): CompraState {
  switch (action.type) {
    // Another stock: what was validated is of no use.
    case 'picked':
      return { ...compraInicial, picked: action.rec };
    case 'validated':
      return {
        ...state,
        legs: action.result.legs_sugeridas,
        validacao: {
          pedido: JSON.stringify(action.pedido),
          legs: action.result.legs_sugeridas,
          validacoes: action.result.validacoes,
          aviso: action.result.aviso,
        },
        confirmaEmVoo: false,
      };
    case 'legEdited':
      return {
        ...state,
        legs: state.legs.map((leg, i) =>
          i === action.index ? { ...leg, quantidade: action.quantidade } : leg,
        ),
      };
    case 'confirmed':
      return { ...state, confirmaEmVoo: action.confirmado };
  }
}

export const sameLegs = (a: Leg[], b: Leg[]) =>
  a.length === b.length &&
  a.every((leg, i) => leg.symbol === b[i]!.symbol && leg.quantidade === b[i]!.quantidade);

/** The legs' shares together: the order's quantity (NaN while a leg's field is empty). */
export const somaDasPernas = (legs: readonly Leg[]) =>
  legs.reduce((sum, leg) => sum + leg.quantidade, 0);

export interface SituacaoCompra {
  /** Nothing changed since Validar (no field, no leg): what Enviar would send was checked. */
  atual: boolean;
  /** Validar warned of a buy of the stock in flight, and that is still what is on screen. */
  emVoo: boolean;
  /** Every leg passed, and a buy in flight was confirmed. */
  podeEnviar: boolean;
  /** Something changed since Validar: it must run again. */
  mustValidateAgain: boolean;
  /** Checks of a stock Validar found no legs for (its reason, or 'inválido'). */
  semPernas: ValidacaoLeg[];
}

/** Enviar sends what was validated: any change since (a field, a leg) asks for Validar again. */
export function situacaoDaCompra(state: CompraState, values: Valores): SituacaoCompra {
  const { validacao, legs } = state;
  const atual =
    validacao !== null &&
    validacao.pedido === JSON.stringify(pedidoDeValidacao(values)) &&
    sameLegs(legs, validacao.legs);
  const todasValidas =
    atual &&
    legs.length > 0 &&
    legs.every((leg) => validacao.validacoes.find((v) => v.symbol === leg.symbol)?.ok === true);
  const emVoo = atual && validacao.aviso !== null;
  return {
    atual,
    emVoo,
    podeEnviar: todasValidas && (!emVoo || state.confirmaEmVoo),
    mustValidateAgain: validacao !== null && !atual,
    semPernas: legs.length === 0 && validacao ? validacao.validacoes.filter((v) => !v.ok) : [],
  };
}

export interface EstimativaCompra {
  preco: number | undefined;
  quantidade: number | undefined;
  /** Quantity × price to the cent; null while either is unknown. */
  total: number | null;
}

/**
 * The buy's estimate: at the limit price, else today's quote (or the picked recommendation's price until the
 * quote arrives); of the legs' shares once there are legs, else of the quantity or the value typed.
 */
export function estimativaDaCompra(
  state: CompraState,
  values: Valores,
  cotacao: number | undefined,
): EstimativaCompra {
  const ticker = values.ticker?.trim().toUpperCase() ?? '';
  const preco =
    values.execucao === 'limite'
      ? values.preco
      : (cotacao ?? (state.picked?.ticker === ticker ? state.picked.preco_compra : undefined));
  const quantidade =
    state.legs.length > 0
      ? somaDasPernas(state.legs)
      : values.modo === 'valor'
        ? quantityForValue(values.valor ?? 0, preco ?? 0) || undefined
        : values.quantidade;
  return { preco, quantidade, total: totalEstimado(quantidade, preco) };
}

/** The order Enviar sends: the validated legs (those left with shares), and the confirmation when given. */
export function compraBody(
  values: CompraValidarRequest,
  state: CompraState,
  situacao: SituacaoCompra,
): CompraRequest {
  return {
    ticker_base: values.ticker,
    execucao: values.execucao,
    tp: values.tp,
    ...(values.execucao === 'limite' ? { preco: values.preco } : {}),
    legs: state.legs.filter((leg) => leg.quantidade > 0),
    ...(situacao.emVoo && state.confirmaEmVoo ? { confirmar_compra_em_voo: true } : {}),
  };
}
