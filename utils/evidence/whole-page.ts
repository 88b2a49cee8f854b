import { browser } from 'wxt/browser';
import type { WholePageShot } from '../storage/evidence-context';
import type { StoredFile } from '../storage/report-types';
import { captureProblem, PartGivenUp, withinLimit, type CaptureProblem } from './capture-limits';
import type { fitScreenshot, stampScreenshot } from './screenshot';
import { screenshotFile } from './screenshot-name';
import { placeSlice, wholePageScale, type SliceAt, type WholePagePlan } from './whole-page-plan';
import type { WholePageSteps } from './whole-page-tab';

// The whole page's screenshot, taken in the worker (issue 41): the tab's
// script (entrypoints/whole-page-steps.ts) scrolls, the worker captures each screen
// within Chromium's two captures a second and draws it into one
// OffscreenCanvas; Firefox renders the page's rectangle in one call. The
// image is then stamped and fitted as the visible one is (screenshot.ts).

/** Chromium allows two captureVisibleTab calls a second (capture-quota.ts): the slices keep this far apart. */
const SLICE_GAP_MS = 510;

/** The browser calls a whole-page capture needs; tests replace them. */
export interface WholePageBrowser {
  /** Injects the tab's script ('start': the page's plan), then calls its steps: scrolls to a slice (answered once drawn), or restores the page. */
  wholePageStep(tabId: number, step: 'start' | 'scroll' | 'restore', index?: number): Promise<unknown>;
  captureVisibleTab(windowId: number): Promise<string>;
  /** Whether the tab is the one its window shows: a screen captured after the user switched tabs would show another tab. */
  tabActive(tabId: number): Promise<boolean>;
  /** Firefox only: renders the page's rectangle in one call (captureVisibleTab's `rect` and `scale`, Firefox 82). */
  captureRect?(windowId: number, rect: { x: number; y: number; width: number; height: number }, scale: number): Promise<string>;
}

/** The tab's script that measures the page and scrolls it (entrypoints/whole-page-steps.ts). */
const WHOLE_PAGE_SCRIPT = '/whole-page-steps.js';

/** The real browser's whole-page calls (the capture's own captureVisibleTab, within its quota, does the rest). */
export const realWholePageBrowser: Omit<WholePageBrowser, 'captureVisibleTab'> = {
  async wholePageStep(tabId, step, index = 0) {
    const call = (name: 'scroll' | 'restore', at: number) => (globalThis as unknown as { takedownWholePage: WholePageSteps }).takedownWholePage[name](at);
    const [result] = await browser.scripting.executeScript(step === 'start' ? { target: { tabId }, files: [WHOLE_PAGE_SCRIPT] } : { target: { tabId }, func: call, args: [step, index] });
    return result?.result;
  },
  tabActive: async (tabId) => (await browser.tabs.get(tabId)).active,
  // Firefox's captureVisibleTab renders any rectangle of the page; Chromium's refuses the option.
  ...(import.meta.env.FIREFOX ? { captureRect: (windowId: number, rect: object, scale: number) => browser.tabs.captureVisibleTab(windowId, { format: 'png', rect, scale } as never) } : {}),
};

/** The whole page, drawn: its image (or bitmap) and how much of the page it shows. */
export interface DrawnPage {
  image: Blob | ImageBitmap;
  shot: WholePageShot;
}

