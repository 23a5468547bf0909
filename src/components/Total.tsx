import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A figure of a totals row. `rotulo` names it when the column's header does not (the current value under Preço
 * Atual), above the figure, so that a total is never read as the column's kind of value.
 */
export function Total({ rotulo, children }: { rotulo?: string; children: ReactNode }) {
  return (
    <>
      {rotulo && (
        <Text as="span" display="block" fontSize="2xs" fontWeight="normal" color="fg.muted">
          {rotulo}
        </Text>
      )}
      {children}
    </>
  );
}

/** The totals row's first cell: 'Total' and how many rows it sums. */
export function TotalRotulo({ linhas, nota }: { linhas: number; nota?: string }) {
  return (
    <Text as="span" title={nota}>
      Total ({linhas.toLocaleString('pt-BR')})
    </Text>
  );
}
