/**
 * Each client's return and the book's, against the CDI and the Ibovespa (issue 30): the endpoints, the benchmarks'
 * daily refreshes, and what the demo's seed stores.
 */
export { rentabilidadeRoutes } from './routes';
export { rentabilidadeJobs } from './job';
export { writeCdi } from './atualizacao';
export { rentabilidadeCliente, type RentabilidadeDeps } from './service';
