import { Badge } from '@chakra-ui/react';
import type { Mt5StatusValue } from '../../../contract';
import { statusLabel, statusPalette } from './status';

/** A terminal's MT5 status as a badge a grid can sort and read; its title the detail, when there is one. */
export function StatusBadge({
  status,
  detalhe,
}: {
  status: Mt5StatusValue;
  detalhe: string | null;
}) {
  const label = statusLabel(status) ?? status;
  return (
    <Badge colorPalette={statusPalette(status)} variant="subtle" title={detalhe ?? label}>
      {label}
    </Badge>
  );
}
