import type { Column } from '@tanstack/react-table';
import type { CSSProperties } from 'react';

/** Where a pinned column stays and how it is drawn: its side, its offset and width (px), a line on its inner side. */
function lugar<T>(column: Column<T>) {
  const side = column.getIsPinned();
  if (!side) return undefined;
  const edge = side === 'left' ? column.getIsLastColumn('left') : column.getIsFirstColumn('right');
  return {
    side,
    offset: `${side === 'left' ? column.getStart('left') : column.getAfter('right')}px`,
    size: side === 'right' ? `${column.getSize()}px` : undefined,
    shadow: edge
      ? `inset ${side === 'left' ? '-1px' : '1px'} 0 0 var(--chakra-colors-border)`
      : undefined,
  };
}

/**
 * Where a pinned column stays while the grid scrolls sideways: the first (the row's identity) at the left edge,
 * `pinRight` ones at the right edge, each over an opaque background with a line on its inner side.
 */
export function pinned<T>(column: Column<T>, header: boolean) {
  const p = lugar(column);
  if (!p) return {};
  return {
    position: 'sticky' as const,
    [p.side]: p.offset,
    zIndex: header ? 2 : 1,
    bg: header ? 'bg.muted' : 'bg',
    minW: p.size,
    w: p.size,
    boxShadow: p.shadow,
  };
}

/**
 * The same for a body cell, as an inline style: a body cell is a plain element (issue 34, rough edge 7), and an
 * inline style costs no style computation when a scrolled row mounts.
 */
export function pinnedStyle<T>(column: Column<T>): CSSProperties | undefined {
  const p = lugar(column);
  if (!p) return undefined;
  return {
    position: 'sticky',
    [p.side]: p.offset,
    zIndex: 1,
    background: 'var(--chakra-colors-bg)',
    minWidth: p.size,
    width: p.size,
    boxShadow: p.shadow,
  };
}
