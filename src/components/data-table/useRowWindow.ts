import type { Row } from '@tanstack/react-table';
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type RefObject } from 'react';

export const ROW_HEIGHT = 41;
// Below this many rows every row is rendered; above it only the visible ones are.
const VIRTUALIZE_ABOVE = 150;
// How close to the last loaded row the next page is asked for, in rows.
const LOAD_AHEAD = 20;

/** Rows that come a page at a time: what TanStack Query's infinite query tells and does. */
export interface InfiniteRows {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Which rows to render, and where the scrolling box and the end of a short list are. */
export interface RowWindow<T = unknown> {
  virtual: boolean;
  scrollRef: RefObject<HTMLDivElement | null>;
  sentinelRef: RefObject<HTMLDivElement | null>;
  /** The rows to render, each with the index the virtualiser measures it by. */
  visible: Array<{ row: Row<T>; index: number }>;
  padTop: number;
  padBottom: number;
  measureRow: ((node: Element | null) => void) | undefined;
}

/**
 * Which rows are in the page: every one, or above VIRTUALIZE_ABOVE only those in view of the scrolling box (each
 * measured, so that a row of several lines takes its height), with the space of the others above and below. With
 * `infinite`, the next page is asked for as the last rows come into view: in the box, or for a short list the
 * end of the table in the window (`sentinelRef`, where the browser can tell; a button does it otherwise).
 */
export function useRowWindow<T>(
  rows: Row<T>[],
  maxHeight: number,
  infinite?: InfiniteRows,
): RowWindow<T> {
  const virtual = rows.length > VIRTUALIZE_ABOVE;
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns new functions each render by design; the React Compiler must not memoise it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    // jsdom lays nothing out: a row it measures at 0 keeps the estimate.
    measureElement: (element, entry, instance) =>
      measureElement(element, entry, instance) || ROW_HEIGHT,
    overscan: 12,
    // jsdom and the first paint have no layout yet: assume the full height.
    initialRect: { width: 1024, height: maxHeight },
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const last = items[items.length - 1];

  const fetchNextPage = infinite?.fetchNextPage;
  const waiting = Boolean(infinite?.hasNextPage && !infinite.isFetchingNextPage);
  const nearEnd = virtual && waiting && (last?.index ?? -1) >= rows.length - 1 - LOAD_AHEAD;
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
  }, [watchEnd, fetchNextPage]);

  return {
    virtual,
    scrollRef,
    sentinelRef,
    visible: virtual
      ? items.map((item) => ({ row: rows[item.index]!, index: item.index }))
      : rows.map((row, index) => ({ row, index })),
    padTop: items[0]?.start ?? 0,
    padBottom: virtual && last ? virtualizer.getTotalSize() - last.end : 0,
    measureRow: virtual ? virtualizer.measureElement : undefined,
  };
}
