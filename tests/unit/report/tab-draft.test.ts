import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptureRequest, CapturedEvidence } from '@/utils/evidence/capture';
import { createReportService, type ReportingApi } from '@/utils/report/report-service';
import { DEFAULT_SETTINGS, type Settings } from '@/utils/settings/settings';
import { createDraft, editDraft, type NewReport } from '@/utils/report/outbox-pages';
import { discardUnkeptDraft } from '@/utils/report/outbox-upkeep';
import { closeReportsDb, getReport, listReports, putReport } from '@/utils/storage/reports-db';
import { CONTEXT, minutes, newReport, pngFile } from './fixtures';

// The popup's draft is written before its evidence exists; the capture
// completes it, and sending waits for that.

const TAB = { id: 7, windowId: 1, url: 'https://phish.example/login', title: 'Sign in' };

function service(capture: (request: CaptureRequest) => Promise<CapturedEvidence>, isConnected?: () => Promise<boolean>, settings: Settings = DEFAULT_SETTINGS, tab: Partial<typeof TAB> = TAB) {
  const reportForTakedown = vi.fn(async (_request: { attachments?: File[] }) => ({ status: 'reported' as const, id: 'inc_1' }));
  const api = {
    reportForTakedown,
    reportForMonitoring: reportForTakedown,
    getIncidentBySubject: vi.fn(),
    attachFiles: vi.fn(),
    commentOnIncident: vi.fn(),
    requestTakedown: vi.fn(),
  } as unknown as ReportingApi;
  const reports = createReportService({
    api,
    capture,
    getTab: async (id) => ({ ...tab, id, windowId: TAB.windowId }),
    readSettings: async () => settings,
    ...(isConnected ? { isConnected } : {}),
    isOnline: () => true,
    showProgress: async () => undefined,
    notify: async () => undefined,
    openReview: async () => undefined,
  });
  return { reports, reportForTakedown };
}

/** A capture that ends when the test says. */
function heldCapture() {
  let finish: (evidence: CapturedEvidence) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const capture = vi.fn((_request: CaptureRequest) => new Promise<CapturedEvidence>((resolve, reject) => ((finish = resolve), (fail = reject))));
  return { capture, finish: (evidence: CapturedEvidence) => finish(evidence), fail: (error: Error) => fail(error) };
}

