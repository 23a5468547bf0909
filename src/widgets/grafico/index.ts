/**
 * A stock's price chart: the ticker that opens it, the dialog that shows it, and the marks each screen hands it (a
 * portfolio's operation, a control panel's position, a recommendation).
 */
export { GraficoDialog } from './GraficoDialog';
export { TickerGrafico } from './TickerGrafico';
export {
  graficoDaOperacao,
  graficoDaPosicao,
  graficoDaRecomendacao,
  type Grafico,
  type PosicaoGrafico,
} from './grafico';
