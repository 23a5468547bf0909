import type { ClienteStatus } from '../../../contract';

/** Specification section 4: the MT5 status values, their labels and colours. */
const KNOWN: Record<string, { label: string; color: string }> = {
  online: { label: 'Online', color: 'green.500' },
  warning: { label: 'Atenção', color: 'orange.400' },
  offline: { label: 'Offline', color: 'red.500' },
  error: { label: 'Erro', color: 'red.500' },
  timeout: { label: 'Timeout', color: 'red.500' },
  missing_ip: { label: 'Sem IP', color: 'gray.400' },
};
const UNKNOWN = { label: 'Status desconhecido', color: 'gray.400' };
export const CHECKING = 'Verificando MT5...';

export interface StatusView {
  color: string;
  /** The tooltip: the status label, then the detail and the ping when there are any. */
  text: string;
}

export function statusView(status: ClienteStatus | undefined): StatusView {
  if (!status) return { color: 'gray.300', text: CHECKING };
  const known = KNOWN[status.status] ?? UNKNOWN;
  const parts = [known.label];
  if (status.detail) parts.push(status.detail);
  if (status.ping !== null && status.ping !== undefined) parts.push(`ping ${status.ping} ms`);
  return { color: known.color, text: parts.join(' — ') };
}
