/** The recommendations' grid (the specification's 22 columns, each ticker opening its chart). */
export { RecomendacoesTable, type RecomendacoesTableProps } from './RecomendacoesTable';
