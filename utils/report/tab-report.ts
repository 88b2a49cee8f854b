import type { CapturedEvidence, EvidenceTab } from '../evidence/capture';
import { notSavedProblem, ProblemError, type Problem } from '../problems/kinds';
import type { Settings } from '../settings/settings';
import { isWebLink } from '../indicators/web-link';
import { createQueued } from './outbox';
import { createDraft, type NewReport } from './outbox-pages';
import type { SendResult } from './send';
import { captureRequestOf, selectionDraftOf, tabReportOf } from './tab-draft-fields';
import type { ReportContext, ReportServiceDeps, TabReportRequest } from './report-deps';

// The menu's and the shortcut's reports (report-service.ts wires them): a page
// or link captured and sent at once (or kept for the review window), and a
// selection opened in the review window; and the steps the popup's draft
// shares with them.

/** A write to the outbox, or the problem that stopped it: then nothing was written, and nothing is sent. */
export async function saved<T>(write: Promise<T>): Promise<{ value: T } | { problem: Problem }> {
  try {
    return { value: await write };
  } catch (error) {
    return { problem: notSavedProblem(error) };
  }
}

function isWebPage(url: string | undefined): url is string {
  return isWebLink(url);
}

/**
 * Captures a tab's evidence as the settings (or the page's toggles) allow; a
 * report of the page itself (`ofPage`: not a link on it, nor a selection) adds
 * how the browser reached it, or why that is not known (issue 41).
 */
export async function capture(deps: ReportServiceDeps, ofPage: boolean, ...args: Parameters<typeof captureRequestOf>): Promise<CapturedEvidence> {
  const [tab, settings] = args;
  const way = ofPage ? deps.navigationOf?.(tab.id, settings.recordNavigation).catch(() => undefined) : undefined;
  const [evidence, navigation] = await Promise.all([deps.capture(captureRequestOf(...args)), way]);
  return navigation ? { ...evidence, context: { ...evidence.context, navigation } } : evidence;
}

/** A tab's report as the settings make it: its evidence captured (a page of the web), its fields filled. */
async function tabReport(deps: ReportServiceDeps, request: TabReportRequest, settings: Settings, target: string): Promise<NewReport> {
  const evidence = isWebPage(request.tab.url) ? await capture(deps, !request.linkUrl, request.tab, settings, target, request.linkUrl) : undefined;
  return tabReportOf(request, settings, target, evidence);
}

/**
 * A report with nothing to review: online, written already sending (one write before the request leaves, after
 * the outbox recovered from an earlier worker), its request prepared while the write goes on; offline, queued to
 * wait for the network. A write that fails (no room left, a database it cannot open) sends nothing, and says so.
 */
async function writeAndSend({ deps, sendAndTell }: ReportContext, report: NewReport, shown: Promise<void>): Promise<SendResult> {
  const online = deps.isOnline();
  if (online) await deps.ready?.();
  const written = await saved(createQueued(report, online));
  if ('problem' in written) return { ok: false, problem: written.problem };
  const { report: queued, stored } = written.value;
  if (online) return sendAndTell(queued, { started: true, stored, shown });
  const unsaved = await saved(stored);
  return 'problem' in unsaved ? { ok: false, problem: unsaved.problem } : sendAndTell(queued, { shown });
}

/** A page or link from the menu or the shortcut: captured, then sent at once or kept as a draft for the review window. */
export async function reportTab(context: ReportContext, request: TabReportRequest): Promise<SendResult | { ok: true; review: string }> {
  const { deps } = context;
  const settings = await deps.readSettings();
  const target = request.linkUrl ?? request.tab.url;
  if (!isWebPage(target)) {
    return { ok: false, problem: { kind: 'invalid_indicator', reason: 'url_scheme' } };
  }
  if (settings.confirmBeforeSend) {
    const draft = await saved(createDraft({ ...(await tabReport(deps, request, settings, target)), selectionText: target }));
    if ('problem' in draft) return { ok: false, problem: draft.problem };
    await deps.openReview(draft.value.id);
    return { ok: true, review: draft.value.id };
  }
  // Sent at once: its tab's badge says so from the click, while the capture runs (not one more call beside its request).
  const shown = deps.showProgress({ tabId: request.tab.id, state: 'sending' });
  // Nothing written (a capture that threw, a write refused): the badge goes, and the menu tells why.
  const clearBadge = () => shown.then(() => deps.showProgress({ tabId: request.tab.id, state: 'draft' }));
  const report = await tabReport(deps, request, settings, target).catch(async (error: unknown) => {
    await clearBadge();
    throw error;
  });
  const result = await writeAndSend(context, report, shown);
  if (!result.report) await clearBadge();
  return result;
}

/** Selected text from the menu: the tab captured, the draft written and opened in the review window. */
export async function reviewSelection({ deps }: ReportContext, tab: EvidenceTab, text: string): Promise<string> {
  const settings = await deps.readSettings();
  const evidence = isWebPage(tab.url) ? await capture(deps, false, tab, settings, tab.url, undefined) : undefined;
  const draft = await saved(createDraft(selectionDraftOf(tab, text, settings, evidence)));
  // The menu tells the user: its error handler (tellMenuError, utils/background/reporting.ts) notifies a ProblemError's problem.
  if ('problem' in draft) throw new ProblemError(draft.problem);
  await deps.openReview(draft.value.id);
  return draft.value.id;
}
