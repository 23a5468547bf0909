/**
 * A terminal's MT5 status, worded and coloured once (specification section 4): the client list's dot with its
 * tooltip, the lote grid's badge, and the words for an export or a text.
 */
export { CHECKING, statusLabel, statusView, type StatusView } from './status';
export { StatusBadge } from './StatusBadge';
export { StatusDot } from './StatusDot';
