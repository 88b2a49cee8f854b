import { i18n } from '#i18n';
import { badgeCount, paintBadge } from './badge';
import { showNotification } from './notification';
import type { StatusChange } from './refresh';
import { incidentStatusWords } from './incident-words';

// What a background refresh tells the user: a notification per status change
// they chose to hear about (one summary when many change at once), and the
// toolbar badge counting incidents that wait for them.

const PREFIX = 'status:';
/** The id of the one summary notification; clicking it opens My reports. */
export const SUMMARY_NOTIFICATION = 'status-summary';
/** More changes than this at once become one summary notification. */
const SUMMARY_AFTER = 3;

export interface StatusNotification {
  id: string;
  title: string;
  message: string;
}

/** The notifications for these changes, keeping only the statuses the user chose. */
export function notificationsFor(changes: readonly StatusChange[], chosen: readonly string[]): StatusNotification[] {
  const shown = changes.filter((change) => chosen.includes(change.to));
  if (shown.length <= SUMMARY_AFTER) {
    return shown.map((change) => ({
      id: `${PREFIX}${change.incidentId}`,
      title: i18n.t('status_refresh.notify_one', [incidentStatusWords(change.to)]),
      message: i18n.t('status_refresh.notify_one_message', [change.subject, incidentStatusWords(change.from), incidentStatusWords(change.to)]),
    }));
  }
  const counts = new Map<string, number>();
  for (const change of shown) counts.set(change.to, (counts.get(change.to) ?? 0) + 1);
  const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([status, count]) => i18n.t('status_refresh.summary_part', [String(count), incidentStatusWords(status)]));
  return [
    {
      id: SUMMARY_NOTIFICATION,
      title: i18n.t('status_refresh.notify_summary', [String(shown.length)]),
      message: i18n.t('status_refresh.notify_summary_message', [parts.join(', ')]),
    },
  ];
}

/** Shows the notifications for a refresh's changes. */
export async function notifyStatusChanges(changes: readonly StatusChange[], chosen: readonly string[]): Promise<void> {
  for (const { id, title, message } of notificationsFor(changes, chosen)) {
    await showNotification({ id, title, message });
  }
}

/** The incident a status notification is about; null for the summary or another notification. */
export function incidentIdOfNotification(notificationId: string): string | null {
  return notificationId.startsWith(PREFIX) ? notificationId.slice(PREFIX.length) : null;
}

/** The waiting badge's background: amber, as --warn; white text on it reads at 4.9:1. */
export const WAITING_BADGE_COLOR = '#9a6700';

/** Shows how many incidents wait for the user on the toolbar button (all tabs), "99+" above 99; nothing when none. The title says the number in words. */
export async function showWaitingBadge(count: number): Promise<void> {
  const title = count > 0 ? i18n.t('status_refresh.badge_title', count, [i18n.t('extName'), String(count)]) : i18n.t('extName');
  await paintBadge({ text: badgeCount(count), color: WAITING_BADGE_COLOR, title });
}
