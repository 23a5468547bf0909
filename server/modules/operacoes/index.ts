/** A client's operations (bought, sold), written by hand or by a finished MT5 order. */
export { operacoesRoutes } from './routes';
export { insertOperacao, lockOperacao, type OperacaoRow } from './repository';
