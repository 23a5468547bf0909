/**
 * The income tax as the screens show it (issue 29): a client's IR tab (the year's months, a month's detail and
 * its DARF, loaded on demand), a month's situation badge, how a month is written, and the tab's address.
 */
export { IrAba } from './IrAba';
export {
  COR_SITUACAO,
  irSearch,
  isMes,
  mesAnterior,
  mesCurto,
  mesPorExtenso,
  plural,
  situacaoNome,
  type IrSearch,
} from './ir-state';
export { SituacaoBadge } from './SituacaoBadge';
