import { Box, Stack, Table } from '@chakra-ui/react';
import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ExpandedState,
  type SortingState,
} from '@tanstack/react-table';
import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { estilosDasCelulas, TABELA, useCssDoCorpo } from './data-table/celulas';
import { DataTableBody } from './data-table/DataTableBody';
import { DataTableFooter, temRodape } from './data-table/DataTableFooter';
import { DataTableHeader } from './data-table/DataTableHeader';
import { DataTableToolbar, LoadMore } from './data-table/DataTableToolbar';
import { planilhaDaTabela } from './data-table/planilhaDaTabela';
import { linesOf, useVisibleWidth, type RowDetail } from './data-table/rowDetail';
import { blanksLast, columnId } from './data-table/sorting';
import { virtualiza, type InfiniteRows } from './data-table/useRowWindow';
import type { Exportacao } from './ExportMenu';

export { META } from './data-table/meta';
export type { InfiniteRows } from './data-table/useRowWindow';
export type { RowDetail } from './data-table/rowDetail';

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
  /** Height of the scrolling area: a longer list scrolls inside it, its header row kept in view. */
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
  /**
   * Expandable rows: each row has a toggle before its first value, and an expanded row shows this detail under
   * it, across the columns (still virtualised: the detail is measured as a line of its own).
   */
  detail?: RowDetail<T>;
}

/**
 * The product's grid: TanStack Table with sortable headers (aria-sort), a sticky header, the first column and
 * `pinRight` columns (the row's actions) kept in view when it is wider than the screen, row virtualisation for
 * long lists (20,000 positions stay smooth), an export made from its columns, an infinite mode for lists the
 * server pages by cursor, and expandable rows (`detail`).
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
  detail,
}: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const idBase = useId();
  // The sorting function knows the direction (blanks last): columns are made again when it changes.
  const ordered = useMemo(
    () =>
      columns.map(
        (c) => ({ sortingFn: blanksLast<T>(sorting), sortUndefined: false, ...c }) as typeof c,
      ),
    [columns, sorting],
  );
  // The same object while the columns are the same: a new one each render (each scrolled frame of a long list)
  // made TanStack recompute what depends on the pinning.
  const columnPinning = useMemo(
    () => ({
      left: columns.slice(0, 1).map(columnId),
      right: columns.filter((c) => c.meta?.pinRight).map(columnId),
    }),
    [columns],
  );
  // TanStack Table returns new functions each render by design; the React Compiler must not memoise it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns: ordered,
    state: { sorting, columnPinning, expanded },
    onSortingChange: setSorting,
    onExpandedChange: setExpanded,
    getRowCanExpand: () => detail !== undefined,
    enableSorting: !infinite,
    // A first click sorts ascending, whatever the column's type; later ones toggle the direction, as in a
    // spreadsheet (a third click that left the rows unsorted read as the sort being lost).
    sortDescFirst: false,
    enableSortingRemoval: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: getRowId ? (row) => getRowId(row) : undefined,
  });
  const rows = table.getRowModel().rows;
  // Made again when the rows or their expansion change, not on every scrolled frame (20,000 rows).
  const lines = useMemo(() => linesOf(rows, detail, expanded), [rows, detail, expanded]);
  const virtual = useMemo(() => virtualiza(lines), [lines]);
  // The scrolling box as state too: the body, which scrolls its rows, needs it once it is in the page (its own
  // effects run before the box's ref is set).
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const sentinelRef = useRef<HTMLDivElement | null>(null);
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const attachScroll = useCallback((element: HTMLDivElement | null) => {
    scrollRef.current = element;
    setScrollElement(element);
  }, []);
  const visibleWidth = useVisibleWidth(scrollRef, detail !== undefined);
  const cssDoCorpo = useCssDoCorpo();
  // Each column's cell class and place, once per set of columns (not per cell, nor per scrolled frame).
  // TanStack gives the same list while the columns and their pinning are the same.
  const leafColumns = table.getVisibleLeafColumns();
  const estilos = useMemo(() => estilosDasCelulas(leafColumns), [leafColumns]);

  const grid = (
    <Box
      ref={attachScroll}
      overflow="auto"
      // A list longer than this scrolls inside the grid, virtualised or not: the sticky header row stays in view
      // (a grid scrolled by the page took its header away with it: issue 34, rough edge 7). A short paged list still
      // grows with the page, whose end in view asks for the next page.
      maxH={virtual || !infinite ? `${maxHeight}px` : undefined}
      borderWidth="1px"
      rounded="md"
      bg="bg"
    >
      <Table.Root {...TABELA} aria-label={label} aria-rowcount={lines.length + 1} css={cssDoCorpo}>
        {/* The header and the totals row render again with the columns (and so the sorting), not as rows scroll. */}
        <DataTableHeader table={table} columns={ordered} />
        <DataTableBody
          lines={lines}
          janela={{ maxHeight, infinite, scrollElement, sentinelRef }}
          columns={table.getVisibleLeafColumns().length}
          emptyText={emptyText}
          detail={detail}
          idBase={idBase}
          visibleWidth={visibleWidth}
          estilos={estilos}
        />
        {temRodape(table) && <DataTableFooter table={table} columns={ordered} />}
      </Table.Root>
    </Box>
  );
  if (!exportacao && toolbar === undefined && !infinite) return grid;
  return (
    <Stack gap="2">
      {(exportacao || toolbar !== undefined) && (
        <DataTableToolbar
          toolbar={toolbar}
          exportacao={exportacao}
          planilha={() => planilhaDaTabela(table, exportacao?.nome ?? label)}
        />
      )}
      {grid}
      {infinite?.hasNextPage && <LoadMore infinite={infinite} sentinelRef={sentinelRef} />}
    </Stack>
  );
}
