// The sizes My reports' table is laid out with, apart from the table itself:
// the first reads (early-report-reads.ts) size the first page by them before
// any of the page's other code runs.

/** A report's row of two lines, the usual one. */
export const ROW_HEIGHT = 45;
/** Rows rendered beyond the visible ones, each way. */
export const OVERSCAN = 8;
/** The scroller's height before it is measured, as a share of the window's: its CSS max-height (70vh). */
export const SCROLLER_SHARE = 0.7;

/**
 * How many rows the table's first view renders in a window this tall: those
 * that fit and those beyond them. My reports reads as many first, so that
 * its first paint waits for no more (issue 24).
 */
export function rowsInFirstView(windowHeight: number): number {
  return Math.ceil((windowHeight * SCROLLER_SHARE) / ROW_HEIGHT) + OVERSCAN;
}
