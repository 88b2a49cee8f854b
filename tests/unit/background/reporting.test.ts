import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handleNotificationClick, openReviewWindow, startBackgroundReporting } from '@/utils/background/reporting';
import { createDraft } from '@/utils/report/outbox-pages';
import { closeReportsDb, putReport } from '@/utils/storage/reports-db';
import { newReport } from '../report/fixtures';
import { onConnect } from '../setup/fake-ports';
import { CHORES_AT_ONCE } from '@/utils/background/start-chores';

beforeEach(() => {
  fakeBrowser.reset();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

describe('a report notification, clicked', () => {
  it('opens the incident on the dashboard, and clears itself', async () => {
    const draft = await createDraft(newReport());
    await putReport({ ...draft, state: 'sent', incident: { id: 'inc_1', dashboardUrl: 'https://dash.example/inc_1' } });
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    const clear = vi.spyOn(fakeBrowser.notifications, 'clear').mockResolvedValue(undefined as never);
    await handleNotificationClick(`report:${draft.id}`);
    expect(create).toHaveBeenCalledWith({ url: 'https://dash.example/inc_1' });
    expect(clear).toHaveBeenCalledWith(`report:${draft.id}`);
  });

  it('opens the report in the settings when there is no dashboard link', async () => {
    const draft = await createDraft(newReport());
    await putReport({ ...draft, state: 'failed' });
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    vi.spyOn(fakeBrowser.notifications, 'clear').mockResolvedValue(undefined as never);
    await handleNotificationClick(`report:${draft.id}`);
    expect(create).toHaveBeenCalledWith({ url: `chrome-extension://${fakeBrowser.runtime.id}/options.html#report-${draft.id}` });
  });

  it.each(['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'chrome://settings'])(
    'never opens a stored link that is not http(s) (%s): the report in the settings instead',
    async (dashboardUrl) => {
      const draft = await createDraft(newReport());
      await putReport({ ...draft, state: 'sent', incident: { id: 'inc_1', dashboardUrl } });
      const create = vi.spyOn(fakeBrowser.tabs, 'create');
      vi.spyOn(fakeBrowser.notifications, 'clear').mockResolvedValue(undefined as never);
      await handleNotificationClick(`report:${draft.id}`);
      expect(create).toHaveBeenCalledWith({ url: `chrome-extension://${fakeBrowser.runtime.id}/options.html#report-${draft.id}` });
    },
  );

  it('ignores notifications that are not about a report', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await handleNotificationClick('something-else');
    expect(create).not.toHaveBeenCalled();
  });
});

describe('the review window', () => {
  it.each([
    ['r-1', '/review.html?report=r-1'],
    ['a b&c', '/review.html?report=a%20b%26c'],
    [undefined, '/review.html'],
  ])('opens as a small popup window for %s', async (id, path) => {
    const create = vi.spyOn(fakeBrowser.windows, 'create');
    await openReviewWindow(id);
    expect(create).toHaveBeenCalledWith({ url: `chrome-extension://${fakeBrowser.runtime.id}${path}`, type: 'popup', width: 620, height: 760 });
  });
});

describe('reporting in the service worker', () => {
  function fakeApi() {
    return {
      reportForTakedown: vi.fn(async () => ({ status: 'reported' as const, id: 'inc_1' })),
      reportForMonitoring: vi.fn(async () => ({ status: 'reported' as const, id: 'inc_2' })),
      getIncidentBySubject: vi.fn(async (): Promise<never> => {
        throw Object.assign(new Error('not found'), { info: { kind: 'not_found' } });
      }),
      attachFiles: vi.fn(async (id: string) => ({ id })),
      commentOnIncident: vi.fn(async () => ({})),
      requestTakedown: vi.fn(async () => ({})),
    };
  }

  function setOnline(online: boolean) {
    Object.defineProperty(globalThis.navigator, 'onLine', { value: online, configurable: true });
  }

  // What the worker does after an event is awaited by polling for its outcome, never for a fixed time:
  // a busy machine can take longer than any fixed wait. A fixed wait stays only before an assertion that
  // something did not happen.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

  it('at start, marks a report left sending as unknown and sends the queued ones that never left', async () => {
    setOnline(true);
    const inFlight = await createDraft(newReport());
    await putReport({ ...inFlight, state: 'sending' });
    const waiting = await createDraft(newReport({ subject: { type: 'url', value: 'https://other.example/' }, fields: { url: 'https://other.example/' } }));
    await putReport({ ...waiting, state: 'queued' });
    const api = fakeApi();
    await startBackgroundReporting(api as never, CHORES_AT_ONCE);
    const { getReport } = await import('@/utils/storage/reports-db');
    await vi.waitFor(async () => expect((await getReport(waiting.id))?.state).toBe('sent'));
    expect((await getReport(inFlight.id))?.state).toBe('unknown');
    expect(api.reportForTakedown).toHaveBeenCalledTimes(1);
  });

  it('creates the pruning alarm on install, and prunes old evidence and stale drafts when it rings', async () => {
    setOnline(true);
    await startBackgroundReporting(fakeApi() as never, CHORES_AT_ONCE);
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' } as never);
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.get('takedown-reporter:prune-evidence')).toMatchObject({ periodInMinutes: 720 }));

    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const sent = await createDraft(newReport());
    await putReport({ ...sent, state: 'sent', updatedAt: old });
    const staleDraft = await createDraft(newReport());
    await putReport({ ...staleDraft, updatedAt: new Date(Date.now() - 3 * 86_400_000).toISOString() });
    const freshDraft = await createDraft(newReport());
    await fakeBrowser.alarms.onAlarm.trigger({ name: 'takedown-reporter:prune-evidence', scheduledTime: Date.now() } as never);
    const { getReport } = await import('@/utils/storage/reports-db');
    await vi.waitFor(async () => expect(await getReport(staleDraft.id)).toBeUndefined());
    await vi.waitFor(async () => expect((await getReport(sent.id))?.files).toEqual([]));
    expect((await getReport(freshDraft.id))?.state).toBe('draft');
  });

  it('deletes a popup draft when its popup closes, unless kept; ports of other pages or names are ignored', async () => {
    await startBackgroundReporting(fakeApi() as never, CHORES_AT_ONCE);
    const page = `chrome-extension://${fakeBrowser.runtime.id}/popup.html`;
    const port = (name: string, url: string) => {
      const closed: (() => void)[] = [];
      onConnect.trigger({ name, sender: { url }, onDisconnect: { addListener: (listener: () => void) => closed.push(listener) } });
      return () => closed.forEach((listener) => listener());
    };
    const dropped = await createDraft(newReport({ origin: 'popup' }));
    const kept = await createDraft({ ...newReport({ origin: 'popup' }), keptAt: '2026-11-25T09:00:00.000Z' });
    const foreign = await createDraft(newReport({ origin: 'popup' }));
    const unnamed = await createDraft(newReport({ origin: 'popup' }));
    const closes = [
      port(`takedown-reporter:draft:${dropped.id}`, page),
      port(`takedown-reporter:draft:${kept.id}`, page),
      port(`takedown-reporter:draft:${foreign.id}`, 'https://evil.example/'),
      port(`other:${unnamed.id}`, page),
    ];
    const { getReport } = await import('@/utils/storage/reports-db');
    expect(await getReport(dropped.id)).toBeDefined();
    closes.forEach((close) => close());
    await vi.waitFor(async () => expect(await getReport(dropped.id)).toBeUndefined());
    for (const id of [kept.id, foreign.id, unnamed.id]) expect((await getReport(id))?.state).toBe('draft');
  });

  it('while offline, keeps a report queued with a retry alarm; the alarm sends it once online and then stops', async () => {
    setOnline(false);
    const api = fakeApi();
    const service = await startBackgroundReporting(api as never, CHORES_AT_ONCE);
    const draft = await createDraft(newReport({ origin: 'popup' }));
    expect(await service.submit(draft.id)).toMatchObject({ ok: false, problem: { kind: 'offline' } });
    expect(await fakeBrowser.alarms.get('takedown-reporter:send-waiting')).toMatchObject({ periodInMinutes: 0.5 });

    await fakeBrowser.alarms.onAlarm.trigger({ name: 'takedown-reporter:send-waiting', scheduledTime: Date.now() } as never);
    await settle();
    expect(api.reportForTakedown).not.toHaveBeenCalled();

    setOnline(true);
    await fakeBrowser.alarms.onAlarm.trigger({ name: 'takedown-reporter:send-waiting', scheduledTime: Date.now() } as never);
    const { getReport } = await import('@/utils/storage/reports-db');
    await vi.waitFor(async () => expect((await getReport(draft.id))?.state).toBe('sent'));
    expect(await fakeBrowser.alarms.get('takedown-reporter:send-waiting')).toBeUndefined();
  });

  it('opens a clicked report notification', async () => {
    setOnline(true);
    await startBackgroundReporting(fakeApi() as never, CHORES_AT_ONCE);
    const draft = await createDraft(newReport());
    await putReport({ ...draft, state: 'sent', incident: { id: 'inc_1', dashboardUrl: 'https://dash.example/inc_1' } });
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    vi.spyOn(fakeBrowser.notifications, 'clear').mockResolvedValue(undefined as never);
    await fakeBrowser.notifications.onClicked.trigger(`report:${draft.id}`);
    await vi.waitFor(() => expect(create).toHaveBeenCalledWith({ url: 'https://dash.example/inc_1' }));
  });
});

