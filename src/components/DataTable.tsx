import { Box, Flex, Stack, Table, Text, chakra } from '@chakra-ui/react';
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type RowData,
  type SortingFn,
  type SortingState,
  type Table as TanstackTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { Formato, Planilha } from '../lib/planilha';
import { ExportMenu, type Exportacao } from './ExportMenu';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match the library's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Right-aligned, tabular digits: numbers, money, percentages. */
    numeric?: boolean;
    /**
     * Kept in view at the right edge while the rest scrolls sideways (a row's buttons, its status); give such a
     * column a `size` when there are two, so that the second one knows where the first one starts.
     */
    pinRight?: boolean;
    /** How the column's values are exported (default: decimal when numeric, else text). */
    formato?: Formato;
    /** Exported with every decimal place the value has (at least 2). */
    exato?: boolean;
    /** The column's name in a spreadsheet when its header is not text (a tick-all box). */
    titulo?: string;
    /** The exported value when it is not the accessor's (a display column's, a code shown as words). */
    exportar?: (row: TData) => unknown;
  }
}

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
}

/**
 * What the table shows, as a spreadsheet: every row in its current order, every column with a value (accessor
 * columns, and display columns that say what to export; the row buttons have neither).
 */
function planilhaDaTabela<T>(table: TanstackTable<T>, titulo: string): Planilha {
  const colunas = table
    .getVisibleLeafColumns()
    .filter((c) => c.accessorFn !== undefined || c.columnDef.meta?.exportar !== undefined);
  return {
    titulo,
    colunas: colunas.map((c) => {
      const meta = c.columnDef.meta;
      const header = c.columnDef.header;
      return {
        titulo: meta?.titulo ?? (typeof header === 'string' ? header : c.id),
        formato: meta?.formato ?? (meta?.numeric ? 'decimal' : 'texto'),
        exato: meta?.exato,
      };
    }),
    linhas: table.getRowModel().rows.map((row) =>
      colunas.map((c) => {
        const exportar = c.columnDef.meta?.exportar;
        return exportar ? exportar(row.original) : row.getValue(c.id);
      }),
    ),
  };
}

/** Column metas for the usual kinds of value: numbers right-aligned, each exported with its format. */
export const META = {
  inteiro: { numeric: true, formato: 'inteiro' },
  decimal: { numeric: true, formato: 'decimal' },
  dinheiro: { numeric: true, formato: 'dinheiro' },
  percentual: { numeric: true, formato: 'percentual' },
  data: { formato: 'data' },
  simNao: { formato: 'simNao' },
} as const satisfies Record<string, { numeric?: boolean; formato: Formato }>;

const ROW_HEIGHT = 41;
// Below this many rows every row is rendered; above it only the visible ones are.
const VIRTUALIZE_ABOVE = 150;

const SORT_LABEL = { asc: ' ▲', desc: ' ▼' } as const;

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
function blanksLast<T>(sorting: SortingState): SortingFn<T> {
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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in DataTableProps
const columnId = <T,>(column: ColumnDef<T, any>) =>
  column.id ?? ('accessorKey' in column ? String(column.accessorKey) : '');

/**
 * Where a pinned column stays while the grid scrolls sideways: the first (the row's identity) at the left edge,
 * `pinRight` ones at the right edge, each over an opaque background with a line on its inner side.
 */
function pinned<T>(column: Column<T>, header: boolean) {
  const side = column.getIsPinned();
  if (!side) return {};
  const edge = side === 'left' ? column.getIsLastColumn('left') : column.getIsFirstColumn('right');
  const size = side === 'right' ? `${column.getSize()}px` : undefined;
  return {
    position: 'sticky' as const,
    [side]: `${side === 'left' ? column.getStart('left') : column.getAfter('right')}px`,
    zIndex: header ? 2 : 1,
    bg: header ? 'bg.muted' : 'bg',
    minW: size,
    w: size,
    boxShadow: edge
      ? `inset ${side === 'left' ? '-1px' : '1px'} 0 0 var(--chakra-colors-border)`
      : undefined,
  };
}

/**
 * The product's grid: TanStack Table with sortable headers (aria-sort), a sticky header, the first column and
 * `pinRight` columns (the row's actions) kept in view when it is wider than the screen, and row virtualisation
 * for long lists (20,000 positions stay smooth).
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
    // A first click sorts ascending, whatever the column's type; a third one leaves the column unsorted.
    sortDescFirst: false,
    enableSortingRemoval: true,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: getRowId ? (row) => getRowId(row) : undefined,
  });
  const rows = table.getRowModel().rows;
  const virtual = rows.length > VIRTUALIZE_ABOVE;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // jsdom and the first paint have no layout yet: assume the full height.
    initialRect: { width: 1024, height: maxHeight },
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const padTop = items[0]?.start ?? 0;
  const padBottom =
    virtual && items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const visible = virtual ? items.map((item) => rows[item.index]!) : rows;
  const columnCount = table.getVisibleLeafColumns().length;

  const grid = (
    <Box
      ref={scrollRef}
      overflow="auto"
      maxH={virtual ? `${maxHeight}px` : undefined}
      borderWidth="1px"
      rounded="md"
      bg="bg"
    >
      <Table.Root size="sm" aria-label={label} aria-rowcount={rows.length + 1} interactive>
        <Table.Header position="sticky" top="0" zIndex="1" bg="bg.muted">
          {table.getHeaderGroups().map((group) => (
            <Table.Row key={group.id} bg="bg.muted">
              {group.headers.map((header) => {
                const sortable = header.column.getCanSort();
                const sorted = header.column.getIsSorted();
                return (
                  <Table.ColumnHeader
                    key={header.id}
                    textAlign={header.column.columnDef.meta?.numeric ? 'end' : 'start'}
                    whiteSpace="nowrap"
                    {...pinned(header.column, true)}
                    aria-sort={
                      sorted === 'asc'
                        ? 'ascending'
                        : sorted === 'desc'
                          ? 'descending'
                          : sortable
                            ? 'none'
                            : undefined
                    }
                  >
                    {header.isPlaceholder ? null : sortable ? (
                      <chakra.button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        fontWeight="semibold"
                        cursor="pointer"
                        _hover={{ color: 'gold.fg' }}
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        {sorted ? (
                          SORT_LABEL[sorted]
                        ) : (
                          // Unsorted, and sortable: a faint mark says a click sorts it.
                          <chakra.span color="fg.subtle" aria-hidden>
                            {' ↕'}
                          </chakra.span>
                        )}
                      </chakra.button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          ))}
        </Table.Header>
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
          {padTop > 0 && (
            <Table.Row aria-hidden>
              <Table.Cell colSpan={columnCount} p="0" h={`${padTop}px`} />
            </Table.Row>
          )}
          {visible.map((row) => (
            <Table.Row key={row.id} h={`${ROW_HEIGHT}px`} aria-rowindex={row.index + 2}>
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
          {padBottom > 0 && (
            <Table.Row aria-hidden>
              <Table.Cell colSpan={columnCount} p="0" h={`${padBottom}px`} />
            </Table.Row>
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
  if (!exportacao) return grid;
  return (
    <Stack gap="2">
      <Flex justify="flex-end">
        <ExportMenu
          exportacao={exportacao}
          planilha={() => planilhaDaTabela(table, exportacao.nome)}
        />
      </Flex>
      {grid}
    </Stack>
  );
}
