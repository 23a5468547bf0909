/**
 * The "boleta em lote" (docs/decisions/0008-lotes.md): one buy sized for many clients, or one sale of many
 * operations, each group an ordinary order of the ordens module once stored.
 */
export { lotesRoutes } from './routes';
export { createLotesServices, lotesJobs, type LotesServices } from './services';
export {
  ESCOPO_COMPRA,
  ESCOPO_VENDA,
  type CompraLiberada,
  type LotesEncadeados,
  type LotesEncadeadosIds,
  type VendaEncadeada,
} from './encadeados';
