/**
 * The monthly income tax on a client's trades (issue 29): the data it needs beyond the book (a year's opening
 * carries, stock sales made elsewhere). The reports join this module.
 */
export { irRoutes } from './routes';
export { selectSaldosIniciais, selectVendasExternas } from './repository';