/** The image a capture's data URL holds. */
export async function dataUrlToBlob(dataUrl: string): Promise<Blob> {
  return (await fetch(dataUrl)).blob();
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Scrolls and captures a screen at a time until the plan's end or `deadline`
 * (then the image stops at the last screen taken), drawing each into one
 * canvas; `check` runs after each capture (the tab still shows the page).
 */
async function stitch(tab: { id: number; windowId: number }, plan: WholePagePlan, real: WholePageBrowser, deadline: number, check: () => Promise<void>): Promise<DrawnPage> {
  let canvas: OffscreenCanvas | undefined;
  let ratio = 1;
  let scale = 1;
  let covered = 0;
  let last = 0;
  for (let index = 0; index < plan.slices && Date.now() < deadline; index++) {
    const slice = (await real.wholePageStep(tab.id, 'scroll', index)) as SliceAt;
    await wait(last + SLICE_GAP_MS - Date.now());
    const image = await createImageBitmap(await dataUrlToBlob(await real.captureVisibleTab(tab.windowId)));
    last = Date.now();
    await check();
    if (!canvas) {
      ratio = image.width / plan.innerWidth;
      scale = wholePageScale(plan.height, ratio);
      canvas = new OffscreenCanvas(Math.round(plan.width * ratio * scale), Math.round(plan.height * ratio * scale));
    }
    canvas.getContext('2d')!.drawImage(image, ...placeSlice(slice, plan.width, ratio, scale));
    image.close();
    covered = slice.top + slice.rows;
  }
  const image = await createImageBitmap(canvas!, 0, 0, canvas!.width, Math.round(covered * ratio * scale));
  return { image, shot: { pageHeight: plan.pageHeight, height: covered, scale } };
}

/** Firefox: the page's rectangle rendered in one call, from the top as Chromium's first screen (a fixed or sticky element drawn where the top of the page shows it). */
export async function drawByRect(tab: { id: number; windowId: number }, plan: WholePagePlan, real: WholePageBrowser, check: () => Promise<void>): Promise<DrawnPage> {
  await real.wholePageStep(tab.id, 'scroll', 0);
  const scale = wholePageScale(plan.height, plan.ratio);
  const image = await dataUrlToBlob(await real.captureRect!(tab.windowId, { x: 0, y: 0, width: plan.width, height: plan.height }, plan.ratio * scale));
  await check();
  return { image, shot: { pageHeight: plan.pageHeight, height: plan.height, scale } };
}

/**
 * The whole page of `tab` as one image, the page put back as the user left it
 * whatever happens. Firefox renders it in one call; Chromium stitches screens
 * until `deadline`. Only Firefox's build carries its way (import.meta.env).
 */
export async function drawWholePage(tab: { id: number; windowId: number }, real: WholePageBrowser, deadline: number, check: () => Promise<void>): Promise<DrawnPage> {
  const plan = (await real.wholePageStep(tab.id, 'start')) as WholePagePlan;
  try {
    return await (import.meta.env.FIREFOX && real.captureRect ? drawByRect(tab, plan, real, check) : stitch(tab, plan, real, deadline, check));
  } finally {
    await real.wholePageStep(tab.id, 'restore').catch(() => undefined);
  }
}

/** Waits at most this long for the screens: the image then stops at the last one taken (said in the record). */
export const WHOLE_PAGE_SCREENS_MS = 12_000;
/** The whole-page part's limit: the screens, then drawing, stamping and fitting an image up to WHOLE_PAGE_MAX_PX tall. */
const WHOLE_PAGE_LIMIT_MS = 25_000;

/** What the whole-page part needs of its capture (a CaptureRun of capture.ts is one). */
export interface WholePageRun {
  request: { tab: { id: number; windowId: number } };
  real: WholePageBrowser & { stampScreenshot: typeof stampScreenshot; fitScreenshot: typeof fitScreenshot };
  capturedAt: Date;
  /** Told when the part starts, ends (with the seconds it took: a long capture says so) or fails. */
  progress(step: 'whole_page', state: 'active' | 'done' | 'failed', bytes?: number, seconds?: number): void;
  /** Throws when the tab left the reported site. */
  stillThere(): Promise<void>;
}

/**
 * The whole page's screenshot within its limit, stamped with `lines` and
 * fitted under `maxBytes`: its file and how much of the page it shows; or the
 * problem. Each screen is checked to show the reported page, its tab in front.
 */
export async function wholePagePart(run: WholePageRun, lines: string[], maxBytes: number): Promise<{ file: StoredFile; shot: WholePageShot } | CaptureProblem> {
  const { request, real, progress } = run;
  const started = Date.now();
  const check = async () => {
    await run.stillThere();
    if (!(await real.tabActive(request.tab.id))) throw new PartGivenUp('navigated');
  };
  const take = async () => {
    const drawn = await drawWholePage(request.tab, real, started + WHOLE_PAGE_SCREENS_MS, check);
    const fitted = await real.fitScreenshot(await real.stampScreenshot(drawn.image, lines), maxBytes);
    return {
      file: screenshotFile(run.capturedAt, fitted, true),
      shot: { ...drawn.shot, scale: drawn.shot.scale * fitted.scale },
    };
  };
  progress('whole_page', 'active');
  try {
    const taken = await withinLimit(take(), WHOLE_PAGE_LIMIT_MS);
    progress('whole_page', 'done', undefined, Math.round((Date.now() - started) / 1000));
    return taken;
  } catch (error) {
    progress('whole_page', 'failed');
    return captureProblem('whole_page', error);
  }
}
