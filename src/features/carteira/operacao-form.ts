import type { Operacao, OperacaoInput } from '../../../contract';
import { isoFromBr } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';

/**
 * Nova Operação / Editar Operação, plain: the form's values and the body they become. Specification section 5: no
 * check of the form's own (an empty value is sent as null, no field is required); the server judges each field
 * and its message shows under it.
 */

export interface OperacaoFormValues {
  /** The stock's id as the select holds it; '' while none is chosen. */
  acao: string;
  /** dd/mm/aaaa as typed. */
  data_compra: string;
  /** Parsed as typed in pt-BR: empty (undefined, or null once emptied), NaN for a text that is not a number. */
  preco_unitario: number | null | undefined;
  quantidade: number | null | undefined;
  valor_alvo: number | null | undefined;
  /** The stop (issue 31): an alert when the quote reaches or falls below it; blank is none. */
  valor_stop: number | null | undefined;
  data_venda: string;
  preco_venda_unitario: number | null | undefined;
  /** Brokerage plus B3 fees in R$ (issue 29): blank is zero. */
  custos_compra: number | null | undefined;
  custos_venda: number | null | undefined;
}
type Campo = keyof OperacaoFormValues;
type Numerico =
  | 'preco_unitario'
  | 'quantidade'
  | 'valor_alvo'
  | 'valor_stop'
  | 'preco_venda_unitario'
  | 'custos_compra'
  | 'custos_venda';

/** What the server must judge: a value not read is sent as typed (or null when blank), and it says what is wrong. */
type Digitado<T> = { [K in keyof T]: T[K] | string | null };

/**
 * The form's values as the contract's body: numbers as numbers, dd/mm/aaaa dates as aaaa-mm-dd, blanks as null.
 * A number or a date the form could not read goes as typed (`digitado`, the field's text), for the server to
 * refuse with the field's message.
 */
export function paraCorpo(
  clienteId: number,
  v: OperacaoFormValues,
  digitado: (campo: Numerico) => string,
): Digitado<OperacaoInput> {
  const data = (text: string) => (text.trim() === '' ? null : (isoFromBr(text) ?? text.trim()));
  const numero = (campo: Numerico) => {
    const n = v[campo];
    return n === undefined || n === null ? null : Number.isNaN(n) ? digitado(campo).trim() : n;
  };
  return {
    cliente: clienteId,
    acao: v.acao === '' ? null : Number(v.acao),
    data_compra: data(v.data_compra),
    preco_unitario: numero('preco_unitario'),
    quantidade: numero('quantidade'),
    valor_alvo: numero('valor_alvo'),
    // Absent is no stop (the column's default); null clears one (emptied in Editar Operação).
    ...(v.valor_stop !== undefined && { valor_stop: numero('valor_stop') }),
    data_venda: data(v.data_venda),
    preco_venda_unitario: numero('preco_venda_unitario'),
    // No costs typed: none paid (the column's default), not an unknown value.
    custos_compra: numero('custos_compra') ?? 0,
    custos_venda: numero('custos_venda') ?? 0,
  };
}

export function valoresIniciais(op: Operacao | null): OperacaoFormValues {
  return {
    acao: op ? String(op.acao) : '',
    data_compra: op?.data_compra ? formatDate(op.data_compra) : '',
    preco_unitario: op?.preco_unitario ?? undefined,
    quantidade: op?.quantidade ?? undefined,
    valor_alvo: op?.valor_alvo ?? undefined,
    valor_stop: op?.valor_stop ?? undefined,
    data_venda: op?.data_venda ? formatDate(op.data_venda) : '',
    preco_venda_unitario: op?.preco_venda_unitario ?? undefined,
    custos_compra: op?.custos_compra ?? undefined,
    custos_venda: op?.custos_venda ?? undefined,
  };
}

export const CAMPOS_DA_OPERACAO = Object.keys(valoresIniciais(null)) as Campo[];
