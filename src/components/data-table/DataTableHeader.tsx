import { Table, chakra } from '@chakra-ui/react';
import { flexRender, type Header, type Table as TanstackTable } from '@tanstack/react-table';
import { memo, type ReactNode } from 'react';
import { pinned } from './pinning';

const SORT_LABEL = { asc: ' ▲', desc: ' ▼' } as const;

function ariaSort<T>(header: Header<T, unknown>) {
  const sorted = header.column.getIsSorted();
  if (sorted === 'asc') return 'ascending';
  if (sorted === 'desc') return 'descending';
  return header.column.getCanSort() ? 'none' : undefined;
}

/** A column's name; a sortable one is a button that sorts it, marked ▲, ▼ or (unsorted) a faint ↕. */
function HeaderLabel<T>({ header }: { header: Header<T, unknown> }) {
  if (header.isPlaceholder) return null;
  const label = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) return label;
  const sorted = header.column.getIsSorted();
  return (
    <chakra.button
      type="button"
      onClick={header.column.getToggleSortingHandler()}
      fontWeight="semibold"
      cursor="pointer"
      _hover={{ color: 'gold.fg' }}
    >
      {label}
      {sorted ? (
        SORT_LABEL[sorted]
      ) : (
        // Unsorted, and sortable: a faint mark says a click sorts it.
        <chakra.span color="fg.subtle" aria-hidden>
          {' ↕'}
        </chakra.span>
      )}
    </chakra.button>
  );
}

/** The grid's header, kept in view at the top while its rows scroll (aria-sort on every sortable column). */
export const DataTableHeader = memo(function DataTableHeader<T>({
  table,
}: {
  table: TanstackTable<T>;
  /** The grid's columns as given (their sorting function knows the sorting): new ones render it again. */
  columns: unknown;
}) {
  return (
    <Table.Header position="sticky" top="0" zIndex="1" bg="bg.muted">
      {table.getHeaderGroups().map((group) => (
        <Table.Row key={group.id} bg="bg.muted">
          {group.headers.map((header) => (
            <Table.ColumnHeader
              key={header.id}
              textAlign={header.column.columnDef.meta?.numeric ? 'end' : 'start'}
              whiteSpace="nowrap"
              {...pinned(header.column, true)}
              aria-sort={ariaSort(header)}
            >
              <HeaderLabel header={header} />
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      ))}
    </Table.Header>
  );
}) as <T>(props: { table: TanstackTable<T>; columns: unknown }) => ReactNode;
