import type { CompraValidarRequest, Leg, ValidacaoLeg } from '../../../../contract';

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

export const sameLegs = (a: Leg[], b: Leg[]) =>
  a.length === b.length &&
  a.every((leg, i) => leg.symbol === b[i]!.symbol && leg.quantidade === b[i]!.quantidade);
