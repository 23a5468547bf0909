import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type RefObject } from 'react';
import type { Line } from './rowDetail';

export const ROW_HEIGHT = 41;
// A detail's first guess, before it is measured (a few lines of a small grid).
const DETAIL_HEIGHT = 240;
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
  infinite?: InfiniteRows,
): RowWindow<T> {
  const rows = lines.filter((l) => !l.detail).length;
  const virtual = rows > VIRTUALIZE_ABOVE;
  const estimate = (detail: boolean | undefined) => (detail ? DETAIL_HEIGHT : ROW_HEIGHT);
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns new functions each render by design; the React Compiler must not memoise it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? lines.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimate(lines[index]?.detail),
    getItemKey: (index) => {
      const line = lines[index];
      return line ? `${line.row.id}${line.detail ? ':detail' : ''}` : index;
    },
    // jsdom lays nothing out: a line it measures at 0 keeps the estimate.
    measureElement: (element, entry, instance) =>
      measureElement(element, entry, instance) || estimate(element.hasAttribute('data-detail')),
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
  }, [watchEnd, fetchNextPage]);

  return {
    virtual,
    scrollRef,
    sentinelRef,
    visible: virtual
      ? items.map((item) => ({ ...lines[item.index]!, index: item.index }))
      : lines.map((line, index) => ({ ...line, index })),
    padTop: items[0]?.start ?? 0,
    padBottom: virtual && last ? virtualizer.getTotalSize() - last.end : 0,
    measureRow: virtual ? virtualizer.measureElement : undefined,
  };
}
