/** The stock universe and each stock's price history. */
export { acoesRoutes } from './routes';
export { acaoExists, findAcaoPorTicker } from './repository';
