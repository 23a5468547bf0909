/** The spreadsheet import (patrimônio and custódia). */
export { importacaoRoutes, type ImportacaoOptions } from './routes';
