import { isWebLink } from '../indicators/web-link';
import type { Settings } from '../settings/settings';
import type { NewReport } from './outbox-pages';
import type { ReportAction, ReportOrigin } from '../storage/report-types';
import type { CaptureRequest, CapturedEvidence, EvidenceTab } from '../evidence/capture';
import type { ProgressReporter } from './progress';

// What a new draft about a tab holds before its evidence exists. Pure, so the
// background writes it and the popup shows the same thing before the
// background has answered (issue 10: popup ready).

/** The fields every report takes from the settings: the reporter and the default client. */
export function baseFields(settings: Settings): NewReport['fields'] {
  return {
    ...(settings.reporterEmail ? { reportedBy: settings.reporterEmail } : {}),
    ...(settings.defaultClientId ? { clientId: settings.defaultClientId } : {}),
  };
}

/** The subject a new draft of the tab takes: its address when it is a web page, else nothing. */
export function tabSubject(url: string | undefined): string {
  return isWebLink(url) ? url : '';
}

/** A new draft of the tab's address (none for a page that is not on the web, which is not captured either). */
export function newTabDraft(tab: { id?: number; url?: string }, settings: Settings, origin: Extract<ReportOrigin, 'popup' | 'review'>): NewReport {
  const webPage = isWebLink(tab.url);
  return {
    action: settings.defaultAction,
    subject: { type: 'url', value: tabSubject(tab.url) },
    fields: { ...baseFields(settings), ...(webPage ? { url: tab.url } : {}) },
    files: [],
    origin,
    ...(tab.id === undefined ? {} : { tabId: tab.id }),
    ...(webPage ? { capturing: true } : {}),
  };
}

/** What to capture of a tab: only what the settings (or the page's toggles) include (the whole page too when the settings say so), with the reporter when set. */
export function captureRequestOf(tab: EvidenceTab, settings: Settings, requestedUrl: string, linkUrl: string | undefined, include = settings.evidence, onProgress?: ProgressReporter): CaptureRequest {
  return {
    tab,
    requestedUrl,
    include,
    ...(settings.wholePageScreenshot && include.screenshot ? { wholePage: true } : {}),
    ...(onProgress ? { onProgress } : {}),
    ...(linkUrl ? { linkUrl } : {}),
    ...(settings.reporterEmail ? { reporter: settings.reporterEmail } : {}),
  };
}

/** The report of a page or link from the menu or the shortcut, with its evidence when the page was captured. */
export function tabReportOf(request: { tab: EvidenceTab; action?: ReportAction; origin: ReportOrigin }, settings: Settings, target: string, evidence: CapturedEvidence | undefined): NewReport {
  return {
    action: request.action ?? settings.defaultAction,
    subject: { type: 'url', value: target },
    fields: { ...baseFields(settings), url: target },
    files: evidence?.files ?? [],
    ...(evidence ? { evidence: evidence.context } : {}),
    origin: request.origin,
    tabId: request.tab.id,
  };
}

/** The draft of text selected on a tab, reviewed indicator by indicator in the review window. */
export function selectionDraftOf(tab: EvidenceTab, text: string, settings: Settings, evidence: CapturedEvidence | undefined): NewReport {
  return {
    action: settings.defaultAction,
    subject: { type: 'url', value: tab.url ?? '' },
    fields: baseFields(settings),
    files: evidence?.files ?? [],
    ...(evidence ? { evidence: evidence.context } : {}),
    origin: 'review',
    tabId: tab.id,
    selectionText: text,
  };
}
