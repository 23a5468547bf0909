/** The clients, their MT5 terminals' addresses and tokens, and each terminal's status. */
export { clientesRoutes } from './routes';
export { clienteExists } from './repository';
export { StatusMonitor, clientesJobs } from './status-monitor';
