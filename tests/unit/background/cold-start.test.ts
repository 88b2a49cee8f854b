import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background/index';
import { REFRESH_ALARM } from '@/utils/background/status';
import { createDraft } from '@/utils/report/outbox-pages';
import { closeReportsDb, getReport, putReport } from '@/utils/storage/reports-db';
import { newReport } from '../report/fixtures';
import { senderOf } from '../messaging/as-page';

// A stopped worker woken by a page's call (issue 43, cold start): it answers
// before its start chores (the outbox's recovery, the refresh alarm, the
// organisation's policy, the navigation keeper's state), which then run, and
// it reads no menu title (menus are created on install and update only).

describe('a worker woken by a page', () => {
  const kept = { ...fakeBrowser };
  const { onAdded, onRemoved } = fakeBrowser.permissions;
  const replaced = fakeBrowser.tabs.onReplaced;
  const log: string[] = [];
  beforeEach(async () => {
    fakeBrowser.reset();
    globalThis.indexedDB = new IDBFactory();
    log.length = 0;
    const listening = { addListener: vi.fn() };
    const created = vi.fn();
    Object.assign(fakeBrowser, { contextMenus: { create: created, removeAll: vi.fn(async () => undefined), onClicked: listening }, commands: { onCommand: listening } });
    const event = () => ({ addListener: vi.fn(), removeListener: vi.fn(), hasListener: vi.fn(() => false) });
    Object.assign(fakeBrowser.tabs, { onReplaced: event() });
    Object.assign(fakeBrowser.permissions, { onAdded: event(), onRemoved: event() });
  });
  afterEach(async () => {
    Object.assign(fakeBrowser, kept);
    Object.assign(fakeBrowser.tabs, { onReplaced: replaced });
    Object.assign(fakeBrowser.permissions, { onAdded, onRemoved });
    await closeReportsDb();
  });

  /** Notes in `log` each start chore's first step as it begins. */
  function watchChores(): void {
    const open = indexedDB.open.bind(indexedDB);
    vi.spyOn(indexedDB, 'open').mockImplementation((...args) => (log.push('report database opened'), open(...args)));
    const getAlarm = fakeBrowser.alarms.get.bind(fakeBrowser.alarms);
    vi.spyOn(fakeBrowser.alarms, 'get').mockImplementation((name?: string) => (log.push('refresh alarm read'), getAlarm(name as string)) as never);
    const managed = fakeBrowser.storage.managed.get.bind(fakeBrowser.storage.managed);
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockImplementation(((keys?: never) => (log.push('policy read'), managed(keys))) as never);
  }

  /** A call from the options page, as the browser delivers it; `answer` is logged when it is sent. */
  async function callFromOptions(method: string, args: unknown[]): Promise<unknown> {
    const answered = new Promise((resolve) => {
      void fakeBrowser.runtime.onMessage.trigger({ channel: 'takedown-reporter/call', method, args }, senderOf('options'), (answer: unknown) => {
        log.push('answer');
        resolve(answer);
      });
    });
    return answered;
  }

  it('answers its first call before any start chore, and does them right after: a report left sending is recovered', async () => {
    const left = await createDraft(newReport());
    await putReport({ ...left, state: 'sending' });
    await closeReportsDb();
    watchChores();
    background.main!();
    expect(log).toEqual([]);
    expect(await callFromOptions('connection.getStatus', [{ live: false }])).toMatchObject({ ok: true, value: { state: 'not_configured' } });
    await vi.waitFor(() => expect(log).toEqual(expect.arrayContaining(['report database opened', 'refresh alarm read', 'policy read'])));
    expect(log[0]).toBe('answer');
    await vi.waitFor(async () => expect((await getReport(left.id))?.state).toBe('unknown'));
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.get(REFRESH_ALARM)).toMatchObject({ periodInMinutes: 15 }));
  });

  it('reads no menu title at start; the menus are created with their titles on install and update', async () => {
    const getMessage = vi.spyOn(fakeBrowser.i18n, 'getMessage');
    background.main!();
    expect(getMessage).not.toHaveBeenCalled();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'chrome_update' });
    await vi.waitFor(() => expect((fakeBrowser.contextMenus.create as ReturnType<typeof vi.fn>).mock.calls.map(([entry]) => entry.title)).toContain('Report this page for takedown'));
  });
});
