import { browser } from 'wxt/browser';
import type { StoredFile } from '../storage/report-types';
import type { EvidenceDefaults } from '../settings/settings';
import type { EvidenceContext } from '../storage/evidence-context';
import { CAPTURE_PART_LIMIT_MS, captureProblem, PartGivenUp, siteOf, withinLimit, type CaptureProblem } from './capture-limits';
import type { TakenPage } from './page-snapshot-types';
import { pageEvidenceFiles } from './page-files';
import { withinCaptureQuota } from './capture-quota';
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
 * collectPageSnapshot with SNAPSHOT_CAPS, its details written in the tab); its value is the taken page.
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
  snapshotPage(tabId: number): Promise<TakenPage>;
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
    return result.result as TakenPage;
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

/** One capture as its parts share it: what was asked, the browser, when, who hears of each step, and the guards on the reported site. */
interface CaptureRun {
  request: CaptureRequest;
  real: CaptureBrowser;
  capturedAt: Date;
  progress: CaptureProgress;
  /** The site of the reported tab; '' checks nothing. */
  site: string;
  /** Gives the part up when the tab has left the reported site meanwhile. */
  stillThere(): Promise<void>;
  /** The browser refused a part: when the tab has left the site meanwhile, that is why (not a browser page). */
  explained<T>(part: Promise<T>): Promise<T>;
}

/** Starts a capture: a part taken after the tab left the reported site is given up as 'navigated'. */
function startCapture(request: CaptureRequest, real: CaptureBrowser): CaptureRun {
  const { tab } = request;
  const site = siteOf(tab.url);
  const stillThere = async () => {
    // A tab that cannot be read now (closed) still showed the page when it was captured.
    if (site && siteOf(await real.tabUrl(tab.id).catch(() => tab.url)) !== site) throw new PartGivenUp('navigated');
  };
  const explained = <T>(part: Promise<T>): Promise<T> =>
    part.catch(async (error: unknown) => {
      await stillThere();
      throw error;
    });
  return { request, real, capturedAt: request.now ?? new Date(), progress: request.onProgress ?? (() => undefined), site, stillThere, explained };
}

/** Captures the visible tab while it still shows the reported site, then stamps it (labelled for a link report) and fits it under SCREENSHOT_MAX_BYTES; `captured` is told in between. */
async function takeScreenshot({ request, real, capturedAt, stillThere, explained }: CaptureRun, captured: () => void): ReturnType<CaptureBrowser['fitScreenshot']> {
  const png = await dataUrlToBlob(await explained(real.captureVisibleTab(request.tab.windowId)));
  await stillThere();
  captured();
  const pageUrl = request.tab.url ?? request.requestedUrl;
  const lines = stampLines({ pageUrl, capturedAt, ...(request.reporter ? { reporter: request.reporter } : {}), ...(request.linkUrl ? { linkUrl: request.linkUrl } : {}) });
  return real.fitScreenshot(await real.stampScreenshot(png, lines), SCREENSHOT_MAX_BYTES);
}

/** The screenshot part within its time limit: the file, or the problem naming the step that failed. */
async function screenshotPart(run: CaptureRun): Promise<StoredFile | CaptureProblem | undefined> {
  if (!run.request.include.screenshot) return undefined;
  let step: CaptureStep = 'capture';
  // A part given up at its time limit may still run on: it says nothing more after its failure.
  let over = false;
  const say: CaptureProgress = (at, state) => over || run.progress(at, state);
  say('capture', 'active');
  try {
    const captured = () => {
      say('capture', 'done');
      say((step = 'stamp'), 'active');
    };
    const fitted = await withinLimit(takeScreenshot(run, captured), CAPTURE_PART_LIMIT_MS);
    say('stamp', 'done');
    return { name: screenshotName(run.capturedAt, fitted.type), type: fitted.type, blob: fitted.blob, role: 'screenshot' };
  } catch (error) {
    say(step, 'failed');
    over = true;
    return captureProblem('screenshot', error);
  }
}

/** The page's snapshot within its time limit, dropped when it was read from another site; or the problem. */
async function pagePart({ request, real, site, progress, explained }: CaptureRun): Promise<TakenPage | CaptureProblem | undefined> {
  if (!request.include.pageSource && !request.include.pageDetails) return undefined;
  progress('collect', 'active');
  try {
    const taken = await withinLimit(explained(real.snapshotPage(request.tab.id)), CAPTURE_PART_LIMIT_MS);
    if (site && siteOf(taken.url) !== site) throw new PartGivenUp('navigated');
    progress('collect', 'done');
    return taken;
  } catch (error) {
    progress('collect', 'failed');
    return captureProblem('page', error);
  }
}

/** The page's source and details files the request asked for, as stored files. */
function pageFilesOf(snapshot: TakenPage, include: EvidenceDefaults): StoredFile[] {
  return pageEvidenceFiles(snapshot, { source: include.pageSource, details: include.pageDetails }).map((file) => ({
    name: file.name,
    type: file.type,
    blob: file,
    role: file.name.startsWith('page-source') ? 'page_source' : 'page_details',
  }));
}

/** The context the evidence record is written from: what was asked, what the tab showed, when, in which browser, and what is missing. */
async function evidenceContext({ request, real, capturedAt }: CaptureRun, snapshot: TakenPage | undefined, problems: CaptureProblem[]): Promise<EvidenceContext> {
  const currentUrl = snapshot?.url ?? request.tab.url;
  const title = snapshot?.title ?? request.tab.title;
  return {
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
}

/**
 * Captures the evidence a report asks for; what cannot be captured is named
 * in `problems` (and in the context, for the evidence record), never fatal.
 * Each part has CAPTURE_PART_LIMIT_MS, and a part taken after the tab left
 * the reported site is dropped.
 */
export async function captureEvidence(request: CaptureRequest, real: CaptureBrowser = realCaptureBrowser): Promise<CapturedEvidence> {
  const run = startCapture(request, real);
  // Both parts at once: a page that hangs holds the capture CAPTURE_PART_LIMIT_MS at most, not twice that.
  const [shot, page] = await Promise.all([screenshotPart(run), pagePart(run)]);
  const files: StoredFile[] = [];
  const problems: CaptureProblem[] = [];
  if (shot && 'kind' in shot) problems.push(shot);
  else if (shot) files.push(shot);
  const snapshot = page && !('kind' in page) ? page : undefined;
  if (page && 'kind' in page) problems.push(page);
  if (snapshot) files.push(...pageFilesOf(snapshot, request.include));
  return { files, context: await evidenceContext(run, snapshot, problems), problems };
}
