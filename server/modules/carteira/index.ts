/** A client's portfolio: its summary and the proventos it received. */
export { carteiraRoutes } from './routes';
