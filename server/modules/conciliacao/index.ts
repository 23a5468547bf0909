/** The book against the terminal and the custody sheet, per client and for all. */
export { conciliacaoRoutes } from './routes';
/** The book against each terminal for these clients (issue 33: what a rebalance may sell, and who is online). */
export { reconcile as conciliarClientes } from './service';
