/** The book against the terminal and the custody sheet, per client and for all. */
export { conciliacaoRoutes } from './routes';
