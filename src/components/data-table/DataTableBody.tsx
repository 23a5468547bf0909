import { Table, Text } from '@chakra-ui/react';
import { flexRender, type Row } from '@tanstack/react-table';
import { memo, type ReactNode } from 'react';
import { pinned } from './pinning';
import { DetailRow, detailIds, RowToggle, type Line, type RowDetail } from './rowDetail';
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

/**
 * One row, rendered again only when its own props change: a scrolled frame of a long list mounts the rows coming
 * into view and leaves the others as they are (issue 34, rough edge 7).
 */
interface DataRowProps<T> {
  row: Row<T>;
  /** Where the virtualiser measures it, when the rows are virtualised. */
  index: number | undefined;
  rowIndex: number;
  measureRow: RowWindow['measureRow'];
  /** The row's expand toggle, before the first column's value. */
  toggle: ReactNode;
  /** The grid's columns as given: new ones (a tick, a callback they close over) render the row again. */
  columnDefs: unknown;
}

const DataRow = memo(function DataRow<T>({
  row,
  index,
  rowIndex,
  measureRow,
  toggle,
}: DataRowProps<T>) {
  return (
    <Table.Row ref={measureRow} data-index={index} h={`${ROW_HEIGHT}px`} aria-rowindex={rowIndex}>
      {row.getVisibleCells().map((cell, i) => {
        const numeric = cell.column.columnDef.meta?.numeric;
        return (
          <Table.Cell
            key={cell.id}
            textAlign={numeric ? 'end' : 'start'}
            fontVariantNumeric={numeric ? 'tabular-nums' : undefined}
            whiteSpace="nowrap"
            {...pinned(cell.column, false)}
          >
            {i === 0 && toggle}
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </Table.Cell>
        );
      })}
    </Table.Row>
  );
}) as <T>(props: DataRowProps<T>) => ReactNode;

/**
 * The grid's lines: those in view (all of a short list), or the empty text when there are none. With `detail`,
 * each row has a toggle and an expanded row is followed by its detail, across the columns.
 */
export function DataTableBody<T>({
  lines,
  rowWindow: { virtual, visible, padTop, padBottom, measureRow },
  columns,
  emptyText,
  detail,
  idBase,
  visibleWidth,
  columnDefs,
}: {
  columnDefs: unknown;
  lines: Line<T>[];
  rowWindow: Omit<RowWindow<T>, 'scrollRef' | 'sentinelRef'>;
  columns: number;
  emptyText: ReactNode;
  detail: RowDetail<T> | undefined;
  /** Makes the toggles' and details' ids unique in the page. */
  idBase: string;
  visibleWidth: number | undefined;
}) {
  return (
    <Table.Body>
      {lines.length === 0 && (
        <Table.Row>
          <Table.Cell colSpan={columns}>
            <Text color="fg.muted" py="4" textAlign="center">
              {emptyText}
            </Text>
          </Table.Cell>
        </Table.Row>
      )}
      <Spacer height={padTop} columns={columns} />
      {visible.map(({ row, detail: isDetail, index }) => {
        const ids = detailIds(idBase, row.id);
        const measured = virtual ? index : undefined;
        // The header is row 1: the lines are numbered from 2, a detail being a line of its own.
        const rowIndex = index + 2;
        return isDetail && detail ? (
          <DetailRow
            key={`${row.id}:detail`}
            ids={ids}
            columns={columns}
            index={measured}
            rowIndex={rowIndex}
            measureRow={measureRow}
            visibleWidth={visibleWidth}
          >
            {detail.render(row.original)}
          </DetailRow>
        ) : (
          <DataRow
            key={row.id}
            row={row}
            index={measured}
            rowIndex={rowIndex}
            measureRow={measureRow}
            toggle={detail && <RowToggle row={row} label={detail.label(row.original)} ids={ids} />}
            columnDefs={columnDefs}
          />
        );
      })}
      <Spacer height={padBottom} columns={columns} />
    </Table.Body>
  );
}
