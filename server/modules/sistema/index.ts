/** Liveness and readiness. */
export { sistemaRoutes } from './routes';
