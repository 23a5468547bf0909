import { screen, within } from '@testing-library/react';
import type { Recomendacao } from '../../../../contract';

/** The specification's 22 columns, in its order, with the field each shows. */
export const COLUNAS: Array<[label: string, key: keyof Recomendacao]> = [
  ['Ticker', 'ticker'],
  ['Empresa', 'empresa'],
  ['Setor', 'setor'],
  ['Data', 'data'],
  ['Preço compra', 'preco_compra'],
  ['Alvo sugerido', 'alvo_sugerido'],
  ['% Estimado', 'percentual_estimado'],
  ['Probabilidade', 'probabilidade'],
  ['Vezes alvo 1m', 'vezes_atingiu_alvo_1m'],
  ['Cruza médias', 'cruza_medias'],
  ['OBV', 'obv_cres'],
  ['Volume', 'vol_acima_media'],
  ['WMA602', 'wma602'],
  ['MIN', 'MIN'],
  ['MAX', 'MAX'],
  ['AMPLITUDE', 'AMPLITUDE'],
  ['AMP A×F', 'AMP_AxF'],
  ['AMP MX×MN', 'AMP_MXxMN'],
  ['A×F', 'A_x_F'],
  ['ALVO', 'ALVO'],
  ['ALTA', 'ALTA'],
  ['BAIXA', 'BAIXA'],
];

export const grid = () => screen.getByRole('table', { name: 'Recomendações' });

export const headerLabels = () =>
  within(grid())
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim());

/** The tickers of the body rows, top to bottom. */
export const tickers = () =>
  within(grid())
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('td')?.textContent);

/** The fixture's tickers sorted by one field, ties in the server's order (TanStack sorts stably). */
export function expectedOrder(
  rows: Recomendacao[],
  key: keyof Recomendacao,
  desc = false,
): string[] {
  const sign = desc ? -1 : 1;
  const value = (r: Recomendacao) => {
    const v = r[key];
    return typeof v === 'string' ? v.toLowerCase() : Number(v);
  };
  return [...rows]
    .sort((a, b) => sign * (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0))
    .map((r) => r.ticker);
}
