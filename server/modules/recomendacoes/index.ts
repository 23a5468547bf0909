/** The recommendations: the engine over the price history, stored per day, and the Yahoo history refresh. */
export { recomendacoesRoutes } from './routes';
export { recompute } from './service';
