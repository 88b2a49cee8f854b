import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawByRect, drawWholePage, wholePagePart, WHOLE_PAGE_SCREENS_MS, type WholePageBrowser, type WholePageRun } from '@/utils/evidence/whole-page';
import { sliceAt, WHOLE_PAGE_MAX_PX, type WholePagePlan } from '@/utils/evidence/whole-page-plan';

// Issue 41: the worker's side of the whole page. The browser's canvas and
// bitmaps are stood in for here (node has none): what is drawn where is
// recorded, the rest is the real code. Real drawing is covered end to end.

/** Each drawImage call's arguments after the image, and the canvases made. */
const drawn: { canvases: [number, number][]; draws: number[][]; crops: number[][] } = { canvases: [], draws: [], crops: [] };

class FakeCanvas {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    drawn.canvases.push([width, height]);
  }
  getContext() {
    return { drawImage: (_image: unknown, ...place: number[]) => drawn.draws.push(place) };
  }
}

/** A capture of a screen 1280 × 800 at `ratio` image pixels a CSS pixel. */
const screen = (ratio: number) => `data:image/png;base64,${btoa(`screen@${ratio}`)}`;

beforeEach(() => {
  drawn.canvases.length = drawn.draws.length = drawn.crops.length = 0;
  vi.stubGlobal('OffscreenCanvas', FakeCanvas);
  vi.stubGlobal('createImageBitmap', async (source: Blob | FakeCanvas, ...crop: number[]) => {
    if (source instanceof FakeCanvas) {
      drawn.crops.push(crop);
      return { width: crop[2], height: crop[3], close: () => undefined };
    }
    const ratio = Number((await source.text()).split('@')[1]);
    return { width: 1280 * ratio, height: 800 * ratio, close: () => undefined };
  });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Draws the whole page on fake timers (the screens' spacing would take seconds), from 10 s past the epoch. */
async function drawOnFakeTimers(tab: WholePageBrowser, deadline = Number.POSITIVE_INFINITY) {
  vi.useFakeTimers({ now: 10_000 });
  const drawing = drawWholePage(TAB, tab, deadline, noCheck);
  drawing.catch(() => undefined);
  await vi.runAllTimersAsync();
  return drawing;
}

const TAB = { id: 7, windowId: 3 };

/** The plan of a page `pageHeight` tall on a screen 800 tall (1265 wide without its scrollbar). */
function planOf(pageHeight: number, ratio = 1): WholePagePlan {
  const height = Math.min(pageHeight, WHOLE_PAGE_MAX_PX);
  return { pageHeight, height, width: 1265, viewport: 800, innerWidth: 1280, ratio, slices: Math.ceil(height / 800) };
}

/** A tab that scrolls as a browser does (stopping at the page's end) and records every call. */
function fakeTab(plan: WholePagePlan, overrides: Partial<WholePageBrowser> = {}): WholePageBrowser & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    wholePageStep: async (_tabId, step, index = 0) => {
      calls.push(step === 'start' ? 'start' : `${step} ${index}`);
      if (step === 'start') return plan;
      return step === 'scroll' ? sliceAt(index, plan.viewport, plan.height, Math.min(index * plan.viewport, plan.pageHeight - plan.viewport)) : undefined;
    },
    captureVisibleTab: async () => (calls.push('capture'), screen(plan.ratio)),
    tabActive: async () => true,
    ...overrides,
  };
}

const noCheck = async () => undefined;

describe('the whole page, stitched in Chromium', () => {
  it('captures a page six screens and a bit tall in seven screens, the last one partly, then puts the page back', async () => {
    const tab = fakeTab(planOf(4850));
    const page = await drawOnFakeTimers(tab, 10_000 + WHOLE_PAGE_SCREENS_MS);
    expect(tab.calls).toEqual(['start', ...[0, 1, 2, 3, 4, 5, 6].flatMap((index) => [`scroll ${index}`, 'capture']), 'restore 0']);
    expect(drawn.canvases).toEqual([[1265, 4850]]);
    // The seventh screen: the page stopped scrolling at 4050, so its last 50 rows sit 750 down the screen.
    expect(drawn.draws.at(-1)).toEqual([0, 750, 1265, 50, 0, 4800, 1265, 50]);
    expect(page.shot).toEqual({ pageHeight: 4850, height: 4850, scale: 1 });
  });

  it('captures a page taller than the cap to the cap, at half the pixels of a 2× screen', async () => {
    const tab = fakeTab(planOf(31_200, 2));
    const page = await drawOnFakeTimers(tab);
    expect(tab.calls.filter((call) => call === 'capture')).toHaveLength(25);
    expect(drawn.canvases).toEqual([[1265, WHOLE_PAGE_MAX_PX]]);
    expect(page.shot).toEqual({ pageHeight: 31_200, height: WHOLE_PAGE_MAX_PX, scale: 0.5 });
  });

  it('keeps its captures at least 510 ms apart: Chromium allows two a second', async () => {
    const at: number[] = [];
    await drawOnFakeTimers(fakeTab(planOf(2400), { captureVisibleTab: async () => (at.push(Date.now()), screen(1)) }));
    expect(at).toEqual([10_000, 10_510, 11_020]);
  });

  it('stops at the time limit with the screens it has, and says how much of the page the image shows', async () => {
    const page = await drawOnFakeTimers(fakeTab(planOf(8000)), 11_500);
    // Screens begun at 0, 510, 1020 and 1020 ms (taken at 1530): the fifth would begin after the limit.
    expect(drawn.draws).toHaveLength(4);
    expect(drawn.crops).toEqual([[0, 0, 1265, 3200]]);
    expect(page.shot).toEqual({ pageHeight: 8000, height: 3200, scale: 1 });
  });

  it('puts the page back when a screen cannot be taken', async () => {
    const tab = fakeTab(planOf(2400), { captureVisibleTab: () => Promise.reject(new Error('Tabs cannot be edited right now.')) });
    await expect(drawOnFakeTimers(tab)).rejects.toThrow('Tabs cannot be edited');
    expect(tab.calls.at(-1)).toBe('restore 0');
  });
});

describe('the whole page, rendered at once in Firefox', () => {
  it('scrolls to the top, then renders the page’s rectangle at the scale that keeps it within the cap', async () => {
    const rects: unknown[] = [];
    const tab = fakeTab(planOf(31_200, 2), { captureRect: async (_windowId, rect, scale) => (rects.push([rect, scale]), screen(2)) });
    const page = await drawByRect(TAB, planOf(31_200, 2), tab, noCheck);
    expect(tab.calls).toEqual(['scroll 0']);
    expect(rects).toEqual([[{ x: 0, y: 0, width: 1265, height: WHOLE_PAGE_MAX_PX }, 1]]);
    expect(page.shot).toEqual({ pageHeight: 31_200, height: WHOLE_PAGE_MAX_PX, scale: 0.5 });
  });
});

describe('the whole-page part of a capture', () => {
  /** A capture run over a fake tab; `fitScale` is what the fit to bytes kept. */
  function runOf(tab: WholePageBrowser, fitScale = 1, stillThere = noCheck): WholePageRun & { said: unknown[][] } {
    const said: unknown[][] = [];
    return {
      said,
      request: { tab: TAB },
      capturedAt: new Date('2026-11-22T10:00:00Z'),
      progress: (...args) => said.push(args.filter((arg) => arg !== undefined)),
      stillThere,
      real: {
        ...tab,
        stampScreenshot: async () => new Blob(['stamped'], { type: 'image/png' }),
        fitScreenshot: async (image) => ({ blob: image, type: 'image/jpeg', scale: fitScale }),
      },
    };
  }

  it('names the file as the whole page’s, keeps the fit’s scale in the shot, and says how long it took', async () => {
    const run = runOf(fakeTab(planOf(1600)), 0.75);
    vi.useFakeTimers({ now: 10_000 });
    const taking = wholePagePart(run, ['https://phish.example/'], 1_000_000);
    await vi.runAllTimersAsync();
    const part = await taking;
    expect(part).toMatchObject({ file: { name: 'screenshot-whole-page-2026-11-22T10-00-00-000Z.jpg', role: 'screenshot' }, shot: { pageHeight: 1600, height: 1600, scale: 0.75 } });
    expect(run.said[0]).toEqual(['whole_page', 'active']);
    // The second screen waited 510 ms for Chromium's quota: a second, rounded.
    expect(run.said[1]).toEqual(['whole_page', 'done', 1]);
  });

  it.each([
    ['another tab came in front', { tabActive: async () => false }, noCheck],
    ['the tab went to another site', {}, () => Promise.reject(Object.assign(new Error('navigated'), { reason: 'navigated' }))],
  ])('gives the whole page up when %s, and puts the page back', async (_case, overrides, stillThere) => {
    const tab = fakeTab(planOf(2400), overrides);
    const part = await wholePagePart(runOf(tab, 1, stillThere), [], 1_000_000);
    expect(part).toMatchObject({ kind: 'capture_failed', what: 'whole_page' });
    expect(tab.calls.at(-1)).toBe('restore 0');
  });

  it('names the tab left in front as the reason', async () => {
    const part = await wholePagePart(runOf(fakeTab(planOf(2400), { tabActive: async () => false })), [], 1_000_000);
    expect(part).toEqual({ kind: 'capture_failed', what: 'whole_page', reason: 'navigated' });
  });
});
