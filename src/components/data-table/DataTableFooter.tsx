import { Table } from '@chakra-ui/react';
import { flexRender, type Table as TanstackTable } from '@tanstack/react-table';
import { memo, type ReactNode } from 'react';
import { pinned } from './pinning';

/** Whether any column has a footer (a totals row): without one the grid has no footer at all. */
export const temRodape = <T,>(table: TanstackTable<T>) =>
  table.getAllLeafColumns().some((c) => c.columnDef.footer !== undefined);

/**
 * The grid's totals row (the columns' `footer`), kept in view at the bottom while a long list scrolls, so that the
 * totals of what is shown are read without scrolling to the end.
 */
export const DataTableFooter = memo(function DataTableFooter<T>({
  table,
}: {
  table: TanstackTable<T>;
  /** The grid's columns as given (their sorting function knows the sorting): new ones render it again. */
  columns: unknown;
}) {
  return (
    <Table.Footer position="sticky" bottom="0" zIndex="1" bg="bg.muted">
      {table.getFooterGroups().map((group) => (
        <Table.Row key={group.id} bg="bg.muted" fontWeight="semibold">
          {group.headers.map((header) => {
            const numeric = header.column.columnDef.meta?.numeric;
            return (
              <Table.Cell
                key={header.id}
                textAlign={numeric ? 'end' : 'start'}
                fontVariantNumeric={numeric ? 'tabular-nums' : undefined}
                whiteSpace="nowrap"
                {...pinned(header.column, true)}
              >
                {header.isPlaceholder
                  ? null
                  : flexRender(header.column.columnDef.footer, header.getContext())}
              </Table.Cell>
            );
          })}
        </Table.Row>
      ))}
    </Table.Footer>
  );
}) as <T>(props: { table: TanstackTable<T>; columns: unknown }) => ReactNode;
