import type { OrderStatus, RegraLote } from '../contract';
import { Decimal } from './decimal';
import { formatMoney } from './format';

/** A client's quantity in a lote, or why it is zero. */
export interface Dimensionamento {
  quantidade: number;
  motivo: string | null;
}

const nenhuma = (motivo: string): Dimensionamento => ({ quantidade: 0, motivo });
const SEM_PATRIMONIO = 'Sem patrimônio importado: valor disponível desconhecido.';
const SEM_VALOR = 'Sem valor disponível.';

/** Why a client has no money to buy with (no patrimony imported, or none left), or null when it has some. */
function semDinheiro(disponivel: Decimal.Value | null): string | null {
  if (disponivel === null) return SEM_PATRIMONIO;
  return new Decimal(disponivel).greaterThan(0) ? null : SEM_VALOR;
}

/**
 * How many shares a client buys in a lote (issue 16), decimal-exact: a percentage of its valor disponível, a fixed
 * amount in reais (never more than its valor disponível), or a fixed number of shares. Amounts become whole shares
 * at the reference price, rounded down, so that quantidade × preço never exceeds the amount: the % and fixed-value
 * rules never order more than the client's valor disponível.
 *
 * `disponivel` is the exact numeric text (or number) of server-design §4; null when the client has no patrimony.
 */
export function dimensionar(
  regra: RegraLote,
  valor: number,
  disponivel: Decimal.Value | null,
  preco: number,
): Dimensionamento {
  if (regra === 'quantidade_fixa') {
    return Number.isInteger(valor) && valor > 0
      ? { quantidade: valor, motivo: null }
      : nenhuma('Informe uma quantidade inteira maior que zero.');
  }
  if (!(preco > 0)) return nenhuma('Sem preço de referência para dimensionar a ordem.');
  if (disponivel === null) return nenhuma(SEM_PATRIMONIO);
  const livre = new Decimal(disponivel);
  if (!livre.greaterThan(0)) return nenhuma(SEM_VALOR);
  const montante =
    regra === 'percentual_disponivel'
      ? livre.times(valor).dividedBy(100)
      : Decimal.min(livre, new Decimal(valor));
  const quantidade = montante.dividedToIntegerBy(preco).toNumber();
  if (quantidade <= 0) {
    const reais = montante.toDecimalPlaces(2, Decimal.ROUND_DOWN).toNumber();
    return nenhuma(`${formatMoney(reais)} não compram nenhuma ação a ${formatMoney(preco)}.`);
  }
  return { quantidade, motivo: null };
}

/** What may leave a client out of a buy lote; each null when it does not. */
export interface MotivosDoCliente {
  /** Its terminal cannot trade, in the terminal's words. */
  terminal: string | null;
  /** It already holds the stock open: the contract's words (posicaoAberta), or null. */
  posicaoAberta: string | null;
  /** Its buys of the stock in flight (shared/compras-em-voo avisoLoteEmVoo). */
  aviso: string | null;
  /** Its valor disponível less its buys in flight (null: no patrimony imported). */
  disponivel: Decimal.Value | null;
  /** Why the lote's rule sizes it to nothing (dimensionar). */
  dimensionamento: string | null;
  /** Why its legs were refused. */
  pernas: string | null;
}

/**
 * The first reason the default selection of a buy lote leaves a client out, most fundamental first (issue 16), or
 * null when it is in. Without money the client is out whatever the lote's rule (a fixed quantity too).
 */
export function motivoDoCliente(m: MotivosDoCliente): string | null {
  return (
    m.terminal ??
    m.posicaoAberta ??
    m.aviso ??
    semDinheiro(m.disponivel) ??
    m.dimensionamento ??
    m.pernas
  );
}

/** quantidade × preço, to the cent (what the grid and the totals show). */
export function valorEstimado(quantidade: number, preco: number): number {
  return new Decimal(preco).times(quantidade).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}

/** Totals of many amounts, exactly (a sum of floats drifts by fractions of a cent over hundreds of rows). */
export function somaExata(valores: ReadonlyArray<number | null>): number {
  return valores
    .reduce<Decimal>((sum, v) => (v === null ? sum : sum.plus(v)), new Decimal(0))
    .toNumber();
}

/**
 * A lote's orders counted as its list and its audit show them: executed, ended with part filled, ended with nothing
 * filled, and still going.
 */
export function contarItens(
  itens: ReadonlyArray<Pick<OrderStatus, 'executed_all' | 'finished' | 'summary'>>,
) {
  const conta = (f: (i: (typeof itens)[number]) => boolean) => itens.filter(f).length;
  const parte = (i: (typeof itens)[number]) => i.summary.some((l) => l.volume_exec > 0);
  const falhou = (i: (typeof itens)[number]) => Boolean(i.finished) && !i.executed_all;
  return {
    executadas: conta((i) => i.executed_all),
    parciais: conta((i) => falhou(i) && parte(i)),
    falhas: conta((i) => falhou(i) && !parte(i)),
    em_andamento: conta((i) => !i.finished),
  };
}
