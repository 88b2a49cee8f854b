// The whole page's screenshot, planned (issue 41): Chromium captures only the
// visible screen, so the page is scrolled a screen at a time and the slices
// drawn one under the other; Firefox renders the page's rectangle in one
// call. Pure, so the tab's script (whole-page-tab.ts) and the worker
// (whole-page.ts) share one plan and the tests check it without a browser.

/** The whole page's screenshot is at most this tall (pixels of the image): a taller page is captured to this height of the page, then scaled so the image is too. */
export const WHOLE_PAGE_MAX_PX = 20_000;

/** The page as the tab measured it, and the slices to capture. CSS pixels. */
export interface WholePagePlan {
  /** The page's full height. */
  pageHeight: number;
  /** The height captured: the page's, or WHOLE_PAGE_MAX_PX when it is taller. */
  height: number;
  /** The viewport without its scrollbars: what a slice shows of the page. */
  width: number;
  viewport: number;
  /** The viewport with its scrollbars: what captureVisibleTab's image shows, to tell its pixels per CSS pixel. */
  innerWidth: number;
  /** Device pixels per CSS pixel: the scale Firefox renders the rectangle at. */
  ratio: number;
  /** Screens to capture, the last one partly. */
  slices: number;
}

/** A slice once the tab scrolled to it: where its rows go in the page, and where they start in the viewport (the browser stops scrolling at the page's end). */
export interface SliceAt {
  top: number;
  offset: number;
  rows: number;
}

/** How much of a page `pageHeight` tall to capture, and in how many screens `viewport` tall. */
export function planWholePage(pageHeight: number, viewport: number, maxHeight = WHOLE_PAGE_MAX_PX): Pick<WholePagePlan, 'pageHeight' | 'height' | 'slices'> {
  const height = Math.max(1, Math.min(pageHeight, maxHeight));
  return { pageHeight, height, slices: Math.ceil(height / Math.max(1, viewport)) };
}

/** Slice `index` of a capture `height` tall, once the tab scrolled to `scrolledTo` (less than asked at the page's end). */
export function sliceAt(index: number, viewport: number, height: number, scrolledTo: number): SliceAt {
  const top = index * viewport;
  return { top, offset: top - scrolledTo, rows: Math.min(viewport, height - top) };
}

/** The share of the captured pixels kept so the image is at most WHOLE_PAGE_MAX_PX tall: `height` CSS pixels at `ratio` device pixels each. */
export function wholePageScale(height: number, ratio: number): number {
  return Math.min(1, WHOLE_PAGE_MAX_PX / (height * ratio));
}

/** drawImage's arguments for a slice: its rows of the screen's image (`ratio` image pixels per CSS pixel), to their place in the whole page's image at `scale`. */
export function placeSlice(slice: SliceAt, width: number, ratio: number, scale: number): [number, number, number, number, number, number, number, number] {
  const to = ratio * scale;
  return [0, slice.offset * ratio, width * ratio, slice.rows * ratio, 0, slice.top * to, width * to, slice.rows * to];
}
