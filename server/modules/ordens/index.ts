/** MT5 orders: the single buy and sale, their status and sync with the terminal, the order history. */
export { ordensRoutes } from './routes';
export { ordensJobs } from './reconciler';
export { agentUnavailable, resolveAgent, symbolOrNull } from './agent';
export {
  confirmadas,
  descontar,
  emVooDe,
  emVooPorCliente,
  guardaEmVoo,
  paraContrato,
  selectComprasEmVoo,
  type ChavesProprias,
  type CompraEmVooRow,
  type EmVoo,
} from './compras-em-voo';
export {
  checarPernasCompra,
  conferirPernasCompra,
  pernaRecusada,
  terminalProblem,
} from './pernas-compra';
export { agentAddress, idempotencyOf, type Group, type Idempotency, type Leg } from './repository';
export { answerFor, cancelGroup, orderStatus } from './status';
export { referencePrice } from './validation';
export { acimaDoTerminal } from './venda';
