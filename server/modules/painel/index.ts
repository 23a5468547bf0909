/** The control panel: every open position with its quote, and each client's available value. */
export { painelRoutes } from './routes';
