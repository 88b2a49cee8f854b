import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { describeProblem } from '../messaging/problem-text';
import type { OutboxReport } from '../report/types';
import { incidentStatusLabel } from './status-text';

// What a report started from the menu or the shortcut shows, since no page of
// ours is open: the toolbar badge on its tab (…, ✓, !) and a notification
// with the result. Clicking the notification opens the incident.

const NOTIFICATION_PREFIX = 'report:';

/** The badge text and colour for a report's state (empty: no badge). */
export function badgeFor(report: Pick<OutboxReport, 'state'>): { text: string; color: string } {
  switch (report.state) {
    case 'queued':
    case 'sending':
      return { text: '…', color: '#57606a' };
    case 'sent':
    case 'duplicate':
      return { text: '✓', color: '#1a7f37' };
    case 'failed':
    case 'unknown':
      return { text: '!', color: '#b42318' };
    case 'draft':
      return { text: '', color: '#57606a' };
  }
}

/** A menu or shortcut report has no page of ours to show what its evidence lacks: its notification says it. */
function withNotCaptured(report: OutboxReport, message: string): string {
  return [message, ...(report.evidence?.notCaptured ?? []).map(describeProblem)].join('\n');
}

/** The notification's title and text for a settled report. */
export function notificationFor(report: OutboxReport): { title: string; message: string } {
  const subject = report.subject.value;
  switch (report.state) {
    case 'sent':
      return {
        title: i18n.t(report.action === 'tkd' ? 'report.notify.sent_tkd' : 'report.notify.sent_monitor'),
        message: withNotCaptured(report, report.incident ? i18n.t('report.notify.sent_id', [subject, report.incident.id]) : subject),
      };
    case 'duplicate':
      return {
        title: i18n.t('report.notify.duplicate'),
        message: withNotCaptured(report, report.incident ? i18n.t('report.notify.duplicate_linked', [subject, incidentStatusLabel(report.incident.status)]) : subject),
      };
    case 'queued':
      return { title: i18n.t('report.notify.waiting'), message: `${subject}\n${describeProblem({ kind: 'offline' })}` };
    default:
      return {
        title: i18n.t(report.state === 'unknown' ? 'report.notify.unknown' : 'report.notify.failed'),
        message: `${subject}\n${report.lastProblem ? describeProblem(report.lastProblem) : ''}`.trim(),
      };
  }
}

/** Shows a report's progress on its tab's toolbar badge. */
export async function showBadge(report: Pick<OutboxReport, 'state' | 'tabId'>): Promise<void> {
  if (report.tabId === undefined) return;
  const { text, color } = badgeFor(report);
  // MV2 (Firefox) calls the toolbar button browserAction.
  const action = browser.action ?? (browser as unknown as { browserAction: typeof browser.action }).browserAction;
  try {
    await action.setBadgeBackgroundColor({ tabId: report.tabId, color });
    await action.setBadgeText({ tabId: report.tabId, text });
  } catch {
    // The tab was closed meanwhile: nothing to show it on.
  }
}

/** Notifies the result of a report; clicking it opens the incident (see handleNotificationClick). */
export async function notifyResult(report: OutboxReport): Promise<void> {
  const { title, message } = notificationFor(report);
  await browser.notifications.create(`${NOTIFICATION_PREFIX}${report.id}`, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title,
    message,
  });
}

/** The report a notification is about, or null for one that is not ours. */
export function reportIdOfNotification(notificationId: string): string | null {
  return notificationId.startsWith(NOTIFICATION_PREFIX) ? notificationId.slice(NOTIFICATION_PREFIX.length) : null;
}
