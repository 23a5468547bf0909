/** The audit log on screen (issue 32): the entries every module writes with lib/audit, read page by page. */
export { auditoriaRoutes } from './routes';
