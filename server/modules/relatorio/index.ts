/**
 * A client's monthly report as a PDF (issue 30), made from the returns' and the income tax's modules and the
 * month's trades and proventos.
 */
export { relatorioRoutes } from './routes';
