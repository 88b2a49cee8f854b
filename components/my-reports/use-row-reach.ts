import { useCallback, useState } from 'preact/hooks';

// How far down the listed rows the virtualizer lays them out. Laying out a
// row is a step per row on every change of the list (TanStack sums every
// row's size): at 100,000 rows a keystroke spent more on that than on the
// search itself. So after each change it lays out the first screens only;
// the rows below stand as space of their usual height (paddingEnd), and it
// lays out further as the table scrolls toward them.

/** Rows laid out after a change of the filter or the sort: some screens of them. */
export const FIRST_REACH = 200;

/** How many rows to lay out so that the list shows down to `bottom` px, with FIRST_REACH more below. */
export function reachFor(laidOut: number, laidOutEnd: number, bottom: number, rowHeight: number): number {
  return laidOut + Math.max(0, Math.ceil((bottom - laidOutEnd) / rowHeight)) + FIRST_REACH;
}

export interface RowReach {
  /** Rows laid out: at most the listed ones. */
  laidOut: number;
  /** Lays out at least the rows up to this count. */
  reachTo(rows: number): void;
}

/** The rows laid out: FIRST_REACH after each change of `listing` (the filter and the sort), more when asked. */
export function useRowReach(total: number, listing: string): RowReach {
  const [reach, setReach] = useState({ listing, rows: FIRST_REACH });
  const rows = reach.listing === listing ? reach.rows : FIRST_REACH;
  const reachTo = useCallback(
    (wanted: number) => setReach((was) => (was.listing === listing && was.rows >= wanted ? was : { listing, rows: Math.max(wanted, was.listing === listing ? was.rows : FIRST_REACH) })),
    [listing],
  );
  return { laidOut: Math.min(total, rows), reachTo };
}
