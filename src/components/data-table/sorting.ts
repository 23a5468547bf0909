import type { ColumnDef, SortingFn, SortingState } from '@tanstack/react-table';

const collator = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });
const isBlank = (v: unknown) =>
  v === null || v === undefined || v === '' || (typeof v === 'number' && Number.isNaN(v));

/** Numbers by value, text in Portuguese order ('Álvaro' beside 'Alberto', 'Item 2' before 'Item 10'). */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/**
 * Every column's order: blanks (a missing quote, an empty e-mail) last whichever the direction. TanStack inverts
 * what a sorting function answers for a descending sort, so a blank's place is inverted here beforehand.
 */
export function blanksLast<T>(sorting: SortingState): SortingFn<T> {
  return (rowA, rowB, id) => {
    const a = rowA.getValue(id);
    const b = rowB.getValue(id);
    if (!isBlank(a) && !isBlank(b)) return compareValues(a, b);
    if (isBlank(a) && isBlank(b)) return 0;
    const desc = sorting.find((s) => s.id === id)?.desc ? -1 : 1;
    return (isBlank(a) ? 1 : -1) * desc;
  };
}

/** A column's id as TanStack Table derives it: its id, else its accessor key. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column has its own value type
export const columnId = <T>(column: ColumnDef<T, any>) =>
  column.id ?? ('accessorKey' in column ? String(column.accessorKey) : '');
