import type { RefObject } from 'preact';
import { useCallback, useEffect, useRef } from 'preact/hooks';
import type { Virtualizer } from '@tanstack/virtual-core';
import type { ReportRow } from '@/components/my-reports/report-rows';
import { FIRST_REACH, type RowReach } from './use-row-reach';

type RowVirtualizer = Virtualizer<HTMLDivElement, HTMLTableRowElement>;

/** Back to the first row when the filter or the sort changes (`listing`). */
export function useBackToTop(listing: string, virtualizer: RowVirtualizer): void {
  const listed = useRef(listing);
  useEffect(() => {
    if (listed.current === listing) return;
    listed.current = listing;
    // Already there (as while typing a search): no scroll to write and follow.
    if (virtualizer.scrollOffset) virtualizer.scrollToOffset(0);
  }, [listing]);
}

/**
 * The target, once: its row is laid out, the virtualizer scrolls it into the
 * DOM, then the row scrolls into view (bringing the table into the page's view too).
 */
export function useScrollToTarget(target: string | null, rows: readonly ReportRow[], virtualizer: RowVirtualizer, { laidOut, reachTo }: RowReach): void {
  const targetStep = useRef<'scroll' | 'reveal' | 'done'>('scroll');
  useEffect(() => {
    if (!target || targetStep.current === 'done') return;
    if (targetStep.current === 'scroll') {
      const index = rows.findIndex((row) => row.key === target);
      if (index < 0) return;
      // Laid out first: this effect runs again with it.
      if (index >= laidOut) return reachTo(index + FIRST_REACH);
      virtualizer.scrollToIndex(index, { align: 'center' });
      targetStep.current = 'reveal';
    }
    const element = document.getElementById(`report-${target}`);
    if (!element) return;
    element.scrollIntoView({ block: 'center' });
    targetStep.current = 'done';
  });
}

/**
 * A row action that redraws or removes its row (Send again, Delete) takes the focused control away:
 * the focus stays in that row, or in the table once the row is gone, rather than dropping to <body>.
 */
export function useKeepFocus(scroller: RefObject<HTMLDivElement | null>): (event: FocusEvent) => void {
  return useCallback((event: FocusEvent) => {
    const left = event.target as HTMLElement;
    const rowId = left.closest('tr')?.id;
    requestAnimationFrame(() => {
      if (document.activeElement !== document.body || left.isConnected) return;
      const row = rowId ? document.getElementById(rowId) : null;
      (row?.querySelector<HTMLElement>('button, a[href]') ?? scroller.current)?.focus();
    });
  }, []);
}
