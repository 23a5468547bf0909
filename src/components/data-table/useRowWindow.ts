import { measureElement, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, type RefObject } from 'react';
import type { Line } from './rowDetail';

export const ROW_HEIGHT = 41;
// A detail's first guess, before it is measured (a few lines of a small grid).
const DETAIL_HEIGHT = 240;
// Below this many rows every row is rendered; above it only the visible ones are.
const VIRTUALIZE_ABOVE = 150;
// How close to the last loaded row the next page is asked for, in rows.
const LOAD_AHEAD = 20;

const estimate = (detail: boolean | undefined) => (detail ? DETAIL_HEIGHT : ROW_HEIGHT);

/**
 * A line's height. A row coming into view is given its last known height (at first ROW_HEIGHT), not read from the
 * page: reading it as it mounted made the browser lay the page out in the middle of each scrolled frame. The
 * virtualiser's ResizeObserver then reports its real height (a client's name on two lines) after the browser's
 * own layout. A detail is read as it mounts (its height is anyone's guess; jsdom lays nothing out: a line it
 * measures at 0 keeps the estimate).
 */
function medir(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, Element>,
): number {
  const detail = element.hasAttribute('data-detail');
  if (!entry && !detail) {
    const key = instance.options.getItemKey(instance.indexFromElement(element));
    return instance.itemSizeCache.get(key) ?? ROW_HEIGHT;
  }
  return measureElement(element, entry, instance) || estimate(detail);
}

/** Rows that come a page at a time: what TanStack Query's infinite query tells and does. */
export interface InfiniteRows {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Whether only the rows in view are rendered: above VIRTUALIZE_ABOVE rows (details not counted). */
export const virtualiza = <T>(lines: Line<T>[]) => {
  let rows = 0;
  for (const line of lines) if (!line.detail) rows += 1;
  return rows > VIRTUALIZE_ABOVE;
};

/** Which rows to render. */
export interface RowWindow<T = unknown> {
  virtual: boolean;
  /** The lines to render (rows, and the details of expanded ones), each with the index it is measured by. */
  visible: Array<Line<T> & { index: number }>;
  padTop: number;
  padBottom: number;
  measureRow: ((node: Element | null) => void) | undefined;
}

/**
 * Which lines are in the page: every one, or above VIRTUALIZE_ABOVE rows only those in view of the scrolling box
 * (each measured, so that a row of several lines or an expanded row's detail takes its height), with the space of
 * the others above and below. With
 * `infinite`, the next page is asked for as the last rows come into view: in the box, or for a short list the
 * end of the table in the window (`sentinelRef`, where the browser can tell; a button does it otherwise).
 */
export function useRowWindow<T>(
  lines: Line<T>[],
  maxHeight: number,
  infinite: InfiniteRows | undefined,
  /** The grid's scrolling box, once in the page. */
  scrollElement: HTMLDivElement | null,
  sentinelRef: RefObject<HTMLDivElement | null>,
): RowWindow<T> {
  const virtual = useMemo(() => virtualiza(lines), [lines]);
  // The same functions while the lines are the same: new ones in each render (each scrolled frame) made the
  // virtualiser place all 20,000 lines again.
  const estimateSize = useCallback((index: number) => estimate(lines[index]?.detail), [lines]);
  const getItemKey = useCallback(
    (index: number) => {
      const line = lines[index];
      return line ? `${line.row.id}${line.detail ? ':detail' : ''}` : index;
    },
    [lines],
  );
  // TanStack Virtual returns new functions each render by design; the React Compiler must not memoise it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? lines.length : 0,
    getScrollElement: () => scrollElement,
    estimateSize,
    getItemKey,
    measureElement: medir,
    overscan: 12,
    // jsdom and the first paint have no layout yet: assume the full height.
    initialRect: { width: 1024, height: maxHeight },
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const last = items[items.length - 1];

  const fetchNextPage = infinite?.fetchNextPage;
  const waiting = Boolean(infinite?.hasNextPage && !infinite.isFetchingNextPage);
  const nearEnd = virtual && waiting && (last?.index ?? -1) >= lines.length - 1 - LOAD_AHEAD;
  useEffect(() => {
    if (nearEnd) void fetchNextPage?.();
  }, [nearEnd, fetchNextPage]);

  const watchEnd = !virtual && waiting;
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!watchEnd || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage?.();
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [watchEnd, fetchNextPage, sentinelRef]);

  return {
    virtual,
    visible: virtual
      ? items.map((item) => ({ ...lines[item.index]!, index: item.index }))
      : lines.map((line, index) => ({ ...line, index })),
    padTop: items[0]?.start ?? 0,
    padBottom: virtual && last ? virtualizer.getTotalSize() - last.end : 0,
    measureRow: virtual ? virtualizer.measureElement : undefined,
  };
}