describe('background helpers', () => {
  it('read the tab a page asks about, and refuse one without an id or window', async () => {
    const { getEvidenceTab } = await import('@/utils/background/reporting');
    vi.spyOn(fakeBrowser.tabs, 'get')
      .mockResolvedValueOnce({ id: 4, windowId: 2, url: 'https://phish.example/', title: 'Sign in' } as never)
      .mockResolvedValueOnce({ id: 4, windowId: 2 } as never)
      .mockResolvedValueOnce({ windowId: 2 } as never)
      .mockResolvedValueOnce({ id: 4 } as never);
    expect(await getEvidenceTab(4)).toEqual({ id: 4, windowId: 2, url: 'https://phish.example/', title: 'Sign in' });
    expect(await getEvidenceTab(4)).toEqual({ id: 4, windowId: 2 });
    await expect(getEvidenceTab(4)).rejects.toThrow('The tab has no id.');
    await expect(getEvidenceTab(4)).rejects.toThrow('The tab has no id.');
  });

  it('notify a problem that stopped a report before it was written', async () => {
    const { notifyProblem } = await import('@/utils/background/reporting');
    const create = vi.spyOn(fakeBrowser.notifications, 'create').mockResolvedValue('n' as never);
    await notifyProblem({ kind: 'invalid_indicator', reason: 'url_scheme' });
    expect(create).toHaveBeenCalledWith({
      type: 'basic',
      iconUrl: `chrome-extension://${fakeBrowser.runtime.id}/icon/128.png`,
      title: 'Nothing was reported',
      message: 'Only http and https addresses can be reported.',
    });
  });

  it('tell the user a problem a menu report ran into, and log anything else', async () => {
    const { tellMenuError } = await import('@/utils/background/reporting');
    const { ProblemError } = await import('@/utils/problems/kinds');
    const create = vi.spyOn(fakeBrowser.notifications, 'create').mockResolvedValue('n' as never);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    tellMenuError(new ProblemError({ kind: 'report_not_saved', full: true }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledOnce());
    expect(create.mock.calls[0]).toEqual([
      {
        type: 'basic',
        iconUrl: `chrome-extension://${fakeBrowser.runtime.id}/icon/128.png`,
        title: 'Nothing was reported',
        message: 'The browser has no room left to save the report, so nothing was sent. Free some disk space, then try again.',
      },
    ]);
    expect(log).not.toHaveBeenCalled();
    const bug = new Error('a bug');
    tellMenuError(bug);
    expect(log).toHaveBeenCalledWith('Menu report failed', bug);
    expect(create).toHaveBeenCalledOnce();
  });

  it('open the settings for a notification whose report was deleted', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    vi.spyOn(fakeBrowser.notifications, 'clear').mockResolvedValue(undefined as never);
    await handleNotificationClick('report:gone');
    expect(create).toHaveBeenCalledWith({ url: `chrome-extension://${fakeBrowser.runtime.id}/options.html#report-gone` });
  });
});
