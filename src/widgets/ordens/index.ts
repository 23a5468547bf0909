/**
 * An order as every screen shows it: its state's words and colours, its lote's link, the aviso of an order in
 * doubt with Cancelar ordem and Resolver, and the warning of a buy of the stock already in flight.
 */
export { CompraEmVooAviso } from './CompraEmVooAviso';
export {
  EXECUCAO,
  ESTADO_ORDEM,
  ESTADO_PERNA,
  LADO,
  emAndamento,
  resumoPerna,
  retornoPerna,
} from './labels';
export { HistoricoOrdens } from './HistoricoOrdens';
export { LoteLink } from './LoteLink';
export { AvisoOrdem, OrdemAcoes, ResolverOrdemDialog } from './OrdemAcoes';
export { AvisosDeOrdens, fimDaOrdem } from './AvisoOrdemTerminada';
