import { Table, Text } from '@chakra-ui/react';
import { flexRender, type Row } from '@tanstack/react-table';
import { memo, type ReactNode, type RefObject } from 'react';
import { CLASSE, type EstiloDaCelula } from './celulas';
import { DetailRow, detailIds, RowToggle, type Line, type RowDetail } from './rowDetail';
import { ROW_HEIGHT, useRowWindow, type InfiniteRows, type RowWindow } from './useRowWindow';

/** Space standing for the rows that are not rendered (above or below the visible ones). */
function Spacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  // An inline height: a style prop made a new CSS rule for each height, inserted in the page in every scrolled
  // frame, and each new rule had the browser recompute the style of the whole page (issue 34, rough edge 7).
  return (
    <tr aria-hidden>
      <td
        colSpan={columns}
        className={CLASSE.celula}
        style={{ height: `${height}px`, padding: 0 }}
      />
    </tr>
  );
}

/**
 * One row, rendered again only when its own props change: a scrolled frame of a long list mounts the rows coming
 * into view and leaves the others as they are (issue 34, rough edge 7). Plain elements, styled by the grid's
 * classes (celulas.ts): nothing of a row's style is computed as it mounts.
 */
interface DataRowProps<T> {
  row: Row<T>;
  /** Where the virtualiser measures it, when the rows are virtualised. */
  index: number | undefined;
  rowIndex: number;
  measureRow: RowWindow['measureRow'];
  /** The row's expand toggle, before the first column's value. */
  toggle: ReactNode;
  /**
   * Each column's cell class and style, made from the grid's columns as given: new columns (a tick, a callback
   * they close over) render the row again.
   */
  estilos: Map<string, EstiloDaCelula>;
}

const DataRow = memo(function DataRow<T>({
  row,
  index,
  rowIndex,
  measureRow,
  toggle,
  estilos,
}: DataRowProps<T>) {
  return (
    <tr
      ref={measureRow}
      data-index={index}
      className={CLASSE.linha}
      style={{ height: `${ROW_HEIGHT}px` }}
      aria-rowindex={rowIndex}
    >
      {row.getVisibleCells().map((cell, i) => {
        const estilo = estilos.get(cell.column.id);
        return (
          <td key={cell.id} className={estilo?.className ?? CLASSE.celula} style={estilo?.style}>
            {i === 0 && toggle}
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        );
      })}
    </tr>
  );
}) as <T>(props: DataRowProps<T>) => ReactNode;

/**
 * The grid's lines: those in view (all of a short list), or the empty text when there are none. With `detail`,
 * each row has a toggle and an expanded row is followed by its detail, across the columns. The window of rows in
 * view is this component's own state: a scrolled frame renders the body again, not the grid around it (its
 * header, totals row, toolbar and Chakra boxes).
 */
export function DataTableBody<T>({
  lines,
  janela,
  columns,
  emptyText,
  detail,
  idBase,
  visibleWidth,
  estilos,
}: {
  estilos: Map<string, EstiloDaCelula>;
  lines: Line<T>[];
  /** What the window of rows follows: useRowWindow's arguments after the lines. */
  janela: {
    maxHeight: number;
    infinite: InfiniteRows | undefined;
    scrollElement: HTMLDivElement | null;
    sentinelRef: RefObject<HTMLDivElement | null>;
  };
  columns: number;
  emptyText: ReactNode;
  detail: RowDetail<T> | undefined;
  /** Makes the toggles' and details' ids unique in the page. */
  idBase: string;
  visibleWidth: number | undefined;
}) {
  const { virtual, visible, padTop, padBottom, measureRow } = useRowWindow(
    lines,
    janela.maxHeight,
    janela.infinite,
    janela.scrollElement,
    janela.sentinelRef,
  );
  return (
    <tbody className={CLASSE.corpo}>
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
            estilos={estilos}
          />
        );
      })}
      <Spacer height={padBottom} columns={columns} />
    </tbody>
  );
}
