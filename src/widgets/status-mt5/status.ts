import type { ClienteStatus, Mt5StatusValue } from '../../../contract';

/** Specification section 4: the MT5 status values, their labels, the dot's colour and the badge's palette. */
const STATUS: Record<Mt5StatusValue, { label: string; color: string; palette: string }> = {
  online: { label: 'Online', color: 'green.500', palette: 'green' },
  warning: { label: 'Atenção', color: 'orange.400', palette: 'orange' },
  offline: { label: 'Offline', color: 'red.500', palette: 'red' },
  error: { label: 'Erro', color: 'red.500', palette: 'red' },
  timeout: { label: 'Timeout', color: 'red.500', palette: 'red' },
  missing_ip: { label: 'Sem IP', color: 'gray.400', palette: 'gray' },
};
const UNKNOWN = { label: 'Status desconhecido', color: 'gray.400', palette: 'gray' };
export const CHECKING = 'Verificando MT5...';

const known = (status: string) =>
  Object.hasOwn(STATUS, status) ? STATUS[status as Mt5StatusValue] : undefined;

/** A status in words ('Online', 'Sem IP'); undefined for a value the specification does not list. */
export const statusLabel = (status: string): string | undefined => known(status)?.label;

/** The badge's palette of a status. */
export const statusPalette = (status: string): string => (known(status) ?? UNKNOWN).palette;

export interface StatusView {
  color: string;
  /** The tooltip: the status label, then the detail and the ping when there are any. */
  text: string;
}

/** A client's measured status as its dot shows it; not yet measured: grey, 'Verificando MT5...'. */
export function statusView(status: ClienteStatus | undefined): StatusView {
  if (!status) return { color: 'gray.300', text: CHECKING };
  const view = known(status.status) ?? UNKNOWN;
  const parts = [view.label];
  if (status.detail) parts.push(status.detail);
  if (status.ping !== null && status.ping !== undefined) parts.push(`ping ${status.ping} ms`);
  return { color: view.color, text: parts.join(' — ') };
}
