import { browser } from 'wxt/browser';
import { optionsPath } from '../messaging/protocol';
import { listReports, listWatchedIncidents } from '../report/report-store';
import { recordRefresh } from '../report/outbox-upkeep';
import { toApiErrorInfo } from '../api/errors';
import { readSettings, watchSettings } from '../settings/settings';
import { recordKeyRejected, watchConnection } from '../storage/connection';
import type { RefreshState } from '../storage/refresh-state';
import { REFRESH_ALARM } from '../incidents/refresh-view';
import { refreshStatuses, type RefreshDeps, type RefreshOutcome } from '../incidents/refresh';
import type { StatusService } from '../incidents/status-service';
import { warnUnwaited } from './warn-unwaited';
import type { StartChores } from './start-chores';
import { incidentIdOfNotification, notifyStatusChanges, showWaitingBadge, SUMMARY_NOTIFICATION } from '../incidents/status-notifications';

// Wires the status refresh into the service worker: one alarm at the user's
// interval, the refresh button, the notifications and badge each refresh
// produces, and clicks on those notifications. Listeners are added
// synchronously, as a service worker must.

export { REFRESH_ALARM } from '../incidents/refresh-view';

/** Opens what a status notification is about: the incident view, or My reports for a summary. */
export async function handleStatusNotificationClick(notificationId: string): Promise<void> {
  const incidentId = incidentIdOfNotification(notificationId);
  let url: string;
  if (incidentId) url = browser.runtime.getURL(`/incident.html#${encodeURIComponent(incidentId)}`);
  else if (notificationId === SUMMARY_NOTIFICATION) url = browser.runtime.getURL(optionsPath('reports'));
  else return;
  await browser.tabs.create({ url });
  await browser.notifications.clear(notificationId);
}

/** Tells the user what a refresh found: notifications for chosen changes, the badge, and a key the service stopped accepting. */
export async function announceRefresh(outcome: RefreshOutcome, chosen: readonly string[]): Promise<void> {
  if (outcome.skipped) return;
  const problem = outcome.state.problem;
  if (!problem) await recordKeyRejected(false);
  else if (problem.kind === 'unauthorized' && !toApiErrorInfo(problem).clientScoped) await recordKeyRejected(true);
  await notifyStatusChanges(outcome.changes, chosen);
  await showWaitingBadge(outcome.waiting);
}

/** (Re)creates the refresh alarm at the interval set, unless it already runs at it. */
async function scheduleRefresh(minutes: number): Promise<void> {
  const current = await browser.alarms.get(REFRESH_ALARM);
  if (current?.periodInMinutes === minutes) return;
  await browser.alarms.create(REFRESH_ALARM, { periodInMinutes: minutes, delayInMinutes: minutes });
}

/** Starts the status refresh in the service worker (the alarm checked as a start chore); answers the service the pages call. */
export function startStatusRefresh(api: RefreshDeps['api'], chores: StartChores): StatusService {
  // One refresh at a time: a button press during the alarm's refresh gets that refresh's result.
  let running: Promise<RefreshState> | undefined;
  const refresh = (): Promise<RefreshState> => {
    running ??= (async () => {
      const outcome = await refreshStatuses({ api, store: { listReports, listWatchedIncidents, recordRefresh } });
      await announceRefresh(outcome, (await readSettings()).notifyStatuses);
      return outcome.state;
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  // Nobody waits on these: a failure is logged with why going on is safe (warn-unwaited.ts).
  const scheduleFailed = warnUnwaited('Scheduling the status refresh', 'the next start or settings change retries');
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === REFRESH_ALARM) void refresh().catch(warnUnwaited('The alarm’s status refresh', 'the next alarm retries'));
  });
  browser.notifications.onClicked.addListener((notificationId) => void handleStatusNotificationClick(notificationId).catch(warnUnwaited('Opening a status notification', 'My reports has it')));
  chores.add(
    () =>
      void readSettings()
        .then((settings) => scheduleRefresh(settings.refreshMinutes))
        .catch(scheduleFailed),
  );
  watchSettings((settings) => void scheduleRefresh(settings.refreshMinutes).catch(scheduleFailed));
  // Forgotten: nothing waits for anyone any more.
  watchConnection((connection) => {
    if (!connection) void showWaitingBadge(0).catch(warnUnwaited('Clearing the badge', 'the next refresh sets it'));
  });
  return { refresh };
}
