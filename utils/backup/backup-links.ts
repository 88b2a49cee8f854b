import { isLoopbackHost } from '../api/loopback';
import type { OutboxReport } from '../storage/report-types';

// Dashboard links of an imported backup are opened from the page and from
// notifications as the service's own: a hand-edited file could point them
// anywhere. Only links to the connected service's host (or a subdomain of
// it) are kept, over https; plain http only on loopback, as the connection
// itself (utils/connection/base-url.ts) allows for the local sandbox.

/** The host links must be under: the saved connection's, or null when none is saved. */
export function serviceHost(baseUrl: string | null | undefined): string | null {
  if (!baseUrl || !URL.canParse(baseUrl)) return null;
  return new URL(baseUrl).hostname || null;
}

/** True for a link the connected service `host` could have given: https (http on loopback) to that host or a subdomain of it. */
export function isServiceLink(link: string, host: string | null): boolean {
  if (!host || !URL.canParse(link)) return false;
  const url = new URL(link);
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  return secure && (url.hostname === host || url.hostname.endsWith(`.${host}`));
}

/** The reports with each dashboard link not under `host` left out, and how many were. */
export function keepServiceLinks(reports: readonly OutboxReport[], host: string | null): { reports: OutboxReport[]; dropped: number } {
  let dropped = 0;
  const kept = reports.map((report) => {
    let next = report;
    if (next.outcome && 'dashboardUrl' in next.outcome && next.outcome.dashboardUrl !== undefined && !isServiceLink(next.outcome.dashboardUrl, host)) {
      const { dashboardUrl: _link, ...outcome } = next.outcome;
      next = { ...next, outcome };
      dropped += 1;
    }
    if (next.incident?.dashboardUrl !== undefined && !isServiceLink(next.incident.dashboardUrl, host)) {
      const { dashboardUrl: _link, ...incident } = next.incident;
      next = { ...next, incident };
      dropped += 1;
    }
    return next;
  });
  return { reports: kept, dropped };
}
