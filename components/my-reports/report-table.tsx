import type { JSX, RefObject } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { RowSort } from '@/components/my-reports/report-row-query';
import { REPORT_COLUMNS, type ReportColumn, type ReportRow } from '@/components/my-reports/report-rows';
import { ReportTableHead } from './report-table-head';
import { ReportTableRow } from './report-table-row';
import { useBackToTop, useKeepFocus, useScrollToTarget } from './use-report-scroll';
import { useRowReach, reachFor, type RowReach } from './use-row-reach';
import { useVirtualizer } from './use-virtualizer';
import { OVERSCAN, ROW_HEIGHT, SCROLLER_SHARE } from './table-size';

interface ReportTableProps {
  rows: readonly ReportRow[];
  sort: RowSort;
  onSort(column: ReportColumn): void;
  /** Key of the row to scroll to once (a notification's `#report-<id>`). */
  target: string | null;
  /** Changes when the filter or the sort does: back to the first row. */
  listing: string;
  /** Keep it the same function (useCallback): rows in view keep the one they were rendered with. */
  onDelete(row: ReportRow): void;
}

/**
 * A row's height before it is measured: two lines, or a report with its
 * problem and buttons. Close guesses matter at 10,000 rows: each measured row
 * that differs moves every row below it.
 */
const estimateSize = (row: ReportRow | undefined) => (row?.needsAttention ? 140 : ROW_HEIGHT);
/** The sticky header's height before it is measured; the rows start below it. */
const HEADER = 40;

type RowVirtualizer = ReturnType<typeof useVirtualizer<HTMLDivElement, HTMLTableRowElement>>;
type KeptRow = { row: ReportRow; index: number; slot: number; element: JSX.Element };

/** The virtualizer over the rows laid out (the rest as space): the rows in view only at the first paint of a listing, a few beyond them after it. */
function useRowVirtualizer(rows: readonly ReportRow[], { laidOut, listing }: { laidOut: number; listing: string }, scroller: RefObject<HTMLDivElement | null>, header: number): RowVirtualizer {
  // The first paint, and a keystroke's, have the rows in view only; those beyond them come after it (issue 24:
  // My reports' first render; issue 43: a keystroke rendered 8 rows more than it showed).
  const [painted, setPainted] = useState<string | null>(null);
  useEffect(() => setPainted(listing), [listing]);
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  return useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: laidOut,
    // The rows not laid out yet, at their usual height: the scroll bar stands for all of them.
    paddingEnd: (rows.length - laidOut) * ROW_HEIGHT,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => estimateSize(rows[index]),
    getItemKey,
    overscan: painted === listing ? OVERSCAN : 0,
    paddingStart: header,
    scrollPaddingStart: header,
    // The scroller's height before it is measured (its CSS max-height, 70vh): the first paint has rows in it.
    initialRect: { width: 0, height: Math.round((globalThis.innerHeight ?? 0) * SCROLLER_SHARE) },
  });
}

/** Lays out further when the view nears the rows not laid out yet (a scroll, a drag of the bar, End). */
function useReachOnScroll(scroller: RefObject<HTMLDivElement | null>, virtualizer: RowVirtualizer, { laidOut, reachTo }: RowReach): () => void {
  return useCallback(() => {
    const box = scroller.current;
    const space = virtualizer.options.paddingEnd;
    if (!box || space === 0) return;
    const laidOutEnd = virtualizer.getTotalSize() - space;
    // A screen ahead, so that rows are there before they come into view.
    const bottom = box.scrollTop + box.clientHeight * 2;
    if (bottom > laidOutEnd) reachTo(reachFor(laidOut, laidOutEnd, bottom, ROW_HEIGHT));
  }, [virtualizer, laidOut, reachTo]);
}

/**
 * A row's element measured as the row it now shows: TanStack keeps an element
 * per row key, so the key of the row it showed before lets go of it (else
 * measuring that row later would stop observing this element).
 */
function useMeasureRow(virtualizer: RowVirtualizer): (element: HTMLTableRowElement | null) => void {
  return useCallback(
    (element) => {
      if (element) for (const [key, cached] of virtualizer.elementsCache) if (cached === element) virtualizer.elementsCache.delete(key);
      virtualizer.measureElement(element);
    },
    [virtualizer],
  );
}

