/**
 * MT5 orders: the single buy and sale, the one order pipeline every order is planned by (planCompra, planVenda) and
 * stored by (storeGroups), their sync with the terminal and status, the order history; and the reconciler job.
 */
export { ordensRoutes } from './routes';
export { ordensJobs } from './reconciler';
export { resolveAgent } from './agent';
export {
  confirmadas,
  deductEmVoo,
  emVooDe,
  emVooPorCliente,
  guardEmVoo,
  paraContrato,
  selectComprasEmVoo,
  type ChavesProprias,
  type CompraEmVooRow,
  type EmVoo,
} from './compras-em-voo';
export {
  acimaDoTerminal,
  planCompra,
  planVenda,
  type PernaRecusada,
  type PlanoCompra,
  type PlanoVenda,
} from './pipeline';
export { agentAddress, idempotencyOf, type Group, type Idempotency, type Leg } from './repository';
export { answerFor, cancelGroup, orderStatus } from './status';
export { groupRow, storeGroups, type GroupPlan, type GroupRow, type LoteRow } from './store';
export { referencePrice } from './validation';
