import { chakra } from '@chakra-ui/react';
import type { ColumnMeta } from '@tanstack/react-table';

/**
 * A column whose header may wrap onto two lines ('Valor Total / Compra'), so that a wide grid fits the screen
 * without sideways scrolling (issue 34, rough edge 1); the export keeps the header as one line of text.
 */
export function cabecalho<T>(texto: string, meta: ColumnMeta<T, unknown> = {}) {
  return {
    header: () => (
      <chakra.span whiteSpace="normal" display="inline-block" maxW="7em">
        {texto}
      </chakra.span>
    ),
    meta: { ...meta, titulo: texto },
  };
}