interface KeptRows {
  listing: string;
  rows: Map<unknown, KeptRow>;
  /** The next new element's key. */
  slots: number;
}

/**
 * The rows in view as elements. Scrolling re-renders the table each frame:
 * rows still in view keep their element, so only new rows render. After a
 * change of the filter or the sort, the rows in view take the elements of the
 * rows shown before, in order (Preact keys are element slots, not rows): a
 * keystroke rewrites the text of some rows rather than building new rows and
 * removing the old ones (issue 43).
 */
function useKeptRows(rows: readonly ReportRow[], virtualizer: RowVirtualizer, { listing, target }: { listing: string; target: string | null }, onDelete: (row: ReportRow) => void): JSX.Element[] {
  const kept = useRef<KeptRows>({ listing, rows: new Map(), slots: 0 });
  const measure = useMeasureRow(virtualizer);
  const items = virtualizer.getVirtualItems();
  // Rows are in the document, to be painted in this frame: `npm run bench` reads this mark (first render).
  const hasRows = items.length > 0;
  useLayoutEffect(() => {
    if (hasRows && !performance.getEntriesByName('my-reports-rows').length) performance.mark('my-reports-rows');
  }, [hasRows]);
  const before = kept.current;
  const relisted = before.listing !== listing;
  const free = relisted ? [...before.rows.values()].map(({ slot }) => slot) : [];
  let slots = before.slots;
  const next = new Map<unknown, KeptRow>();
  const elements = items.map(({ key, index }) => {
    const row = rows[index]!;
    const was = relisted ? undefined : before.rows.get(key);
    const slot = was?.slot ?? free.shift() ?? slots++;
    const element =
      was && was.row === row && was.index === index ? was.element : <ReportTableRow key={slot} row={row} index={index} target={row.key === target} measure={measure} onDelete={onDelete} />;
    next.set(key, { row, index, slot, element });
    return element;
  });
  kept.current = { listing, rows: next, slots };
  return elements;
}

/**
 * The listed rows as a table with sortable headers. Only the rows in view
 * (and a few beyond) are in the DOM; spacer rows above and below keep the
 * scroll height, and `aria-rowcount`/`aria-rowindex` tell assistive tech the whole size.
 */
export function ReportTable({ rows, sort, onSort, target, listing, onDelete }: ReportTableProps): JSX.Element {
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  const [header, setHeader] = useState(HEADER);
  useLayoutEffect(() => setHeader(head.current?.offsetHeight || HEADER), []);
  const reach = useRowReach(rows.length, listing);
  const virtualizer = useRowVirtualizer(rows, { laidOut: reach.laidOut, listing }, scroller, header);
  const onScroll = useReachOnScroll(scroller, virtualizer, reach);
  useBackToTop(listing, virtualizer);
  useScrollToTarget(target, rows, virtualizer, reach);
  const keepFocus = useKeepFocus(scroller);
  const elements = useKeptRows(rows, virtualizer, { listing, target }, onDelete);
  const items = virtualizer.getVirtualItems();
  const before = items.length ? items[0]!.start - header : 0;
  const after = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  return (
    <div ref={scroller} class="report-scroll" tabIndex={0} role="region" aria-label={i18n.t('my_reports.scroll_label')} onFocusOut={keepFocus} onScroll={onScroll}>
      <table class="report-table" aria-rowcount={rows.length + 1}>
        <caption class="visually-hidden">{i18n.t('my_reports.caption')}</caption>
        <ReportTableHead head={head} sort={sort} onSort={onSort} />
        <tbody>
          {before > 0 && <Spacer height={before} />}
          {elements}
          {after > 0 && <Spacer height={after} />}
        </tbody>
      </table>
    </div>
  );
}

/** An empty row of the height of the rows not rendered, so the scroll height stays. */
function Spacer({ height }: { height: number }): JSX.Element {
  return (
    <tr aria-hidden="true" class="report-spacer">
      <td colSpan={REPORT_COLUMNS.length + 1} style={{ height: `${height}px` }} />
    </tr>
  );
}
