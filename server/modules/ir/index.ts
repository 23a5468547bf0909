/**
 * The monthly income tax on a client's trades (issue 29): the data it needs beyond the book (a year's opening
 * carries, stock sales made elsewhere) and the reports computed from the book by shared/ir (a client's year, a
 * month in detail, its DARF, the book's month).
 */
export { irRoutes } from './routes';
export { selectSaldosIniciais, selectVendasExternas } from './repository';
export { getMesIr } from './relatorios';
