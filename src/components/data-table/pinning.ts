import type { Column } from '@tanstack/react-table';

/**
 * Where a pinned column stays while the grid scrolls sideways: the first (the row's identity) at the left edge,
 * `pinRight` ones at the right edge, each over an opaque background with a line on its inner side.
 */
export function pinned<T>(column: Column<T>, header: boolean) {
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
