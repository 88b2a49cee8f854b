import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CapturedEvidence } from '@/utils/evidence/capture';
import { createReportService, type ReportingApi, type ReportServiceDeps } from '@/utils/report/report-service';
import { DEFAULT_SETTINGS } from '@/utils/settings/settings';
import { closeReportsDb, getReport } from '@/utils/storage/reports-db';
import type { ChainEvidence } from '@/utils/storage/navigation-types';
import { CONTEXT, fakeApi } from './fixtures';

// A report of a tab's page carries the way the browser took to it (issue 41);
// a link on the page and a selection on it do not: the way is the page's.

const TAB = { id: 7, windowId: 1, url: 'https://secure-acme-login.com/signin', title: 'Sign in' };
const WAY: ChainEvidence = {
  state: 'recorded',
  chain: {
    start: 'link',
    hops: [
      { url: 'https://bit.ly/3xYz', at: Date.parse('2026-11-28T09:59:50Z'), left: 'server_redirect' },
      { url: TAB.url, at: Date.parse('2026-11-28T09:59:51Z') },
    ],
  },
};

function setup(recordNavigation: boolean) {
  const sent: File[][] = [];
  const asked: [number, boolean][] = [];
  const api = fakeApi({
    reportForTakedown: vi.fn(async (request: Parameters<ReportingApi['reportForTakedown']>[0]) => {
      sent.push([...(request.attachments ?? [])] as File[]);
      return { status: 'reported' as const, id: 'inc_new' };
    }),
  });
  const deps: ReportServiceDeps = {
    api,
    capture: async (request): Promise<CapturedEvidence> => ({ files: [], context: { ...CONTEXT, requestedUrl: request.requestedUrl }, problems: [] }),
    getTab: async () => TAB,
    readSettings: async () => ({ ...DEFAULT_SETTINGS, recordNavigation }),
    isOnline: () => true,
    showProgress: async () => undefined,
    notify: async () => undefined,
    openReview: async () => undefined,
    navigationOf: async (tabId, settingOn) => {
      asked.push([tabId, settingOn]);
      return settingOn ? WAY : { state: 'off' };
    },
  };
  return { service: createReportService(deps), sent, asked };
}

/** The evidence record a report sent. */
const recordOf = (files: File[] | undefined) => files?.find((file) => file.name === 'evidence-record.txt')?.text() ?? Promise.resolve('');

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

describe('the way to the page in a report', () => {
  it('a page reported from the menu sends every hop in its record', async () => {
    const { service, sent, asked } = setup(true);
    await service.reportTab({ tab: TAB, origin: 'menu' });
    expect(asked).toEqual([[7, true]]);
    const record = await recordOf(sent[0]);
    expect(record).toContain('  1. https://bit.ly/3xYz\n     URL shortener · sent on by a server redirect (HTTP 3xx)');
    expect(record).toContain(`  2. ${TAB.url}\n     Page reached · reached`);
  });

  it('with the setting off, the record says the way was not recorded', async () => {
    const { service, sent, asked } = setup(false);
    await service.reportTab({ tab: TAB, origin: 'shortcut' });
    expect(asked).toEqual([[7, false]]);
    expect(await recordOf(sent[0])).toContain('How the browser reached this page: not recorded (the setting “Record how I reached each page” is off).');
  });

  it('the popup’s draft of the page holds the way once its capture ends', async () => {
    const { service } = setup(true);
    const started = await service.startTabDraft(7);
    const id = (started as { reportId: string }).reportId;
    await vi.waitFor(async () => expect((await getReport(id))?.capturing).toBeUndefined());
    expect((await getReport(id))?.evidence?.navigation).toEqual(WAY);
  });

  it.each([
    ['a link on the page', (service: ReturnType<typeof setup>['service']) => service.reportTab({ tab: TAB, linkUrl: 'https://pay.evil-link.com/', origin: 'menu' })],
    ['text selected on it', (service: ReturnType<typeof setup>['service']) => service.reviewSelection(TAB, 'refunds[at]acme-billing[.]com')],
  ])('%s says nothing of the way: it is the page’s', async (_name, report) => {
    const { service, sent, asked } = setup(true);
    await report(service);
    expect(asked).toEqual([]);
    expect(await recordOf(sent[0])).not.toContain('How the browser reached');
  });
});
