import { Decimal } from '../../../shared/decimal';

/**
 * The adjusted price series: the one place that turns stored bars into one continuous series in today's terms
 * (docs/decisions/0007-eventos-corporativos.md). Pure; the readers (recommendations, history charts, the quote
 * fallback) load the bars and the share events in force and call it.
 *
 * A share event with data_ex D and factor f (new shares per old share) divides every price before D by f and
 * multiplies its volume by f. A stored bar records how far its source had already gone: COTAHIST bars are prices
 * as traded (`ajustado_ate` null), Yahoo's and the bundled history's were adjusted for every event up to the
 * session they were fetched with (`ajustado_ate`). So a bar is divided only by the events after both its session
 * and its `ajustado_ate`, and a series mixing raw and already-adjusted bars comes out continuous, never adjusted
 * twice.
 */

/** A share event in force (desdobramento, grupamento, bonificação). */
export interface EventoDeAcoes {
  data_ex: string;
  /** New shares per old share, as exact decimal text: 2 (1:2 split), 0.1 (10:1 reverse split), 1.1 (10 % bonus). */
  fator: string;
}

/** A bar as stored: prices as exact decimal text. */
export interface BarraArmazenada {
  data: string;
  abertura: string;
  maxima: string;
  minima: string;
  fechamento: string;
  volume: number;
  ajustado_ate: string | null;
}

/** A bar of the adjusted series: prices to 4 places (as stored), volume in whole shares. */
export interface BarraAjustada {
  data: string;
  abertura: string;
  maxima: string;
  minima: string;
  fechamento: string;
  volume: number;
}

/** The date up to which a bar is already in later terms: its own session, or later when its source adjusted it. */
export const referencia = (data: string, ajustadoAte: string | null): string =>
  ajustadoAte !== null && ajustadoAte > data ? ajustadoAte : data;

/** The product of the factors of the events still to apply to a bar whose reference date is `ref` (1: none). */
export function fatorPendente(ref: string, eventos: readonly EventoDeAcoes[]): Decimal {
  let fator = new Decimal(1);
  for (const e of eventos) if (e.data_ex > ref) fator = fator.times(e.fator);
  return fator;
}

/** One price divided by a factor, to the 4 places prices are stored with (half up). */
export const adjustPreco = (valor: string, fator: Decimal) =>
  fator.eq(1)
    ? new Decimal(valor).toFixed(4)
    : new Decimal(valor).dividedBy(fator).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);

/** One bar divided by a factor (prices to 4 places, half up; volume to the nearest share). */
export function adjustBarra(barra: BarraArmazenada, fator: Decimal): BarraAjustada {
  return {
    data: barra.data,
    abertura: adjustPreco(barra.abertura, fator),
    maxima: adjustPreco(barra.maxima, fator),
    minima: adjustPreco(barra.minima, fator),
    fechamento: adjustPreco(barra.fechamento, fator),
    volume: fator.eq(1)
      ? barra.volume
      : new Decimal(barra.volume).times(fator).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber(),
  };
}

/** A stock's bars in today's terms, given the share events in force for it (any order). */
export function adjustSerie(
  barras: readonly BarraArmazenada[],
  eventos: readonly EventoDeAcoes[],
): BarraAjustada[] {
  return barras.map((b) =>
    adjustBarra(b, fatorPendente(referencia(b.data, b.ajustado_ate), eventos)),
  );
}