/** The stored reports' ids once three reads in a row, 20 ms apart, agree. */
async function settledIds(): Promise<string[]> {
  const read = async () => JSON.stringify((await listReports()).map((report) => report.id).sort());
  let [last, same] = [await read(), 0];
  while (same < 2) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = await read();
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return JSON.parse(last) as string[];
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

describe('startTabDraft', () => {
  it('writes the draft with the tab’s address before the capture ends, then completes it', async () => {
    const held = heldCapture();
    const { reports } = service(held.capture);
    const started = await reports.startTabDraft(7);
    expect(started).toEqual({ ok: true, reportId: expect.any(String), problems: [], draft: expect.objectContaining({ state: 'draft', capturing: true }) });
    const id = (started as { reportId: string }).reportId;
    // The answer is the draft as written: the popup shows it without reading the database.
    expect((started as { draft: unknown }).draft).toEqual(await getReport(id));
    expect(await getReport(id)).toMatchObject({ state: 'draft', capturing: true, files: [], subject: { type: 'url', value: TAB.url }, fields: { url: TAB.url } });
    expect(held.capture).toHaveBeenCalledWith(expect.objectContaining({ requestedUrl: TAB.url, include: { screenshot: true, pageSource: true, pageDetails: true } }));

    held.finish({ files: [pngFile()], context: CONTEXT, problems: [{ kind: 'capture_failed', what: 'page', reason: 'timeout' }] });
    await vi.waitFor(async () => expect((await getReport(id))?.capturing).toBeUndefined());
    const draft = await getReport(id);
    expect(draft?.files.map((file) => file.name)).toEqual(['screenshot.png']);
    expect(draft?.evidence).toEqual(CONTEXT);
    expect(draft?.captureProblems).toEqual([{ kind: 'capture_failed', what: 'page', reason: 'timeout' }]);
  });

  it('sends a draft only once its capture ended, with the evidence', async () => {
    const held = heldCapture();
    const { reports, reportForTakedown } = service(held.capture);
    const id = ((await reports.startTabDraft(7)) as { reportId: string }).reportId;
    const order: string[] = [];
    reportForTakedown.mockImplementation(async () => (order.push('sent'), { status: 'reported' as const, id: 'inc_1' }));
    const sending = reports.submit(id);
    // A read of the database in the meantime (no fixed wait): the draft is still a draft, nothing sent.
    expect(await getReport(id)).toMatchObject({ state: 'draft', capturing: true });
    expect(reportForTakedown).not.toHaveBeenCalled();
    order.push('capture ended');
    held.finish({ files: [pngFile()], context: CONTEXT, problems: [] });
    expect(await sending).toMatchObject({ ok: true, report: { state: 'sent' } });
    expect(order).toEqual(['capture ended', 'sent']);
    const [request] = reportForTakedown.mock.calls[0]!;
    expect(request.attachments?.map((file) => file.name)).toEqual(['screenshot.png', 'evidence-record.txt']);
  });

  it('a capture that fails leaves the draft usable, saying what is missing', async () => {
    const held = heldCapture();
    const { reports } = service(held.capture);
    const id = ((await reports.startTabDraft(7)) as { reportId: string }).reportId;
    held.fail(new Error('The tab was closed.'));
    await vi.waitFor(async () => expect((await getReport(id))?.capturing).toBeUndefined());
    expect(await getReport(id)).toMatchObject({ files: [], captureProblems: [{ kind: 'capture_failed', what: 'page' }] });
  });

  it('a draft sent or deleted meanwhile is left as it is', async () => {
    const held = heldCapture();
    const { reports } = service(held.capture);
    const id = ((await reports.startTabDraft(7)) as { reportId: string }).reportId;
    await reports.discard(id);
    held.finish({ files: [pngFile()], context: CONTEXT, problems: [] });
    // Sending waits for the capture to be over: then the draft is still gone, and nothing is sent.
    expect(await reports.submit(id)).toMatchObject({ ok: false });
    expect(await listReports()).toEqual([]);
  });

  it('makes no draft and captures nothing while no connection is set up', async () => {
    const held = heldCapture();
    const { reports } = service(held.capture, async () => false);
    expect(await reports.startTabDraft(7)).toEqual({ ok: false, problem: { kind: 'not_configured' } });
    expect(held.capture).not.toHaveBeenCalled();
    expect(await listReports()).toEqual([]);
  });

  it('replaces the earlier draft of the same page and tab, and only that one', async () => {
    const held = heldCapture();
    const { reports } = service(held.capture, async () => true);
    const first = ((await reports.startTabDraft(7)) as { reportId: string }).reportId;
    const otherTab = ((await reports.startTabDraft(9)) as { reportId: string }).reportId;
    const review = ((await reports.startTabDraft(7, 'review')) as { reportId: string }).reportId;
    const second = ((await reports.startTabDraft(7)) as { reportId: string }).reportId;
    await vi.waitFor(async () => expect(await getReport(first)).toBeUndefined());
    // Every start tidies up in the background: the list is read once none of them changes it any more, not in between.
    expect(await settledIds()).toEqual([otherTab, review, second].sort());
    expect(first).not.toBe(second);
  });

  it('takes up the newest draft the user kept on this page (same tab, or same address), and no other', async () => {
    const { reports } = service(heldCapture().capture, async () => true);
    const kept = async (overrides: Partial<NewReport>, updatedAt: Date) => {
      const draft = await createDraft(newReport({ origin: 'popup', tabId: 7, ...overrides }), updatedAt);
      await putReport({ ...draft, keptAt: updatedAt.toISOString() });
      return draft.id;
    };
    const older = await kept({}, minutes(1));
    const newer = await kept({}, minutes(2));
    expect(await reports.startTabDraft(7)).toMatchObject({ ok: true, reportId: newer, problems: [], draft: { id: newer, files: [] } });
    expect(older).not.toBe(newer);
    // Another tab at the same address finds it too.
    expect(await reports.startTabDraft(9)).toMatchObject({ ok: true, reportId: newer });
  });

  it('takes up the draft kept in this tab, even at another address', async () => {
    const { reports } = service(heldCapture().capture, async () => true);
    const draft = await createDraft(newReport({ origin: 'popup', tabId: 7, evidence: { ...CONTEXT, requestedUrl: 'https://elsewhere.example/' } }), minutes(1));
    await putReport({ ...draft, keptAt: minutes(1).toISOString() });
    expect(await reports.startTabDraft(7)).toMatchObject({ ok: true, reportId: draft.id });
  });

  it.each([
    ['of the review window', { origin: 'review' as const }, TAB],
    ['of another tab at another address', { tabId: 3, evidence: { ...CONTEXT, requestedUrl: 'https://elsewhere.example/' } }, TAB],
    ['of another tab, with no evidence', { tabId: 3, evidence: undefined }, TAB],
    // A page whose address the browser does not give is not "the same address" as another such page.
    ['of another tab with no address, on a tab with none either', { tabId: 3, evidence: undefined }, { title: 'New Tab' }],
  ])('leaves alone a kept draft %s', async (_name, overrides, tab) => {
    const { reports } = service(heldCapture().capture, async () => true, DEFAULT_SETTINGS, tab);
    const draft = await createDraft(newReport({ origin: 'popup', tabId: 7, ...overrides }), minutes(1));
    await putReport({ ...draft, keptAt: minutes(1).toISOString() });
    const started = await reports.startTabDraft(7);
    expect(started).toMatchObject({ ok: true });
    expect((started as { reportId: string }).reportId).not.toBe(draft.id);
    expect((await getReport(draft.id))?.keptAt).toBe(minutes(1).toISOString());
  });

  it('never takes up a draft the user did not keep', async () => {
    const { reports } = service(heldCapture().capture, async () => true);
    const draft = await createDraft(newReport({ origin: 'popup', tabId: 7 }), minutes(1));
    expect(((await reports.startTabDraft(7)) as { reportId: string }).reportId).not.toBe(draft.id);
  });

  it('a page the browser cannot capture gets a draft with no address and no capture', async () => {
    const held = heldCapture();
    const tabService = createReportService({
      api: {} as ReportingApi,
      capture: held.capture,
      getTab: async () => ({ ...TAB, url: 'chrome://settings' }),
      readSettings: async () => DEFAULT_SETTINGS,
      isOnline: () => true,
      showProgress: async () => undefined,
      notify: async () => undefined,
      openReview: async () => undefined,
    });
    const id = ((await tabService.startTabDraft(7)) as { reportId: string }).reportId;
    expect(await getReport(id)).toMatchObject({ subject: { value: '' }, files: [] });
    expect((await getReport(id))?.capturing).toBeUndefined();
    expect(held.capture).not.toHaveBeenCalled();
  });

  it('captures only what the evidence settings allow', async () => {
    const held = heldCapture();
    const settings: Settings = { ...DEFAULT_SETTINGS, evidence: { screenshot: false, pageSource: false, pageDetails: true } };
    const { reports } = service(held.capture, undefined, settings);
    await reports.startTabDraft(7);
    expect(held.capture).toHaveBeenCalledWith(expect.objectContaining({ include: { screenshot: false, pageSource: false, pageDetails: true } }));
  });

  it('takes up a draft the user kept on the same page again, as it was, without capturing again', async () => {
    const held = heldCapture();
    const { reports } = service(held.capture, async () => true);
    const id = ((await reports.startTabDraft(7)) as { reportId: string }).reportId;
    held.finish({ files: [pngFile()], context: { ...CONTEXT, requestedUrl: TAB.url }, problems: [] });
    await vi.waitFor(async () => expect((await getReport(id))?.capturing).toBeUndefined());
    await editDraft(id, { fields: { url: TAB.url, comment: 'kit on a fresh domain' }, keptAt: '2026-11-25T09:00:00.000Z' });
    held.capture.mockClear();

    // The same page in another tab, later: the kept draft comes back.
    const again = await reports.startTabDraft(12);
    // Its files stay in the database for the popup to read: a Blob does not cross messaging.
    expect(again).toMatchObject({ ok: true, reportId: id, draft: { fields: { comment: 'kit on a fresh domain' }, keptAt: '2026-11-25T09:00:00.000Z', files: [] } });
    expect((await getReport(id))?.files.map((file) => file.name)).toEqual(['screenshot.png']);
    expect(held.capture).not.toHaveBeenCalled();
    // A kept draft is not tidied away as an earlier draft of the tab.
    await reports.startTabDraft(7, 'review');
    expect((await listReports()).map((report) => report.id)).toContain(id);
  });
});

describe('a draft whose popup closed', () => {
  it('is deleted with its evidence unless the user kept it or it left the draft state', async () => {
    const held = heldCapture();
    const { reports } = service(held.capture, async () => true);
    const dropped = ((await reports.startTabDraft(7)) as { reportId: string }).reportId;
    const kept = ((await reports.startTabDraft(8)) as { reportId: string }).reportId;
    const sent = ((await reports.startTabDraft(9)) as { reportId: string }).reportId;
    held.finish({ files: [pngFile()], context: CONTEXT, problems: [] });
    await editDraft(kept, { keptAt: '2026-11-25T09:00:00.000Z' });
    await vi.waitFor(async () => expect((await getReport(sent))?.capturing).toBeUndefined());
    await reports.submit(sent);

    expect(await discardUnkeptDraft(dropped)).toBe(true);
    expect(await discardUnkeptDraft(kept)).toBe(false);
    expect(await discardUnkeptDraft(sent)).toBe(false);
    expect(await discardUnkeptDraft('never-was')).toBe(false);
    expect((await listReports()).map((report) => report.id).sort()).toEqual([kept, sent].sort());
  });
});
