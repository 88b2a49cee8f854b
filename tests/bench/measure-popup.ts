import { chromium, type Page } from '@playwright/test';
import type { BenchBrowser, LoadedExtension } from './browser.ts';
import { CAPTURE_SPACING_MS } from './measure-report.ts';
import { POPUP_FLOOR_PAGE } from './reference-extension.ts';

// 2. Popup ready: the real toolbar popup (chrome.action.openPopup) over the
// phishing page, from the popup's navigation start to `popup-ready`, the mark
// our popup sets once its form shows the tab's address and the connection:
// its kept first render, painted by the shell script before the app
// (components/popup/kept-render.ts), or on a first open the app's render
// (components/popup/report-form.tsx). Beside it, `popup-mounted`: the app has
// rendered over it and every control answers. The limit: the reference extension's
// popup, an empty page whose one script sets the same mark. The floor: its
// second popup, a form in the HTML filled from the tab and storage, the reads
// any report popup makes before it can show the address and the connection.
// Alternating, in the same browser. Both read in the page's own clock, so the socket between
// Node and the browser adds nothing.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * BENCH_POPUP_FIRST=1: every open of ours is a first open, with no kept
 * render (as after an install, an update, or a change of the connection or
 * settings): the render each open keeps, once the page is idle, is deleted
 * with the pages' localStorage before the popup closes. The scripts stay in
 * V8's code cache, as on any open after the first since install.
 */
const FIRST_OPEN = process.env.BENCH_POPUP_FIRST === '1';

/** Deletes what our popup keeps in the pages' localStorage (its kept render, the theme's copy), once it has kept its render. */
async function forgetKeptRender(popup: Page): Promise<void> {
  await popup.waitForFunction(() => localStorage.getItem('takedown-reporter:popup-shell') !== null, undefined, { polling: 20, timeout: 5_000 });
  await popup.evaluate(() => localStorage.clear());
}

export interface PopupReady {
  ours: number[];
  empty: number[];
  /** The reference's second popup: a static form filled from the reads a report popup needs (the tab, storage). */
  floor: number[];
  /** What the last popup of ours showed, checked once it was ready. */
  shown: { subject: string; connected: boolean };
  /** Our popup's first contentful paint, per run. */
  shellPaint: number[];
  /** Ours: when the app had rendered and every control answered (`popup-mounted`), per run. */
  mounted: number[];
  /** Ours: how many of the timed opens the kept first render painted (components/popup/kept-render.ts). */
  fromShell: number;
  /** The design floor (reference-extension.ts › writePopupFloor): our popup's files, none of their code run; its `popup-ready` and `popup-mounted`. */
  design: { ready: number[]; mounted: number[] };
}

/** Opens `page` as the extension's toolbar popup (action.setPopup, then openPopup from its worker) and answers the popup's page once listed. */
export async function openPopup(bench: Pick<BenchBrowser, 'worker' | 'debugPort'>, extension: LoadedExtension, page = 'popup.html'): Promise<{ popup: Page; done(): Promise<void> }> {
  const worker = await bench.worker(extension);
  await worker.evaluate(async (path) => {
    const { action } = (globalThis as unknown as { chrome: { action: { setPopup(details: { popup: string }): Promise<void>; openPopup(): Promise<void> } } }).chrome;
    await action.setPopup({ popup: path });
    await action.openPopup();
  }, page);
  const url = `chrome-extension://${extension.id}/${page}`;
  // A CDP connection made after the popup opened lists it (one made before does not see new popups).
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${bench.debugPort}`);
  for (let attempt = 0; attempt < 400; attempt++) {
    const popup = cdp
      .contexts()
      .flatMap((context) => context.pages())
      .find((page) => page.url() === url);
    if (popup) {
      return {
        popup,
        async done() {
          await popup.close();
          await cdp.close();
        },
      };
    }
    await sleep(10);
  }
  await cdp.close();
  throw new Error(`The toolbar popup of ${extension.id} did not open.`);
}

/** Milliseconds from the popup's navigation start to its `mark` (`popup-ready`, `popup-mounted`). */
async function markAt(popup: Page, mark: string): Promise<number> {
  const handle = await popup.waitForFunction((name) => performance.getEntriesByName(name)[0]?.startTime, mark, { polling: 10, timeout: 20_000 });
  return Number(await handle.jsonValue());
}

/** Opens each of the three popups `runs` times over `tab`, in turn, after one untimed warm-up each. */
export async function measurePopupReady(bench: BenchBrowser, tab: Page, runs: number): Promise<PopupReady> {
  const result: PopupReady = { ours: [], empty: [], floor: [], shown: { subject: '', connected: false }, shellPaint: [], mounted: [], fromShell: 0, design: { ready: [], mounted: [] } };
  for (let run = -1; run < runs; run++) {
    for (const [extension, page, into] of [
      [bench.ours, 'popup.html', result.ours],
      [bench.reference, 'page.html', result.empty],
      [bench.reference, 'reads.html', result.floor],
      [bench.reference, POPUP_FLOOR_PAGE, result.design.ready],
    ] as const) {
      await tab.bringToFront();
      // Our popup captures the tab for its draft: keep within captureVisibleTab's quota.
      await sleep(CAPTURE_SPACING_MS);
      const { popup, done } = await openPopup(bench, extension, page);
      const ms = await markAt(popup, 'popup-ready');
      if (extension === bench.ours) {
        const subject = popup.locator('#report-subject');
        result.shown = {
          subject: await subject.inputValue().catch(() => ''),
          connected: (await popup.locator('[data-state="connected"]').count()) > 0,
        };
      }
      if (run >= 0) into.push(ms);
      if (run >= 0 && page === POPUP_FLOOR_PAGE) result.design.mounted.push(await markAt(popup, 'popup-mounted'));
      if (run >= 0 && extension === bench.ours) {
        result.shellPaint.push(await popup.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1));
        result.mounted.push(await markAt(popup, 'popup-mounted'));
        if (await popup.evaluate(() => (performance.getEntriesByName('popup-ready')[0] as PerformanceMark | undefined)?.detail === 'shell')) result.fromShell++;
      }
      if (FIRST_OPEN && extension === bench.ours) await forgetKeptRender(popup);
      await done();
    }
  }
  return result;
}
