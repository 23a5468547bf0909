/** A client's operations (bought, sold), written by hand or by a finished MT5 order. */
export { operacoesRoutes } from './routes';
