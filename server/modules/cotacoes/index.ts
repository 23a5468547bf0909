/** The current quotes. */
export { cotacoesRoutes } from './routes';
