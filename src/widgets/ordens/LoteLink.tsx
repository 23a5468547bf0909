import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { DASH } from '../../../shared/format';

/** An order's lote, opened on the lote screen; its first eight characters are enough to tell lotes apart. */
export function LoteLink({ loteId }: { loteId: string | null | undefined }) {
  if (!loteId) return <>{DASH}</>;
  return (
    <Link asChild color="gold.fg" fontFamily="mono" fontSize="xs">
      <RouterLink to="/ordens/lote" search={{ lote: loteId }} title={loteId}>
        {loteId.slice(0, 8)}
      </RouterLink>
    </Link>
  );
}
