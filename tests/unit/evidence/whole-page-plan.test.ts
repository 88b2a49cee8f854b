import { describe, expect, it } from 'vitest';
import { placeSlice, planWholePage, sliceAt, wholePageScale, WHOLE_PAGE_MAX_PX } from '@/utils/evidence/whole-page-plan';

// Issue 41: the whole page is captured a screen at a time, the last screen
// partly, up to WHOLE_PAGE_MAX_PX tall, then scaled so the image is too.

describe('the whole page’s plan', () => {
  it.each([
    ['a page one screen tall', 800, 800, { pageHeight: 800, height: 800, slices: 1 }],
    ['a page shorter than the screen', 500, 800, { pageHeight: 500, height: 500, slices: 1 }],
    ['six screens exactly', 4800, 800, { pageHeight: 4800, height: 4800, slices: 6 }],
    ['six screens and a bit: a seventh, partly', 4850, 800, { pageHeight: 4850, height: 4850, slices: 7 }],
    ['a page taller than the cap: captured to the cap', 31_200, 800, { pageHeight: 31_200, height: WHOLE_PAGE_MAX_PX, slices: 25 }],
    ['an empty page: one screen, never none', 0, 800, { pageHeight: 0, height: 1, slices: 1 }],
  ])('%s', (_case, pageHeight, viewport, plan) => {
    expect(planWholePage(pageHeight, viewport)).toEqual(plan);
  });

  it.each([
    ['the first screen', 0, 0, { top: 0, offset: 0, rows: 800 }],
    ['a middle screen', 2, 1600, { top: 1600, offset: 0, rows: 800 }],
    // The page is 4850 tall: the browser stops scrolling at 4050, so the last 50 rows sit at the bottom of the screen.
    ['the last, partial screen of a page that stops scrolling early', 6, 4050, { top: 4800, offset: 750, rows: 50 }],
  ])('sliceAt: %s', (_case, index, scrolledTo, slice) => {
    expect(sliceAt(index, 800, 4850, scrolledTo)).toEqual(slice);
  });

  it('the last screen of a page cut at the cap keeps only the rows up to the cap', () => {
    expect(sliceAt(24, 800, WHOLE_PAGE_MAX_PX, 19_200)).toEqual({ top: 19_200, offset: 0, rows: 800 });
    expect(sliceAt(24, 820, WHOLE_PAGE_MAX_PX, 19_680)).toEqual({ top: 19_680, offset: 0, rows: 320 });
  });

  it.each([
    ['a page within the cap at 1×', 4800, 1, 1],
    ['a page within the cap at 2×', 4800, 2, 1],
    ['the cap at 2×: half the pixels', WHOLE_PAGE_MAX_PX, 2, 0.5],
    ['15,000 px at 2×', 15_000, 2, WHOLE_PAGE_MAX_PX / 30_000],
  ])('wholePageScale: %s', (_case, height, ratio, scale) => {
    expect(wholePageScale(height, ratio)).toBeCloseTo(scale, 10);
  });

  it('places a slice’s rows of the screen at its place in the image, at the ratio and scale', () => {
    // 2 image pixels a CSS pixel, the image at half size: the last 50 rows (from 750 down the screen) go to 4800.
    expect(placeSlice({ top: 4800, offset: 750, rows: 50 }, 1265, 2, 0.5)).toEqual([0, 1500, 2530, 100, 0, 4800, 1265, 50]);
  });
});
