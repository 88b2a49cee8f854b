import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startBackgroundReporting, tellMenuError } from '@/utils/background/reporting';
import { REFRESH_ALARM, startStatusRefresh } from '@/utils/background/status';
import type { ReportingApi } from '@/utils/report/report-service';
import { ProblemError } from '@/utils/problems/kinds';
import { describeProblem } from '@/utils/problems/sentences';
import { closeReportsDb } from '@/utils/storage/reports-db';
import { CHORES_AT_ONCE } from '@/utils/background/start-chores';

// No promise of the service worker fails without a word (issue 39): each
// rejection nobody waits on is logged with what failed and why going on is safe.

const REFUSED = new Error('refused by the browser');
const noApi = {} as ReportingApi;
const refreshApi = {
  async *iterateIncidents() {},
  getIncident: async () => Promise.reject(new Error('not used')),
};

let warned: string[];
beforeEach(() => {
  fakeBrowser.reset();
  globalThis.indexedDB = new IDBFactory();
  warned = [];
  vi.spyOn(console, 'warn').mockImplementation((line: string) => void warned.push(line));
});
const action = fakeBrowser.action;
afterEach(async () => {
  Object.assign(fakeBrowser, { action });
  vi.restoreAllMocks();
  await closeReportsDb();
});

describe('a service-worker promise that rejects', () => {
  it.each([
    [
      'the status refresh cannot be scheduled',
      () => {
        vi.spyOn(fakeBrowser.alarms, 'create').mockRejectedValue(REFUSED);
        startStatusRefresh(refreshApi, CHORES_AT_ONCE);
      },
      'Scheduling the status refresh failed; going on, the next start or settings change retries.',
    ],
    [
      'the alarm refresh fails',
      async () => {
        // The badge it ends with cannot be set.
        Object.assign(fakeBrowser, { action: { setBadgeText: () => Promise.reject(REFUSED), setBadgeBackgroundColor: () => Promise.reject(REFUSED), setTitle: () => Promise.reject(REFUSED) } });
        startStatusRefresh(refreshApi, CHORES_AT_ONCE);
        // Once the refresh is scheduled, as when its alarm can ring.
        await vi.waitFor(async () => expect(await fakeBrowser.alarms.get(REFRESH_ALARM)).toBeDefined());
        await fakeBrowser.alarms.onAlarm.trigger({ name: REFRESH_ALARM, scheduledTime: 0 } as never);
      },
      'The alarm’s status refresh failed; going on, the next alarm retries.',
    ],
    [
      'a status notification cannot open its page',
      async () => {
        vi.spyOn(fakeBrowser.tabs, 'create').mockRejectedValue(REFUSED);
        startStatusRefresh(refreshApi, CHORES_AT_ONCE);
        await fakeBrowser.notifications.onClicked.trigger('status:summary');
      },
      'Opening a status notification failed; going on, My reports has it.',
    ],
    [
      'a report notification cannot open its page',
      async () => {
        vi.spyOn(fakeBrowser.tabs, 'create').mockRejectedValue(REFUSED);
        startBackgroundReporting(noApi, CHORES_AT_ONCE);
        await fakeBrowser.notifications.onClicked.trigger('report:r1');
      },
      'Opening a report notification failed; going on, My reports has it.',
    ],
    [
      'the evidence-pruning alarm cannot be created',
      async () => {
        vi.spyOn(fakeBrowser.alarms, 'create').mockRejectedValue(REFUSED);
        startBackgroundReporting(noApi, CHORES_AT_ONCE);
        await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update' } as never);
      },
      'Creating the prune alarm failed; going on, the next update retries.',
    ],
    [
      'a menu problem cannot be notified',
      () => {
        vi.spyOn(fakeBrowser.notifications, 'create').mockRejectedValue(REFUSED);
        tellMenuError(new ProblemError({ kind: 'report_not_saved', full: true }));
      },
      `Notifying "${describeProblem({ kind: 'report_not_saved', full: true })}" failed; going on, nothing was reported.`,
    ],
  ])('is logged when %s', async (_name, run, line) => {
    await run();
    // Waited for, not timed: the line comes once the rejected work has settled.
    await vi.waitFor(() => expect(warned.filter((said) => said.startsWith(line))).toHaveLength(1), { timeout: 3000 });
  });
});
