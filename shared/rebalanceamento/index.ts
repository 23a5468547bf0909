/** Model portfolios and rebalancing many clients at once, lot-aware and tax-aware (issue 33): the pure planner. */
export type * from './tipos';
export { planRebalance, planRebalances } from './plano';
export { resizeBuys, VALOR_MINIMO_PADRAO, type OpcoesRedimensionamento } from './compras';
export { drift, isOutsideBand } from './desvios';
export { LIMITE_ISENCAO } from './isencao';
export { heatMap, type CelulaMapa, type LinhaMapa, type MapaDesvios } from './mapa';
export { isTicker, validateModelo, type ModeloEntrada } from './modelo';
