import { useSlotRecipe, type SystemStyleObject } from '@chakra-ui/react';
import type { Column } from '@tanstack/react-table';
import { useMemo, type CSSProperties } from 'react';
import { pinnedStyle } from './pinning';

/**
 * The body's rows and cells are plain elements with these classes, styled by a few rules on the grid's root (the
 * table recipe's own row and cell styles): a Chakra cell computed its style object and emotion class as it mounted,
 * eleven per row and a few rows per scrolled frame of a long list (issue 34, rough edge 7).
 */
export const CLASSE = {
  corpo: 'dt-corpo',
  linha: 'dt-linha',
  celula: 'dt-celula',
  numero: 'dt-numero',
} as const;

/** The table's size and variant, for the grid's root and for the rules its plain cells follow. */
export const TABELA = { size: 'sm', variant: 'line', interactive: true } as const;

/** The rules of the body's rows and cells, made once from the table recipe as the grid's root is styled. */
export function useCssDoCorpo(): SystemStyleObject {
  const recipe = useSlotRecipe({ key: 'table' });
  return useMemo(() => {
    const slots = recipe(TABELA) as Record<'body' | 'row' | 'cell', SystemStyleObject>;
    return {
      [`& tbody.${CLASSE.corpo}`]: slots.body,
      [`& tr.${CLASSE.linha}`]: slots.row,
      [`& td.${CLASSE.celula}`]: { ...slots.cell, whiteSpace: 'nowrap' },
      [`& td.${CLASSE.numero}`]: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
    };
  }, [recipe]);
}

/** A body cell's class and inline style (a pinned column's place), by column id: made once per set of columns. */
export interface EstiloDaCelula {
  className: string;
  style: CSSProperties | undefined;
}

export const estilosDasCelulas = <T>(columns: Column<T>[]) =>
  new Map<string, EstiloDaCelula>(
    columns.map((c) => [
      c.id,
      {
        className: c.columnDef.meta?.numeric ? `${CLASSE.celula} ${CLASSE.numero}` : CLASSE.celula,
        style: pinnedStyle(c),
      },
    ]),
  );
