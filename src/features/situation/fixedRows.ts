import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';

/**
 * A virtualised list of rows all `rowHeight` tall (the drone list, the open alerts): attach `scroller` to the scrolling
 * element, render `virtualizer.getVirtualItems()` inside a box `virtualizer.getTotalSize()` tall, each row at
 * `fixedRowSx(rowHeight, item.start)`.
 */
export function useFixedRows<E extends HTMLElement>(count: number, rowHeight: number, visibleRows: number, overscan: number) {
  const scroller = useRef<E>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan,
    // Until the list is measured (and where nothing is, as in jsdom): a list `visibleRows` tall.
    initialRect: { width: 300, height: rowHeight * visibleRows },
  });
  return { scroller, virtualizer };
}

/** A row placed at `top` within its list's full-height box. */
export const fixedRowSx = (rowHeight: number, top: number) =>
  ({ position: 'absolute', top: 0, left: 0, right: 0, height: rowHeight, transform: `translateY(${top}px)` }) as const;
