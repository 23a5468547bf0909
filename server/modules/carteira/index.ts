/**
 * A client's portfolio: its summary and the proventos it received; and the portfolio figures (server-design §4)
 * the operations' answers, the control panel and the lotes read.
 */
export { carteiraRoutes } from './routes';
export {
  getOperacao,
  listOperacoesJson,
  patrimonioDisponivel,
  posicoesAbertasJson,
  tickersPosicionados,
  valoresDisponiveis,
} from './figures';
