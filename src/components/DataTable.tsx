import { Box, Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { pinned } from './data-table/pinning';
import { DataTableHeader } from './data-table/DataTableHeader';
import { planilhaDaTabela } from './data-table/planilhaDaTabela';
import { blanksLast, columnId } from './data-table/sorting';
import { ROW_HEIGHT, useRowWindow, type InfiniteRows } from './data-table/useRowWindow';
import { ExportMenu, type Exportacao } from './ExportMenu';

export { META } from './data-table/meta';
export type { InfiniteRows } from './data-table/useRowWindow';

export interface DataTableProps<T> {
  // Each column has its own value type; TanStack's own examples type the list this way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  data: T[];
  /** Accessible name of the table. */
  label: string;
  getRowId?: (row: T) => string;
  initialSorting?: SortingState;
  /** Shown in place of the rows when there are none. */
  emptyText?: ReactNode;
  /** Height of the scrolling area when the rows are virtualised. */
  maxHeight?: number;
  /** Offers 'Exportar' (XLSX, CSV) of the rows as shown: filtered by the caller, sorted here. */
  exportacao?: Exportacao;
  /** On the line above the grid, at the left of 'Exportar' (how many rows, what they are). */
  toolbar?: ReactNode;
  /**
   * The rows come a page at a time, in the server's order (a sort of the pages loaded so far would mislead, so the
   * headers do not sort): the next page loads as the last rows scroll into view, or on 'Carregar mais'.
   */
  infinite?: InfiniteRows;
}

/**
 * The product's grid: TanStack Table with sortable headers (aria-sort), a sticky header, the first column and
 * `pinRight` columns (the row's actions) kept in view when it is wider than the screen, row virtualisation for
 * long lists (20,000 positions stay smooth), an export made from its columns, and an infinite mode for lists the
 * server pages by cursor.
 */
export function DataTable<T>({
  columns,
  data,
  label,
  getRowId,
  initialSorting = [],
  emptyText = 'Nenhum registro encontrado.',
  maxHeight = 640,
  exportacao,
  toolbar,
  infinite,
}: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  // The sorting function knows the direction (blanks last): columns are made again when it changes.
  const ordered = useMemo(
    () =>
      columns.map(
        (c) => ({ sortingFn: blanksLast<T>(sorting), sortUndefined: false, ...c }) as typeof c,
      ),
    [columns, sorting],
  );
  const columnPinning = {
    left: columns.slice(0, 1).map(columnId),
    right: columns.filter((c) => c.meta?.pinRight).map(columnId),
  };
  // TanStack Table returns new functions each render by design; the React Compiler must not memoise it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns: ordered,
    state: { sorting, columnPinning },
    onSortingChange: setSorting,
    enableSorting: !infinite,
    // A first click sorts ascending, whatever the column's type; a third one leaves the column unsorted.
    sortDescFirst: false,
    enableSortingRemoval: true,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: getRowId ? (row) => getRowId(row) : undefined,
  });
  const rows = table.getRowModel().rows;
  const rowWindow = useRowWindow(rows, maxHeight, infinite);
  const columnCount = table.getVisibleLeafColumns().length;
  const spacer = (height: number) =>
    height > 0 && (
      <Table.Row aria-hidden>
        <Table.Cell colSpan={columnCount} p="0" h={`${height}px`} />
      </Table.Row>
    );

  const grid = (
    <Box
      ref={rowWindow.scrollRef}
      overflow="auto"
      maxH={rowWindow.virtual ? `${maxHeight}px` : undefined}
      borderWidth="1px"
      rounded="md"
      bg="bg"
    >
      <Table.Root size="sm" aria-label={label} aria-rowcount={rows.length + 1} interactive>
        <DataTableHeader table={table} />
        <Table.Body>
          {rows.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={columnCount}>
                <Text color="fg.muted" py="4" textAlign="center">
                  {emptyText}
                </Text>
              </Table.Cell>
            </Table.Row>
          )}
          {spacer(rowWindow.padTop)}
          {rowWindow.visible.map(({ row, index }) => (
            <Table.Row
              key={row.id}
              ref={rowWindow.measureRow}
              data-index={rowWindow.virtual ? index : undefined}
              h={`${ROW_HEIGHT}px`}
              aria-rowindex={row.index + 2}
            >
              {row.getVisibleCells().map((cell) => (
                <Table.Cell
                  key={cell.id}
                  textAlign={cell.column.columnDef.meta?.numeric ? 'end' : 'start'}
                  fontVariantNumeric={
                    cell.column.columnDef.meta?.numeric ? 'tabular-nums' : undefined
                  }
                  whiteSpace="nowrap"
                  {...pinned(cell.column, false)}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
          {spacer(rowWindow.padBottom)}
        </Table.Body>
      </Table.Root>
    </Box>
  );
  if (!exportacao && toolbar === undefined && !infinite) return grid;
  return (
    <Stack gap="2">
      {(exportacao || toolbar !== undefined) && (
        <Flex
          justify={toolbar === undefined ? 'flex-end' : 'space-between'}
          align="center"
          gap="3"
          wrap="wrap"
        >
          {toolbar}
          {exportacao && (
            <ExportMenu
              exportacao={exportacao}
              planilha={() => planilhaDaTabela(table, exportacao.nome)}
            />
          )}
        </Flex>
      )}
      {grid}
      {infinite?.hasNextPage && (
        <Box ref={rowWindow.sentinelRef} alignSelf="center">
          <Button
            size="sm"
            variant="outline"
            onClick={() => void infinite.fetchNextPage()}
            loading={infinite.isFetchingNextPage}
          >
            Carregar mais
          </Button>
        </Box>
      )}
    </Stack>
  );
}
