import { browser } from 'wxt/browser';
import type { StoredFile } from '../storage/report-types';
import type { EvidenceDefaults } from '../settings/settings';
import type { EvidenceContext } from '../storage/evidence-context';
import { CAPTURE_PART_LIMIT_MS, captureProblem, PartGivenUp, siteOf, withinLimit, type CaptureProblem } from './capture-limits';
import type { PageSnapshot } from './collect-page-snapshot';
import { pageEvidenceFiles } from './page-files';
import { fitScreenshot, stampLines, stampScreenshot } from './screenshot';

/** The steps a capture says as it goes; a report's progress (utils/report/progress.ts) shows them beside its upload. */
type CaptureStep = 'capture' | 'stamp' | 'collect';

/** Told when a step of the capture starts, ends or fails. */
type CaptureProgress = (step: CaptureStep, state: 'active' | 'done' | 'failed') => void;

// Evidence of a report, captured in the background with the activeTab grant a
// menu click, shortcut or toolbar click gave: a stamped screenshot of the
// visible tab, the page's source and details, and the context the evidence
// record is written from (utils/report/outbox.ts writes the record itself).

/** Largest screenshot kept: leaves room for the page files and the user's own under the 10 MB limit. */
export const SCREENSHOT_MAX_BYTES = 4_000_000;
/**
 * The script that reads the page snapshot in the tab (entrypoints/page-snapshot.ts,
 * collectPageSnapshot with SNAPSHOT_CAPS); its value is the snapshot.
 */
export const PAGE_SNAPSHOT_SCRIPT = '/page-snapshot.js';
export { CAPTURE_PART_LIMIT_MS };

/** The tab the evidence is taken from. */
export interface EvidenceTab {
  id: number;
  windowId: number;
  url?: string;
  title?: string;
}

export interface CaptureRequest {
  tab: EvidenceTab;
  /** The address reported: the page, or for a link report the link's target. */
  requestedUrl: string;
  /** Set for a link report: the screenshot shows the page the link was found on, labelled so. */
  linkUrl?: string;
  include: EvidenceDefaults;
  reporter?: string;
  now?: Date;
  /** Told of each step as it starts and ends (utils/report/progress.ts). */
  onProgress?: CaptureProgress;
}

export interface CapturedEvidence {
  files: StoredFile[];
  context: EvidenceContext;
  /** What could not be captured; the report goes without it. */
  problems: CaptureProblem[];
}

/** The browser calls capture needs; tests replace them. */
export interface CaptureBrowser {
  captureVisibleTab(windowId: number): Promise<string>;
  /** The tab's address now: a tab that left the reported site while it was captured is not what the user reported. */
  tabUrl(tabId: number): Promise<string | undefined>;
  snapshotPage(tabId: number): Promise<PageSnapshot>;
  browserInfo(): Promise<EvidenceContext['browser']>;
  extensionVersion(): string;
  /** Draws the stamp on the screenshot (an OffscreenCanvas: a real browser's). */
  stampScreenshot: typeof stampScreenshot;
  /** Brings the stamped screenshot under a byte size. */
  fitScreenshot: typeof fitScreenshot;
}

/** Reads the browser's name and version: Firefox says so itself; Chromium's come from its user agent. */
/** The browser's name, version and language, for the evidence record. */
export async function readBrowserInfo(): Promise<EvidenceContext['browser']> {
  const language = navigator.language;
  const runtime = browser.runtime as typeof browser.runtime & { getBrowserInfo?: () => Promise<{ name: string; version: string }> };
  if (runtime.getBrowserInfo) {
    const { name, version } = await runtime.getBrowserInfo();
    return { name, version, language };
  }
  const brands = (navigator as Navigator & { userAgentData?: { brands: { brand: string; version: string }[] } }).userAgentData?.brands ?? [];
  const brand = brands.find((entry) => !/Not.?A.?Brand|Chromium/i.test(entry.brand)) ?? brands.find((entry) => entry.brand === 'Chromium');
  const chrome = /Chrome\/([\d.]+)/.exec(navigator.userAgent);
  return { name: brand?.brand ?? 'Chromium', version: chrome?.[1] ?? brand?.version ?? '', language };
}

/** Chromium allows two captureVisibleTab calls a second (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND); two reports in quick succession wait their turn. */
const CAPTURE_QUOTA = /MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND/;
export const CAPTURE_QUOTA_WAIT_MS = 550;
const CAPTURE_QUOTA_TRIES = 4;

/** Calls `capture`, waiting and trying again while the browser says its per-second quota is used up. */
export async function withinCaptureQuota<T>(capture: () => Promise<T>, wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await capture();
    } catch (error) {
      if (attempt >= CAPTURE_QUOTA_TRIES || !CAPTURE_QUOTA.test(error instanceof Error ? error.message : String(error))) throw error;
      await wait(CAPTURE_QUOTA_WAIT_MS);
    }
  }
}

