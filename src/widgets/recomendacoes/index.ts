/**
 * The recommendations: the panel of the control panel's tab and of /recomendacoes (Atualizar, the server's
 * answer, the grid), and its grid (the specification's 22 columns, each ticker opening its chart).
 */
export { RecomendacoesPainel } from './RecomendacoesPainel';
export { RecomendacoesTable, type RecomendacoesTableProps } from './RecomendacoesTable';
