import { Table, Text } from '@chakra-ui/react';
import { flexRender, type Row } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { pinned } from './pinning';
import { ROW_HEIGHT, type RowWindow } from './useRowWindow';

/** Space standing for the rows that are not rendered (above or below the visible ones). */
function Spacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <Table.Row aria-hidden>
      <Table.Cell colSpan={columns} p="0" h={`${height}px`} />
    </Table.Row>
  );
}

function DataRow<T>({
  row,
  index,
  measureRow,
}: {
  row: Row<T>;
  /** Where the virtualiser measures it, when the rows are virtualised. */
  index: number | undefined;
  measureRow: RowWindow['measureRow'];
}) {
  return (
    <Table.Row
      ref={measureRow}
      data-index={index}
      h={`${ROW_HEIGHT}px`}
      aria-rowindex={row.index + 2}
    >
      {row.getVisibleCells().map((cell) => {
        const numeric = cell.column.columnDef.meta?.numeric;
        return (
          <Table.Cell
            key={cell.id}
            textAlign={numeric ? 'end' : 'start'}
            fontVariantNumeric={numeric ? 'tabular-nums' : undefined}
            whiteSpace="nowrap"
            {...pinned(cell.column, false)}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </Table.Cell>
        );
      })}
    </Table.Row>
  );
}

/** The grid's rows: those in view (all of a short list), or the empty text when there are none. */
export function DataTableBody<T>({
  rows,
  rowWindow: { virtual, visible, padTop, padBottom, measureRow },
  columns,
  emptyText,
}: {
  rows: Row<T>[];
  rowWindow: Omit<RowWindow<T>, 'scrollRef' | 'sentinelRef'>;
  columns: number;
  emptyText: ReactNode;
}) {
  return (
    <Table.Body>
      {rows.length === 0 && (
        <Table.Row>
          <Table.Cell colSpan={columns}>
            <Text color="fg.muted" py="4" textAlign="center">
              {emptyText}
            </Text>
          </Table.Cell>
        </Table.Row>
      )}
      <Spacer height={padTop} columns={columns} />
      {visible.map(({ row, index }) => (
        <DataRow
          key={row.id}
          row={row}
          index={virtual ? index : undefined}
          measureRow={measureRow}
        />
      ))}
      <Spacer height={padBottom} columns={columns} />
    </Table.Body>
  );
}
