import { browser } from 'wxt/browser';
import { captureEvidence, type EvidenceTab } from '../evidence/capture';
import { evidenceTabOf } from '../evidence/evidence-tab';
import { ProblemError, type Problem } from '../problems/kinds';
import { describeProblem } from '../problems/sentences';
import { readSettings } from '../settings/settings';
import { connectionItem } from '../storage/connection';
import { getReport, listReports } from '../report/report-store';
import { showNotification } from '../incidents/notification';
import { notifyResult, reportIdOfNotification, showBadge } from '../report/report-feedback';
import { i18n } from '#i18n';
import { recoverAfterRestart } from '../report/outbox';
import { deleteDrafts, discardUnkeptDraft, pruneSentEvidence } from '../report/outbox-upkeep';
import { onDraftPageClosed } from '../messaging/draft-port';
import { openReviewPage } from '../messaging/review-page';
import { createReportService, type ReportingApi, type ReportService } from '../report/report-service';
import { isWebLink } from '../indicators/web-link';
import { warnUnwaited } from './warn-unwaited';
import { chainEvidenceOf } from '../navigation/chain-evidence';
import type { StartChores } from './start-chores';

// Wires reporting into the service worker: recovery of reports a stopped
// worker left in flight, the alarms that resend what waited for the network
// and prune old evidence, and notification clicks. Listeners are added
// synchronously, as a service worker must.

const RETRY_ALARM = 'takedown-reporter:send-waiting';
const PRUNE_ALARM = 'takedown-reporter:prune-evidence';
/** Drafts nobody sent are removed after this long. */
const DRAFT_LIFETIME_DAYS = 2;

/** Opens the review window on a draft (an extension page in a small popup window, or a tab: review-page.ts). */
export async function openReviewWindow(reportId?: string): Promise<void> {
  await openReviewPage(reportId ? `?report=${encodeURIComponent(reportId)}` : '');
}

/** The tab a page asks to capture, with what evidence needs of it. */
export async function getEvidenceTab(tabId: number): Promise<EvidenceTab> {
  const tab = evidenceTabOf(await browser.tabs.get(tabId));
  if (!tab) throw new Error('The tab has no id.');
  return tab;
}

/** Notifies a problem that stopped a menu or shortcut report before it was written. */
export async function notifyProblem(problem: Problem): Promise<void> {
  await showNotification({ title: i18n.t('report.notify.not_reported'), message: describeProblem(problem) });
}

/** A menu report that failed: a problem it ran into is told to the user; anything else is a bug, logged. */
export function tellMenuError(error: unknown): void {
  // A notification that cannot be shown leaves only the console to say the sentence.
  if (error instanceof ProblemError) void notifyProblem(error.problem).catch(warnUnwaited(`Notifying "${describeProblem(error.problem)}"`, 'nothing was reported'));
  else console.error('Menu report failed', error);
}

/** Opens what a report notification is about: the incident's dashboard, else the report in the settings. */
export async function handleNotificationClick(notificationId: string): Promise<void> {
  const id = reportIdOfNotification(notificationId);
  if (!id) return;
  const report = await getReport(id);
  // Checked again here, not only when stored: a link in storage is opened only if it is http(s).
  const dashboard = report?.incident?.dashboardUrl;
  const target = isWebLink(dashboard) ? dashboard : browser.runtime.getURL(`/options.html#report-${id}`);
  await browser.tabs.create({ url: target });
  await browser.notifications.clear(notificationId);
}

async function deleteStaleDrafts(now: Date): Promise<void> {
  const cutoff = now.getTime() - DRAFT_LIFETIME_DAYS * 86_400_000;
  await deleteDrafts((draft) => Date.parse(draft.updatedAt) < cutoff);
}

/**
 * Starts reporting in the service worker; answers the service the pages, menus and shortcut call.
 * The outbox's recovery and the resend of what waited are start chores: the first send waits for the recovery.
 */
export function startBackgroundReporting(api: ReportingApi, chores: StartChores): ReportService {
  let recovery: Promise<unknown> | undefined;
  const ready = () => (recovery ??= recoverAfterRestart().catch(() => []));
  const service = createReportService({
    api,
    capture: captureEvidence,
    getTab: getEvidenceTab,
    readSettings,
    isConnected: async () => Boolean(await connectionItem.getValue()),
    isOnline: () => navigator.onLine,
    showProgress: showBadge,
    notify: notifyResult,
    openReview: openReviewWindow,
    ready,
    navigationOf: chainEvidenceOf,
    // 30 s: the shortest period Chrome allows an extension's alarm.
    waitForNetwork: async () => {
      await browser.alarms.create(RETRY_ALARM, { periodInMinutes: 0.5 });
    },
  });

  browser.alarms.onAlarm.addListener(async (alarm) => {
    if (alarm.name === RETRY_ALARM) {
      if (!navigator.onLine) return;
      await service.sendWaiting();
      if ((await listReports(['queued'])).length === 0) await browser.alarms.clear(RETRY_ALARM);
    }
    if (alarm.name === PRUNE_ALARM) {
      const now = new Date();
      await pruneSentEvidence((await readSettings()).keepSentEvidenceDays, now);
      await deleteStaleDrafts(now);
    }
  });
  // A popup closed without sending or keeping its draft: the draft and its evidence go.
  onDraftPageClosed((reportId) => void discardUnkeptDraft(reportId).catch(warnUnwaited('Deleting a closed popup’s draft', 'the prune alarm will')));
  browser.notifications.onClicked.addListener((notificationId) => void handleNotificationClick(notificationId).catch(warnUnwaited('Opening a report notification', 'My reports has it')));
  browser.runtime.onInstalled.addListener(() => void browser.alarms.create(PRUNE_ALARM, { periodInMinutes: 12 * 60 }).catch(warnUnwaited('Creating the prune alarm', 'the next update retries')));
  // Reports queued when a previous worker stopped never left: send them now.
  chores.add(
    () =>
      void ready()
        .then(() => service.sendWaiting())
        .catch(warnUnwaited('Sending queued reports', 'the retry alarm will')),
  );
  return service;
}
