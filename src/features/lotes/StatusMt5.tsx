import { Badge } from '@chakra-ui/react';
import type { Mt5StatusValue } from '../../../contract';

/** Specification section 4's MT5 status labels and colours, as a badge the grid can sort and read. */
const STATUS: Record<Mt5StatusValue, { label: string; palette: string }> = {
  online: { label: 'Online', palette: 'green' },
  warning: { label: 'Atenção', palette: 'orange' },
  offline: { label: 'Offline', palette: 'red' },
  error: { label: 'Erro', palette: 'red' },
  timeout: { label: 'Timeout', palette: 'red' },
  missing_ip: { label: 'Sem IP', palette: 'gray' },
};

export const statusLabel = (status: Mt5StatusValue) => STATUS[status].label;

export function StatusMt5({ status, detalhe }: { status: Mt5StatusValue; detalhe: string | null }) {
  const view = STATUS[status];
  return (
    <Badge colorPalette={view.palette} variant="subtle" title={detalhe ?? view.label}>
      {view.label}
    </Badge>
  );
}
