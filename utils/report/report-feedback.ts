import { i18n } from '#i18n';
import { describeProblem } from '../problems/sentences';
import type { OutboxReport } from '../storage/report-types';
import { type Badge, paintBadge } from '../incidents/badge';
import { showNotification } from '../incidents/notification';
import { incidentStatusWords, reportStateWords } from '../incidents/incident-words';

// What a report started from the menu or the shortcut shows, since no page of
// ours is open: the toolbar badge on its tab (…, ✓, !), with the button's
// title saying it in words, and a notification with the result. Clicking the
// notification opens the incident.

const NOTIFICATION_PREFIX = 'report:';

/**
 * The badge for a report's state on its tab (empty text: no badge), and the
 * button's title that says it in words. White text reads on each background at
 * 4.5:1 or more (grey 6.4, green 5.1, red 6.6).
 */
export function badgeFor(report: Pick<OutboxReport, 'state'>): Badge {
  const titled = (text: string, color: string): Badge => ({
    text,
    color,
    title: text ? i18n.t('report.badge_title', [i18n.t('extName'), reportStateWords(report.state)]) : i18n.t('extName'),
  });
  switch (report.state) {
    case 'queued':
    case 'sending':
      return titled('…', '#57606a');
    case 'sent':
    case 'duplicate':
      return titled('✓', '#1a7f37');
    case 'failed':
    case 'unknown':
      return titled('!', '#b42318');
    case 'draft':
      return titled('', '#57606a');
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
        message: withNotCaptured(report, report.incident ? i18n.t('report.notify.duplicate_linked', [subject, incidentStatusWords(report.incident.status)]) : subject),
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

/** Shows a report's progress on its tab's toolbar badge, and in words in the button's title there. */
export async function showBadge(report: Pick<OutboxReport, 'state' | 'tabId'>): Promise<void> {
  if (report.tabId === undefined) return;
  try {
    await paintBadge(badgeFor(report), report.tabId);
  } catch {
    // The tab was closed meanwhile: nothing to show it on.
  }
}

/** Notifies the result of a report; clicking it opens the incident (see handleNotificationClick). */
export async function notifyResult(report: OutboxReport): Promise<void> {
  await showNotification({ id: `${NOTIFICATION_PREFIX}${report.id}`, ...notificationFor(report) });
}

/** The report a notification is about, or null for one that is not ours. */
export function reportIdOfNotification(notificationId: string): string | null {
  return notificationId.startsWith(NOTIFICATION_PREFIX) ? notificationId.slice(NOTIFICATION_PREFIX.length) : null;
}