/** The real browser. */
export const realCaptureBrowser: CaptureBrowser = {
  captureVisibleTab: (windowId) => withinCaptureQuota(() => browser.tabs.captureVisibleTab(windowId, { format: 'png' })),
  tabUrl: async (tabId) => (await browser.tabs.get(tabId)).url,
  async snapshotPage(tabId) {
    const [result] = await browser.scripting.executeScript({
      target: { tabId },
      files: [PAGE_SNAPSHOT_SCRIPT],
    });
    if (!result?.result) throw new Error('The page gave no snapshot.');
    return result.result as PageSnapshot;
  },
  browserInfo: readBrowserInfo,
  extensionVersion: () => browser.runtime.getManifest().version,
  stampScreenshot,
  fitScreenshot,
};

async function dataUrlToBlob(dataUrl: string): Promise<Blob> {
  return (await fetch(dataUrl)).blob();
}

function screenshotName(at: Date, type: string): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return `screenshot-${stamp}.${type === 'image/jpeg' ? 'jpg' : 'png'}`;
}

/**
 * Captures the evidence a report asks for; what cannot be captured is named
 * in `problems` (and in the context, for the evidence record), never fatal.
 * Each part has CAPTURE_PART_LIMIT_MS, and a part taken after the tab left
 * the reported site is dropped.
 */
export async function captureEvidence(request: CaptureRequest, real: CaptureBrowser = realCaptureBrowser): Promise<CapturedEvidence> {
  const capturedAt = request.now ?? new Date();
  const { tab, include } = request;
  const files: StoredFile[] = [];
  const problems: CaptureProblem[] = [];
  let snapshot: PageSnapshot | undefined;
  const site = siteOf(tab.url);
  const stillThere = async () => {
    // A tab that cannot be read now (closed) still showed the page when it was captured.
    if (site && siteOf(await real.tabUrl(tab.id).catch(() => tab.url)) !== site) throw new PartGivenUp('navigated');
  };
  /** The browser refused a part: when the tab has left the site meanwhile, that is why (not a browser page). */
  const explained = <T>(part: Promise<T>): Promise<T> =>
    part.catch(async (error: unknown) => {
      await stillThere();
      throw error;
    });

  // Both parts at once: a page that hangs holds the capture CAPTURE_PART_LIMIT_MS at most, not twice that.
  const progress: CaptureProgress = request.onProgress ?? (() => undefined);
  const screenshotPart = async (): Promise<StoredFile | CaptureProblem | undefined> => {
    if (!include.screenshot) return undefined;
    let step: CaptureStep = 'capture';
    // A part given up at its time limit may still run on: it says nothing more after its failure.
    let over = false;
    const say: CaptureProgress = (at, state) => over || progress(at, state);
    say('capture', 'active');
    try {
      const shot = async () => {
        const png = await dataUrlToBlob(await explained(real.captureVisibleTab(tab.windowId)));
        await stillThere();
        say('capture', 'done');
        say((step = 'stamp'), 'active');
        const pageUrl = tab.url ?? request.requestedUrl;
        const lines = stampLines({ pageUrl, capturedAt, ...(request.reporter ? { reporter: request.reporter } : {}), ...(request.linkUrl ? { linkUrl: request.linkUrl } : {}) });
        return real.fitScreenshot(await real.stampScreenshot(png, lines), SCREENSHOT_MAX_BYTES);
      };
      const fitted = await withinLimit(shot(), CAPTURE_PART_LIMIT_MS);
      say('stamp', 'done');
      return { name: screenshotName(capturedAt, fitted.type), type: fitted.type, blob: fitted.blob, role: 'screenshot' };
    } catch (error) {
      say(step, 'failed');
      over = true;
      return captureProblem('screenshot', error);
    }
  };
  const pagePart = async (): Promise<PageSnapshot | CaptureProblem | undefined> => {
    if (!include.pageSource && !include.pageDetails) return undefined;
    progress('collect', 'active');
    try {
      const taken = await withinLimit(explained(real.snapshotPage(tab.id)), CAPTURE_PART_LIMIT_MS);
      if (site && siteOf(taken.url) !== site) throw new PartGivenUp('navigated');
      progress('collect', 'done');
      return taken;
    } catch (error) {
      progress('collect', 'failed');
      return captureProblem('page', error);
    }
  };
  const [shot, page] = await Promise.all([screenshotPart(), pagePart()]);
  if (shot && 'kind' in shot) problems.push(shot);
  else if (shot) files.push(shot);
  if (page && 'kind' in page) problems.push(page);
  else if (page) {
    snapshot = page;
    for (const file of pageEvidenceFiles(page, { source: include.pageSource, details: include.pageDetails })) {
      files.push({ name: file.name, type: file.type, blob: file, role: file.name.startsWith('page-source') ? 'page_source' : 'page_details' });
    }
  }

  const currentUrl = snapshot?.url ?? tab.url;
  const title = snapshot?.title ?? tab.title;
  const context: EvidenceContext = {
    requestedUrl: request.requestedUrl,
    ...(currentUrl && currentUrl !== request.requestedUrl ? { currentUrl } : {}),
    ...(title ? { title } : {}),
    capturedAt,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    browser: await real.browserInfo(),
    extensionVersion: real.extensionVersion(),
    ...(request.reporter ? { reporter: request.reporter } : {}),
    // Said in the evidence record and the result notification: the report goes without them.
    ...(problems.length > 0 ? { notCaptured: problems } : {}),
  };
  return { files, context, problems };
}
