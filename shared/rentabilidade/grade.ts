import { Decimal as BaseDecimal } from '../decimal';
import type { MesRentabilidade } from './tipos';

/**
 * The classic Brazilian grid of monthly returns: a row per year with Jan–Dez, Ano (the year's months chained) and
 * Acumulado (every month from the first one chained), for the portfolio, the CDI, the % do CDI and the Ibovespa.
 * Built from `meses`; a month outside the period is null. The chains are exact decimals (40 digits).
 */

const Decimal = BaseDecimal.clone({ precision: 40 });

export interface LinhaGrade {
  /** Jan (0) to Dez (11). */
  meses: Array<number | null>;
  ano: number | null;
  acumulado: number | null;
}

export interface AnoGrade {
  ano: number;
  carteira: LinhaGrade;
  cdi: LinhaGrade;
  percentual_cdi: LinhaGrade;
  ibov: LinhaGrade;
}

/** A chained growth, null once any of its parts is unknown. */
type Fator = BaseDecimal | null;

const times = (a: Fator, r: number | null): Fator =>
  a === null || r === null ? null : a.times(new Decimal(r).plus(1));
const minusOne = (a: Fator) => (a === null ? null : a.minus(1).toNumber());
const over = (a: Fator, b: Fator) =>
  a === null || b === null || b.equals(1) ? null : a.minus(1).dividedBy(b.minus(1)).toNumber();

const emptyLine = (): LinhaGrade => ({
  meses: new Array<number | null>(12).fill(null),
  ano: null,
  acumulado: null,
});

/** The grid, years in order, from the period's months (as `measureRentabilidade` gives them). */
export function buildGrade(meses: readonly MesRentabilidade[]): AnoGrade[] {
  const anos: AnoGrade[] = [];
  const acumulado = {
    carteira: new Decimal(1) as Fator,
    cdi: new Decimal(1) as Fator,
    ibov: new Decimal(1) as Fator,
  };
  let atual: (AnoGrade & { fator: { carteira: Fator; cdi: Fator; ibov: Fator } }) | null = null;
  const close = () => {
    if (!atual) return;
    const { fator, ...linha } = atual;
    linha.carteira.ano = minusOne(fator.carteira);
    linha.cdi.ano = minusOne(fator.cdi);
    linha.ibov.ano = minusOne(fator.ibov);
    linha.percentual_cdi.ano = over(fator.carteira, fator.cdi);
    linha.carteira.acumulado = minusOne(acumulado.carteira);
    linha.cdi.acumulado = minusOne(acumulado.cdi);
    linha.ibov.acumulado = minusOne(acumulado.ibov);
    linha.percentual_cdi.acumulado = over(acumulado.carteira, acumulado.cdi);
    anos.push(linha);
  };
  for (const m of meses) {
    const ano = Number(m.mes.slice(0, 4));
    const indice = Number(m.mes.slice(5, 7)) - 1;
    if (!atual || atual.ano !== ano) {
      close();
      atual = {
        ano,
        carteira: emptyLine(),
        cdi: emptyLine(),
        percentual_cdi: emptyLine(),
        ibov: emptyLine(),
        fator: { carteira: new Decimal(1), cdi: new Decimal(1), ibov: new Decimal(1) },
      };
    }
    atual.carteira.meses[indice] = m.retorno;
    atual.cdi.meses[indice] = m.cdi;
    atual.percentual_cdi.meses[indice] = m.percentual_cdi;
    atual.ibov.meses[indice] = m.ibov;
    atual.fator.carteira = times(atual.fator.carteira, m.retorno);
    atual.fator.cdi = times(atual.fator.cdi, m.cdi);
    atual.fator.ibov = times(atual.fator.ibov, m.ibov);
    acumulado.carteira = times(acumulado.carteira, m.retorno);
    acumulado.cdi = times(acumulado.cdi, m.cdi);
    acumulado.ibov = times(acumulado.ibov, m.ibov);
  }
  close();
  return anos;
}
