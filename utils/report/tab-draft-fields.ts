import { isWebLink } from '../indicators/web-link';
import type { Settings } from '../settings/settings';
import type { NewReport } from './outbox-pages';
import type { ReportOrigin } from '../storage/report-types';

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
