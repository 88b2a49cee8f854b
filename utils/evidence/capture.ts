import { browser } from 'wxt/browser';
import type { StoredFile } from '../storage/report-types';
import type { EvidenceDefaults } from '../settings/settings';
import type { EvidenceContext } from '../storage/evidence-context';
import { CAPTURE_PART_LIMIT_MS, captureProblem, PartGivenUp, siteOf, withinLimit, type CaptureProblem } from './capture-limits';
import type { TakenPage } from './page-snapshot-types';
import { readBrowserInfo } from './browser-info';
import { sha256Hex } from './hash';
import { localTimeFormat } from './record';
import { pageEvidenceFiles } from './page-files';
import { withinCaptureQuota } from './capture-quota';
import { fitScreenshot, stampLines, stampScreenshot } from './screenshot';
import { screenshotFile } from './screenshot-name';
import { dataUrlToBlob, realWholePageBrowser, wholePagePart, type WholePageBrowser } from './whole-page';

/** The steps a capture says as it goes; a report's progress (utils/report/progress.ts) shows them beside its upload. */
type CaptureStep = 'capture' | 'stamp' | 'collect' | 'whole_page';

/** Told when a step of the capture starts, ends (the whole page with the seconds it took) or fails. */
type CaptureProgress = (step: CaptureStep, state: 'active' | 'done' | 'failed', bytes?: number, seconds?: number) => void;

// Evidence of a report, captured in the background with the activeTab grant a
// menu click, shortcut or toolbar click gave: a stamped screenshot of the
// visible tab, the page's source and details, and the context the evidence
// record is written from (utils/report/outbox.ts writes the record itself).

/** Largest screenshot kept (both together, with the whole page's, but for the smallest the whole page can be): leaves room for the page files and the user's own under the 10 MB limit. */
export const SCREENSHOT_MAX_BYTES = 4_000_000;
/**
 * The script that reads the page snapshot in the tab (entrypoints/page-snapshot.ts,
 * collectPageSnapshot with SNAPSHOT_CAPS, its details written in the tab); its value is the taken page.
 */
export const PAGE_SNAPSHOT_SCRIPT = '/page-snapshot.js';
export { CAPTURE_PART_LIMIT_MS, readBrowserInfo };

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
  /** A whole-page screenshot too, after the visible screen's (the setting, issue 41). */
  wholePage?: boolean;
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
export interface CaptureBrowser extends WholePageBrowser {
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
  ...realWholePageBrowser,
};

/** One capture as its parts share it: what was asked, the browser, when, who hears of each step, and the guards on the reported site. */
interface CaptureRun {
  request: CaptureRequest;
  real: CaptureBrowser;
  capturedAt: Date;
  progress: CaptureProgress;
  /** The site of the reported tab; '' checks nothing. */
  site: string;
  /** The browser's name, version and language, read while the tab is captured. */
  browserInfo: Promise<EvidenceContext['browser']>;
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
  const browserInfo = real.browserInfo();
  // Read now, with any failure told where the record is written.
  browserInfo.catch(() => undefined);
  return { request, real, capturedAt: request.now ?? new Date(), progress: request.onProgress ?? (() => undefined), site, browserInfo, stillThere, explained };
}

/** The stamp's lines: the page (and the link, for a link report), when, by whom. */
function linesOf({ request, capturedAt }: CaptureRun): string[] {
  const pageUrl = request.tab.url ?? request.requestedUrl;
  return stampLines({ pageUrl, capturedAt, reporter: request.reporter, linkUrl: request.linkUrl });
}

/** Captures the visible tab while it still shows the reported site, then stamps it and fits it under SCREENSHOT_MAX_BYTES (the whole page has what it leaves); `captured` is told in between. */
async function takeScreenshot(run: CaptureRun, captured: () => void): ReturnType<CaptureBrowser['fitScreenshot']> {
  const shot = await run.explained(run.real.captureVisibleTab(run.request.tab.windowId));
  // The check that the tab still shows the site runs while the picture is decoded, not before.
  const [png] = await Promise.all([dataUrlToBlob(shot), run.stillThere()]);
  captured();
  return run.real.fitScreenshot(await run.real.stampScreenshot(png, linesOf(run)), SCREENSHOT_MAX_BYTES);
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
    return hashed(screenshotFile(run.capturedAt, fitted));
  } catch (error) {
    say(step, 'failed');
    over = true;
    return captureProblem('screenshot', error);
  }
}

/** A file whose hash for the evidence record starts now, while the capture waits for its other part. */
function hashed(file: StoredFile): StoredFile {
  sha256Hex(file.blob).catch(() => undefined);
  return file;
}

/** The page's snapshot and its files within its time limit, dropped when it was read from another site; or the problem. */
async function pagePart({ request, real, site, progress, explained }: CaptureRun): Promise<{ taken: TakenPage; files: StoredFile[] } | CaptureProblem | undefined> {
  if (!request.include.pageSource && !request.include.pageDetails) return undefined;
  progress('collect', 'active');
  try {
    const taken = await withinLimit(explained(real.snapshotPage(request.tab.id)), CAPTURE_PART_LIMIT_MS);
    if (site && siteOf(taken.url) !== site) throw new PartGivenUp('navigated');
    progress('collect', 'done');
    // Made while the screenshot is taken and stamped, not after it.
    return { taken, files: pageFilesOf(taken, request.include).map(hashed) };
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
async function evidenceContext({ request, real, capturedAt, browserInfo }: CaptureRun, timeZone: string, snapshot: TakenPage | undefined, problems: CaptureProblem[]): Promise<EvidenceContext> {
  const currentUrl = snapshot?.url ?? request.tab.url;
  const title = snapshot?.title ?? request.tab.title;
  return {
    requestedUrl: request.requestedUrl,
    ...(currentUrl && currentUrl !== request.requestedUrl ? { currentUrl } : {}),
    ...(title ? { title } : {}),
    capturedAt,
    timeZone,
    browser: await browserInfo,
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
  const parts = Promise.all([screenshotPart(run), pagePart(run)]);
  // Both asked of the browser: what the record needs meanwhile (each a few ms of Intl's, not after the stamp).
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  localTimeFormat(timeZone, navigator.language);
  const [shot, page] = await parts;
  const files: StoredFile[] = [];
  const problems: CaptureProblem[] = [];
  if (shot && 'kind' in shot) problems.push(shot);
  else if (shot) files.push(shot);
  // After the page's snapshot, which must not see the page scrolled nor its fixed elements hidden.
  const whole = shot && !('kind' in shot) && request.wholePage ? await wholePagePart(run, linesOf(run), SCREENSHOT_MAX_BYTES - shot.blob.size) : undefined;
  if (whole && 'kind' in whole) problems.push(whole);
  else if (whole) files.push(whole.file);
  const snapshot = page && !('kind' in page) ? page.taken : undefined;
  if (page && 'kind' in page) problems.push(page);
  if (page && !('kind' in page)) files.push(...page.files);
  const context = await evidenceContext(run, timeZone, snapshot, problems);
  return { files, context: whole && !('kind' in whole) ? { ...context, wholePage: whole.shot } : context, problems };
}
