import { Box, chakra, Table } from '@chakra-ui/react';
import type { ExpandedState, Row } from '@tanstack/react-table';
import { useEffect, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

/** What a row shows under it when it is expanded (a client's stocks under the client). */
export interface RowDetail<T> {
  /** The toggle's name, and so the detail's: 'Detalhes de Ana Beatriz Carvalho'. */
  label: (row: T) => string;
  /** The detail, mounted only while the row is expanded. */
  render: (row: T) => ReactNode;
}

/** One line of the grid's body: a row, or the detail under an expanded one. */
export interface Line<T> {
  row: Row<T>;
  detail: boolean;
}

/** The rows in their order, each expanded one (by the table's `expanded` state) followed by its detail line. */
export const linesOf = <T,>(
  rows: Row<T>[],
  detail: RowDetail<T> | undefined,
  expanded: ExpandedState,
): Line<T>[] =>
  rows.flatMap((row) =>
    detail && (expanded === true || expanded[row.id])
      ? [
          { row, detail: false },
          { row, detail: true },
        ]
      : [{ row, detail: false }],
  );

/** Ids that tie a toggle to the detail it opens (aria-controls) and the detail to its name (aria-labelledby). */
export const detailIds = (base: string, rowId: string) => ({
  toggle: `${base}-toggle-${rowId}`,
  detail: `${base}-detail-${rowId}`,
});

/**
 * The row's toggle, before the first column's value: a button (Enter or Space; → opens, ← closes) that says
 * whether the detail is open (aria-expanded) and which one it opens (aria-controls).
 */
export function RowToggle<T>({
  row,
  label,
  ids,
}: {
  row: Row<T>;
  label: string;
  ids: ReturnType<typeof detailIds>;
}) {
  const open = row.getIsExpanded();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    row.toggleExpanded(event.key === 'ArrowRight');
  };
  return (
    <chakra.button
      type="button"
      id={ids.toggle}
      aria-label={label}
      aria-expanded={open}
      aria-controls={open ? ids.detail : undefined}
      onClick={() => row.toggleExpanded()}
      onKeyDown={onKeyDown}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="6"
      me="1"
      verticalAlign="middle"
      rounded="sm"
      color="gold.fg"
      cursor="pointer"
      _hover={{ bg: 'bg.muted' }}
      focusVisibleRing="outside"
    >
      {/* An icon, not a character: the cell's text stays the row's value. */}
      <svg
        viewBox="0 0 16 16"
        width="14"
        height="14"
        aria-hidden
        style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 0.15s' }}
      >
        <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </chakra.button>
  );
}

/**
 * The width of the grid's visible part: a detail keeps to it (sticky at the left) however wide the columns
 * above it are, so that on a phone it does not open beyond the screen's edge.
 */
export function useVisibleWidth(scrollRef: RefObject<HTMLDivElement | null>, enabled: boolean) {
  const [width, setWidth] = useState<number | undefined>(undefined);
  useEffect(() => {
    const box = scrollRef.current;
    if (!enabled || !box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(box.clientWidth || undefined));
    observer.observe(box);
    return () => observer.disconnect();
  }, [scrollRef, enabled]);
  return width;
}

/** The line under an expanded row: its detail across every column, named by the row's toggle. */
export function DetailRow({
  ids,
  columns,
  index,
  rowIndex,
  measureRow,
  visibleWidth,
  children,
}: {
  ids: ReturnType<typeof detailIds>;
  columns: number;
  /** Where the virtualiser measures it (its height is the detail's), when the rows are virtualised. */
  index: number | undefined;
  rowIndex: number;
  measureRow: ((node: Element | null) => void) | undefined;
  visibleWidth: number | undefined;
  children: ReactNode;
}) {
  return (
    <Table.Row
      ref={measureRow}
      data-index={index}
      data-detail=""
      aria-rowindex={rowIndex}
      bg="bg.subtle"
      _hover={{ bg: 'bg.subtle' }}
    >
      <Table.Cell colSpan={columns} p="0">
        <Box
          id={ids.detail}
          role="region"
          aria-labelledby={ids.toggle}
          position="sticky"
          left="0"
          w={visibleWidth ? `${visibleWidth}px` : undefined}
          p="3"
          whiteSpace="normal"
        >
          {children}
        </Box>
      </Table.Cell>
    </Table.Row>
  );
}
