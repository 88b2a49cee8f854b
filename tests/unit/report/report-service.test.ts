import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/utils/api/errors';
import type { CaptureRequest, CapturedEvidence } from '@/utils/evidence/capture';
import { createDraft } from '@/utils/report/outbox-pages';
import { recoverAfterRestart } from '@/utils/report/outbox';
import { createReportService, type ReportingApi, type ReportServiceDeps } from '@/utils/report/report-service';
import type { OutboxReport } from '@/utils/storage/report-types';
import { DEFAULT_SETTINGS, type Settings } from '@/utils/settings/settings';
import { closeReportsDb, getReport, listReports, putReport } from '@/utils/storage/reports-db';
import { CONTEXT, fakeApi, keepingAfter, newReport, pngFile } from './fixtures';
import { ProblemError } from '@/utils/problems/kinds';

// The report service with every browser call replaced: what it writes to
// the outbox, what it sends, and what the user is shown.

const TAB = { id: 7, windowId: 1, url: 'https://phish.example/login', title: 'Sign in' };

function setup(options: { settings?: Partial<Settings>; api?: Partial<ReportingApi>; online?: () => boolean; capture?: ReportServiceDeps['capture']; tabUrl?: string; ready?: Promise<unknown> } = {}) {
  const api = fakeApi(options.api);
  const shown: [string, string][] = [];
  const notified: OutboxReport[] = [];
  const reviews: string[] = [];
  const captures: CaptureRequest[] = [];
  const waits: string[] = [];
  const deps: ReportServiceDeps = {
    api: keepingAfter(api),
    capture:
      options.capture ??
      (async (request): Promise<CapturedEvidence> => {
        captures.push(request);
        return { files: request.include.screenshot ? [pngFile()] : [], context: { ...CONTEXT, requestedUrl: request.requestedUrl }, problems: [] };
      }),
    getTab: async (tabId) => ({ ...TAB, id: tabId, ...(options.tabUrl ? { url: options.tabUrl } : {}) }),
    readSettings: async () => ({ ...DEFAULT_SETTINGS, reporterEmail: 'analyst@acme.example', ...options.settings }),
    isOnline: options.online ?? (() => true),
    waitForNetwork: async () => void waits.push('wait'),
    showProgress: async (report) => void shown.push([(report as Partial<OutboxReport>).id ?? `tab ${report.tabId}`, report.state]),
    notify: async (report) => void notified.push(report),
    openReview: async (id) => void reviews.push(id),
    ...(options.ready ? { ready: () => options.ready! } : {}),
  };
  return { service: createReportService(deps), api, shown, notified, reviews, captures, waits };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

describe('reporting a page from the menu', () => {
  it('captures, writes, sends at once, badges the tab and notifies the incident', async () => {
    const { service, api, shown, notified, captures } = setup();
    const result = await service.reportTab({ tab: TAB, action: 'tkd', origin: 'menu' });
    expect(result).toMatchObject({ ok: true, report: { state: 'sent', incident: { id: 'inc_new', dashboardUrl: 'https://dash.example/inc_new' } } });
    expect(captures).toEqual([{ tab: TAB, requestedUrl: TAB.url, include: DEFAULT_SETTINGS.evidence, reporter: 'analyst@acme.example' }]);
    expect(api.reportForTakedown).toHaveBeenCalledTimes(1);
    const [sent] = api.reportForTakedown.mock.calls[0] as unknown as [{ url: string; reportedBy: string; attachments: File[] }];
    expect([sent.url, sent.reportedBy, sent.attachments.map((file) => [file.name, file.type])]).toEqual([
      TAB.url,
      'analyst@acme.example',
      [
        ['screenshot.png', 'image/png'],
        ['evidence-record.txt', 'text/plain'],
      ],
    ]);
    expect(await getReport(notified[0]!.id)).toMatchObject({ subject: { type: 'url', value: TAB.url }, origin: 'menu', action: 'tkd' });
    const id = notified[0]!.id;
    // Its tab says "sending" from the click, before the capture ends.
    expect(shown).toEqual([
      ['tab 7', 'sending'],
      [id, 'sent'],
    ]);
    expect(notified.map((report) => [report.state, report.origin, report.tabId])).toEqual([['sent', 'menu', 7]]);
  });

  it('writes the report once before its request leaves: already sending, its attempt counted', async () => {
    const puts: string[] = [];
    const put = IDBObjectStore.prototype.put;
    const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'reports') puts.push((args[0] as OutboxReport).state);
      return put.apply(this, args);
    });
    let atRequest: { puts: string[]; stored?: OutboxReport } | undefined;
    const { service } = setup({
      api: {
        reportForTakedown: vi.fn(async () => {
          const [stored] = await listReports();
          atRequest = { puts: [...puts], stored };
          return { status: 'reported' as const, id: 'inc_new', dashboardUrl: 'https://dash.example/inc_new' };
        }),
      },
    });
    await service.reportTab({ tab: TAB, action: 'tkd', origin: 'menu' });
    spy.mockRestore();
    expect(atRequest?.puts).toEqual(['sending']);
    expect(atRequest?.stored).toMatchObject({ state: 'sending', attempts: 1, waitingForNetwork: false });
    expect(atRequest?.stored?.files.map((file) => file.role)).toEqual(['screenshot', 'record']);
  });

  it('writes a report only after the outbox recovered from an earlier worker, which takes a sending report for a dead one', async () => {
    const stale = await createDraft(newReport({ origin: 'menu', tabId: 3 }));
    await putReport({ ...stale, state: 'sending' });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // As the background starts: recovery runs once the worker's storage is ready, here when the test opens the gate.
    const ready = gate.then(() => recoverAfterRestart());
    const { service, captures } = setup({ ready });
    const result = service.reportTab({ tab: TAB, action: 'tkd', origin: 'menu' });
    await vi.waitFor(() => expect(captures).toHaveLength(1));
    open();
    expect((await ready).map((report) => report.id)).toEqual([stale.id]);
    await expect(result).resolves.toMatchObject({ ok: true, report: { state: 'sent', attempts: 1 } });
  });

  it('reports a link without visiting it: the link is the subject, the page is the evidence', async () => {
    const { service, api, captures } = setup();
    await service.reportTab({ tab: TAB, linkUrl: 'https://evil.example/pay', action: 'monitor', origin: 'menu' });
    expect(captures[0]).toMatchObject({ requestedUrl: 'https://evil.example/pay', linkUrl: 'https://evil.example/pay', tab: TAB });
    expect((api.reportForMonitoring.mock.calls[0] as unknown[])[0]).toMatchObject({ url: 'https://evil.example/pay' });
    expect(api.reportForTakedown).not.toHaveBeenCalled();
  });

  it.each(['not a link', ''])('keeps no dashboard link %j', async (dashboardUrl) => {
    const { service } = setup({ api: { reportForTakedown: vi.fn(async () => ({ status: 'reported' as const, id: 'inc_3', dashboardUrl })) } });
    const result = await service.reportTab({ tab: TAB, action: 'tkd', origin: 'menu' });
    expect('report' in result && result.report?.incident).toEqual({ id: 'inc_3' });
  });

  it('reports a link found on a page it cannot capture, with no evidence', async () => {
    const capture = vi.fn();
    const { service, api } = setup({ capture });
    await service.reportTab({ tab: { ...TAB, url: 'about:blank' }, linkUrl: 'https://evil.example/pay', action: 'tkd', origin: 'menu' });
    expect(capture).not.toHaveBeenCalled();
    expect((api.reportForTakedown.mock.calls[0] as unknown[])[0]).toEqual({ url: 'https://evil.example/pay', reportedBy: 'analyst@acme.example', attachments: [] });
  });

  it('tells the result of a report once, when two calls race to send it', async () => {
    const { service, api, notified, shown } = setup();
    const draft = await createDraft(newReport({ origin: 'menu', tabId: 7 }));
    await putReport({ ...draft, state: 'queued' });
    await Promise.all([service.sendWaiting(), service.sendWaiting()]);
    expect(api.reportForTakedown).toHaveBeenCalledTimes(1);
    expect(notified.map((report) => report.state)).toEqual(['sent']);
    expect(shown.filter(([, state]) => state === 'sent')).toHaveLength(1);
  });

  it('answers an unconfirmed report that a lookup cannot find as received (sent), its id unconfirmed, never failed', async () => {
    const { service } = setup({ api: { reportForTakedown: vi.fn(async () => ({ status: 'unconfirmed' as const, httpStatus: 200 })) } });
    const result = await service.reportTab({ tab: TAB, action: 'tkd', origin: 'menu' });
    expect(result).toMatchObject({ ok: true, report: { state: 'sent', outcome: { status: 'unconfirmed' } } });
    expect(result).not.toHaveProperty(['report', 'incident']);
  });

  it('keeps only http(s) dashboard links', async () => {
    const { service } = setup();
    const result = await service.reportTab({ tab: TAB, action: 'monitor', origin: 'menu' });
    expect(result).toMatchObject({ ok: true, report: { incident: { id: 'inc_mon' } } });
    expect('report' in result && result.report?.incident).toEqual({ id: 'inc_mon' });
  });

  it('takes the settings: default action for the shortcut, client, and the evidence they switch off', async () => {
    const { service, api, captures } = setup({ settings: { defaultAction: 'monitor', defaultClientId: 'cl_acme_bank', evidence: { screenshot: false, pageSource: false, pageDetails: true } } });
    await service.reportTab({ tab: TAB, origin: 'shortcut' });
    expect(captures[0]!.include).toEqual({ screenshot: false, pageSource: false, pageDetails: true });
    expect((api.reportForMonitoring.mock.calls[0] as unknown[])[0]).toMatchObject({ clientId: 'cl_acme_bank', attachments: [expect.objectContaining({ name: 'evidence-record.txt' })] });
  });

  it('opens the review window instead of sending when the user confirms first', async () => {
    const { service, api, reviews } = setup({ settings: { confirmBeforeSend: true } });
    const result = await service.reportTab({ tab: TAB, action: 'tkd', origin: 'menu' });
    expect(result).toEqual({ ok: true, review: reviews[0] });
    expect(await getReport(reviews[0]!)).toMatchObject({ state: 'draft', selectionText: TAB.url, files: [expect.objectContaining({ role: 'screenshot' })] });
    expect(api.reportForTakedown).not.toHaveBeenCalled();
  });

  it.each(['chrome://settings/', 'file:///etc/passwd', 'javascript:alert(1)', undefined])('refuses a page at %s, writing nothing', async (url) => {
    const { service, api } = setup();
    const result = await service.reportTab({ tab: { ...TAB, url }, action: 'tkd', origin: 'menu' });
    expect(result).toEqual({ ok: false, problem: { kind: 'invalid_indicator', reason: 'url_scheme' } });
    expect(await listReports()).toEqual([]);
    expect(api.reportForTakedown).not.toHaveBeenCalled();
  });

  it('a failure keeps the report and its evidence, badges "!" and notifies; sending again succeeds', async () => {
    const failing = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ kind: 'server_error', status: 500 }))
      .mockResolvedValue({ status: 'reported', id: 'inc_2' });
    const { service, shown, notified, waits } = setup({ api: { reportForTakedown: failing } });
    const first = await service.reportTab({ tab: TAB, action: 'tkd', origin: 'menu' });
    expect(first).toMatchObject({ ok: false, problem: { kind: 'server_error', status: 500 }, report: { state: 'failed' } });
    expect(waits).toEqual([]);
    expect((first as { report: OutboxReport }).report.waitingForNetwork).toBe(false);
    const id = notified[0]!.id;
    expect((await getReport(id))?.files.map((file) => file.name)).toEqual(['screenshot.png', 'evidence-record.txt']);
    const again = await service.sendAgain(id);
    expect(again).toMatchObject({ ok: true, report: { state: 'sent', attempts: 2, incident: { id: 'inc_2' } } });
    expect(failing.mock.calls[1]![0].attachments.map((file: File) => file.name)).toEqual(['screenshot.png', 'evidence-record.txt']);
    expect(shown.map(([, state]) => state)).toEqual(['sending', 'failed', 'sending', 'sent']);
    expect(notified.map((report) => report.state)).toEqual(['failed', 'sent']);
  });

  it('two clicks on Send again at once send one request; the second is told the report is busy', async () => {
    const failing = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ kind: 'server_error', status: 500 }))
      .mockResolvedValue({ status: 'reported', id: 'inc_2' });
    const { service, notified } = setup({ api: { reportForTakedown: failing } });
    await service.reportTab({ tab: TAB, action: 'tkd', origin: 'menu' });
    const id = notified[0]!.id;
    const results = await Promise.all([service.sendAgain(id), service.sendAgain(id)]);
    expect(failing).toHaveBeenCalledTimes(2);
    expect(results.map((result) => (result.ok ? result.report.state : result.problem.kind)).sort()).toEqual(['report_busy', 'sent']);
    expect(await getReport(id)).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('sends again only a failed or unknown report', async () => {
    const { service } = setup();
    const draft = await createDraft(newReport());
    for (const state of ['draft', 'queued', 'sending', 'sent', 'duplicate'] as const) {
      await putReport({ ...draft, state });
      expect(await service.sendAgain(draft.id)).toMatchObject({ ok: false, problem: { kind: 'report_busy' } });
    }
    expect(await service.sendAgain('gone')).toEqual({ ok: false, problem: { kind: 'report_missing' } });
  });

  it('keeps a report queued while offline and says so; it goes when the network is back', async () => {
    let online = false;
    const { service, api, waits, notified } = setup({ online: () => online });
    const result = await service.reportTab({ tab: TAB, action: 'tkd', origin: 'menu' });
    expect(result).toMatchObject({ ok: false, problem: { kind: 'offline' } });
    const [report] = await listReports();
    expect(report).toMatchObject({ state: 'queued', waitingForNetwork: true, lastProblem: { kind: 'offline' } });
    expect(waits).toEqual(['wait']);
    // The user hears at once that it waits.
    expect(notified.map((told) => told.state)).toEqual(['queued']);
    expect(api.reportForTakedown).not.toHaveBeenCalled();
    online = true;
    await service.sendWaiting();
    expect(await getReport(report!.id)).toMatchObject({ state: 'sent', waitingForNetwork: false, lastProblem: undefined });
    expect(api.reportForTakedown).toHaveBeenCalledTimes(1);
    expect(notified.map((told) => told.state)).toEqual(['queued', 'sent']);
  });
});

describe('a report the outbox cannot take', () => {
  // A database newer than this extension knows (left by a newer version): opening it fails, as a full disk fails a write.
  async function unopenable(): Promise<void> {
    await closeReportsDb();
    (await openDB('takedown-reporter', 99)).close();
  }

  // Sent at once, its tab said "sending" from the click: the badge goes again.
  it.each([
    [
      'sent at once',
      {},
      [
        ['tab 7', 'sending'],
        ['tab 7', 'draft'],
      ],
    ],
    ['reviewed first', { confirmBeforeSend: true }, []],
  ])('is %s: nothing is sent, nothing opens, and the menu is told why', async (_case, settings, badges) => {
    const { service, api, shown, notified, reviews } = setup({ settings });
    await unopenable();
    expect(await service.reportTab({ tab: TAB, action: 'tkd', origin: 'menu' })).toEqual({ ok: false, problem: { kind: 'report_not_saved' } });
    expect(api.reportForTakedown).not.toHaveBeenCalled();
    expect([shown, notified, reviews]).toEqual([badges, [], []]);
  });

  it('a capture that throws takes the badge away again, and the menu hears the error', async () => {
    const broken = new Error('The browser refused the capture.');
    const { service, api, shown } = setup({
      capture: async () => {
        throw broken;
      },
    });
    await expect(service.reportTab({ tab: TAB, action: 'tkd', origin: 'menu' })).rejects.toBe(broken);
    expect(api.reportForTakedown).not.toHaveBeenCalled();
    expect(shown).toEqual([
      ['tab 7', 'sending'],
      ['tab 7', 'draft'],
    ]);
  });

  it('fails its write while its request is prepared: the request never leaves, the badge goes, and the menu is told why', async () => {
    const { service, api, shown, notified } = setup();
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The disk is full.', 'QuotaExceededError');
    });
    const result = await service.reportTab({ tab: TAB, action: 'tkd', origin: 'menu' });
    put.mockRestore();
    expect(result).toEqual({ ok: false, problem: { kind: 'report_not_saved', full: true } });
    expect(api.reportForTakedown).not.toHaveBeenCalled();
    expect(await listReports()).toEqual([]);
    expect([shown, notified]).toEqual([
      [
        ['tab 7', 'sending'],
        ['tab 7', 'draft'],
      ],
      [],
    ]);
  });

  it('the popup’s draft is not started, and the popup is told why: not as the service’s fault', async () => {
    const { service, captures } = setup();
    await unopenable();
    expect(await service.startTabDraft(7)).toEqual({ ok: false, problem: { kind: 'report_not_saved' } });
    expect(captures).toEqual([]);
  });

  it('the popup’s draft on a full disk is not started, and the popup is told the disk is full', async () => {
    const { service, captures } = setup();
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The disk is full.', 'QuotaExceededError');
    });
    const started = await service.startTabDraft(7);
    put.mockRestore();
    expect(started).toEqual({ ok: false, problem: { kind: 'report_not_saved', full: true } });
    expect(captures).toEqual([]);
    expect(await listReports()).toEqual([]);
  });

  it('a selection opens no review, and throws the problem for the menu to tell', async () => {
    const { service, reviews } = setup();
    await unopenable();
    const failure = await service.reviewSelection(TAB, 'scam@fraud.example').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProblemError);
    expect((failure as ProblemError).problem).toEqual({ kind: 'report_not_saved' });
    expect(reviews).toEqual([]);
  });
});

describe('the popup and the review window', () => {
  it('start a draft of the active tab, capture into it only what the evidence settings allow, and send nothing', async () => {
    const { service, api, captures } = setup({ settings: { evidence: { screenshot: false, pageSource: true, pageDetails: false } } });
    const started = await service.startTabDraft(7);
    expect(started).toMatchObject({ ok: true, problems: [] });
    const id = (started as { reportId: string }).reportId;
    await vi.waitFor(async () => expect((await getReport(id))?.capturing).toBeUndefined());
    expect(captures[0]!.include).toEqual({ screenshot: false, pageSource: true, pageDetails: false });
    expect(await getReport(id)).toMatchObject({
      state: 'draft',
      origin: 'popup',
      tabId: 7,
      subject: { type: 'url', value: TAB.url },
      fields: { url: TAB.url, reportedBy: 'analyst@acme.example' },
      evidence: { ...CONTEXT, requestedUrl: TAB.url },
    });
    expect(api.reportForTakedown).not.toHaveBeenCalled();
  });

  it('keep in the draft what could not be captured', async () => {
    const { service } = setup({ capture: async () => ({ files: [], context: CONTEXT, problems: [{ kind: 'capture_failed', what: 'page' }] }) });
    const id = ((await service.startTabDraft(7)) as { reportId: string }).reportId;
    await vi.waitFor(async () => expect((await getReport(id))?.captureProblems).toEqual([{ kind: 'capture_failed', what: 'page' }]));
  });

  it('say why a draft could not be started (a tab that is gone)', async () => {
    const failing = createReportService({
      api: fakeApi(),
      capture: vi.fn(),
      getTab: async () => Promise.reject(new Error('No tab with id: 9.')),
      readSettings: async () => DEFAULT_SETTINGS,
      isOnline: () => true,
      showProgress: async () => {},
      notify: async () => {},
      openReview: async () => {},
    });
    expect(await failing.startTabDraft(9)).toEqual({ ok: false, problem: { kind: 'unexpected_response' } });
  });

  it('start an empty draft on a browser page, capturing nothing', async () => {
    const capture = vi.fn();
    const { service } = setup({ capture, tabUrl: 'chrome://newtab/' });
    const result = await service.startTabDraft(8);
    const draft = await getReport((result as { reportId: string }).reportId);
    expect(draft).toMatchObject({ tabId: 8, subject: { type: 'url', value: '' }, files: [], fields: { reportedBy: 'analyst@acme.example' } });
    expect(result).toEqual({ ok: true, reportId: draft!.id, problems: [], draft });
    expect(draft?.evidence).toBeUndefined();
    expect(capture).not.toHaveBeenCalled();
  });

  it('submit sends quietly (no badge, no notification) and answers the report', async () => {
    const { service, shown, notified } = setup();
    const draft = await createDraft(newReport());
    expect(await service.submit(draft.id)).toMatchObject({ ok: true, report: { state: 'sent' } });
    const fromReview = await createDraft(newReport({ origin: 'review', tabId: 7, subject: { type: 'email', value: 'x@evil.example' }, fields: { incidentType: 'email', subject: 'x@evil.example' } }));
    expect(await service.submit(fromReview.id)).toMatchObject({ ok: true, report: { state: 'sent' } });
    expect(await service.submit(draft.id)).toMatchObject({ ok: false, problem: { kind: 'report_busy' } });
    expect(await service.submit('gone')).toEqual({ ok: false, problem: { kind: 'report_missing' } });
    expect([shown, notified]).toEqual([[], []]);
  });

  it('a selection on a page that cannot be captured opens the review with no evidence', async () => {
    const capture = vi.fn();
    const { service } = setup({ capture });
    const id = await service.reviewSelection({ id: 8, windowId: 1 }, 'scam@fraud.example');
    expect(await getReport(id)).toMatchObject({ subject: { type: 'url', value: '' }, files: [], selectionText: 'scam@fraud.example' });
    expect((await getReport(id))?.evidence).toBeUndefined();
    expect(capture).not.toHaveBeenCalled();
  });

  it('checks an unknown report and deletes a report on request', async () => {
    const { service } = setup();
    const draft = await createDraft(newReport());
    await putReport({ ...draft, state: 'unknown' });
    expect(await service.check(draft.id)).toMatchObject({ ok: false, problem: { kind: 'not_received' }, report: { state: 'failed' } });
    expect(await service.sendAgain(draft.id)).toMatchObject({ ok: true, report: { state: 'sent', attempts: 1 } });
    await service.discard(draft.id);
    expect(await getReport(draft.id)).toBeUndefined();
  });

  it('a selection opens the review window on a draft holding the text and the evidence', async () => {
    const { service, reviews } = setup();
    const id = await service.reviewSelection(TAB, 'call +44 20 7946 0958 or mail refunds[at]acme-billing[.]com');
    expect(reviews).toEqual([id]);
    expect(await getReport(id)).toMatchObject({
      state: 'draft',
      origin: 'review',
      selectionText: 'call +44 20 7946 0958 or mail refunds[at]acme-billing[.]com',
      files: [expect.objectContaining({ role: 'screenshot' })],
      evidence: { ...CONTEXT, requestedUrl: TAB.url },
    });
  });
});

describe('following up an existing incident instead of reporting it again', () => {
  it('attaches the draft evidence with its record, and files the draft as already reported', async () => {
    const { service, api } = setup();
    const draft = await createDraft(newReport());
    expect(await service.followUp('inc_old', draft.id, { kind: 'attach' })).toEqual({ ok: true });
    const [incidentId, files] = api.attachFiles.mock.calls[0] as unknown as [string, File[]];
    expect([incidentId, files.map((file) => [file.name, file.type])]).toEqual([
      'inc_old',
      [
        ['screenshot.png', 'image/png'],
        ['evidence-record.txt', 'text/plain'],
      ],
    ]);
    expect([...new Uint8Array(await files[0]!.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    expect([api.commentOnIncident.mock.calls.length, api.requestTakedown.mock.calls.length]).toEqual([0, 0]);
    // Never sent: kept as an action on the incident (its one file counted, not the record written beside it), not a report (issue 44).
    expect(await getReport(draft.id)).toMatchObject({
      state: 'duplicate',
      incident: { id: 'inc_old' },
      followUps: ['attach'],
      recordKind: 'action',
      incidentAction: { kind: 'attach', files: 1, outcome: 'done' },
    });
    expect(api.reportForTakedown).not.toHaveBeenCalled();
  });

  it('comments, then asks for takedown, recording both', async () => {
    const { service, api } = setup();
    const draft = await createDraft(newReport());
    await service.followUp('inc_old', draft.id, { kind: 'comment', comment: 'Still live, now asking for card numbers.' });
    await service.followUp('inc_old', draft.id, { kind: 'takedown' });
    expect(api.commentOnIncident).toHaveBeenCalledWith('inc_old', 'Still live, now asking for card numbers.');
    expect(api.requestTakedown).toHaveBeenCalledWith('inc_old');
    expect(api.commentOnIncident).toHaveBeenCalledTimes(1);
    expect(api.attachFiles).not.toHaveBeenCalled();
    expect(await getReport(draft.id)).toMatchObject({ state: 'duplicate', followUps: ['comment', 'takedown'], recordKind: 'action', incidentAction: { kind: 'comment' } });
  });

  it('follows up without a draft (a row with nothing captured)', async () => {
    const { service, api } = setup();
    expect(await service.followUp('inc_old', '', { kind: 'comment', comment: 'Seen again.' })).toEqual({ ok: true });
    expect(api.commentOnIncident).toHaveBeenCalledWith('inc_old', 'Seen again.');
    expect(await listReports()).toEqual([]);
  });

  it('says why a follow-up failed and leaves the draft as it was', async () => {
    const { service } = setup({ api: { requestTakedown: vi.fn().mockRejectedValue(new ApiError({ kind: 'not_found', status: 404, target: 'incident' })) } });
    const draft = await createDraft(newReport());
    expect(await service.followUp('inc_gone', draft.id, { kind: 'takedown' })).toEqual({ ok: false, problem: { kind: 'not_found', status: 404, target: 'incident' } });
    expect((await getReport(draft.id))?.state).toBe('draft');
    expect(await service.followUp('inc_x', 'gone', { kind: 'attach' })).toEqual({ ok: false, problem: { kind: 'report_missing' } });
  });
});

describe('the queue of reports that waited for the network', () => {
  const rateLimited = (retryAfterSeconds?: number) => new ApiError({ kind: 'rate_limited', status: 429, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}), target: 'report' });

  /** Records every timer's delay and runs it at once: the queue's pauses are seen, not waited. */
  function skipTimers(): number[] {
    const delays: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) => {
      delays.push(ms ?? 0);
      return realSetTimeout(callback, 0);
    }) as typeof setTimeout);
    return delays;
  }

  async function queue(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const draft = await createDraft(
        newReport({ subject: { type: 'url', value: `https://queued-${index}.example/` }, fields: { url: `https://queued-${index}.example/` } }),
        new Date(Date.UTC(2026, 0, 1, 0, index)),
      );
      await putReport({ ...draft, state: 'queued' });
      ids.push(draft.id);
    }
    return ids;
  }

  it('goes out one at a time; a 429 puts its report back and holds the next request for Retry-After', async () => {
    const times: [string, number][] = [];
    let calls = 0;
    let inFlight = 0;
    let mostAtOnce = 0;
    const reportForTakedown = vi.fn(async (request: { url?: string }) => {
      times.push([request.url ?? '', performance.now()]);
      calls += 1;
      mostAtOnce = Math.max(mostAtOnce, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      // 0.3 s: a Retry-After the test can wait for in real time.
      if (calls === 2) throw rateLimited(0.3);
      return { status: 'reported' as const, id: `inc_${calls}` };
    });
    const { service } = setup({ api: { reportForTakedown } });
    const ids = await queue(3);
    await service.sendWaiting();
    expect(times.map(([url]) => url)).toEqual(['https://queued-0.example/', 'https://queued-1.example/', 'https://queued-1.example/', 'https://queued-2.example/']);
    // Nothing was asked between the 429 and the end of its Retry-After.
    expect(times[2]![1] - times[1]![1]).toBeGreaterThanOrEqual(300);
    expect(mostAtOnce).toBe(1);
    expect(await Promise.all(ids.map(async (id) => (await getReport(id))?.state))).toEqual(['sent', 'sent', 'sent']);
  });

  it('a second call while the queue waits out a 429 (the retry alarm, the start’s resend) asks nothing during the wait, and what it came for still goes out', async () => {
    const times: [string, number][] = [];
    const reportForTakedown = vi.fn(async (request: { url?: string }) => {
      times.push([request.url ?? '', performance.now()]);
      if (times.length === 2) throw rateLimited(0.3);
      return { status: 'reported' as const, id: `inc_${times.length}` };
    });
    const { service } = setup({ api: { reportForTakedown } });
    const ids = await queue(3);
    const first = service.sendWaiting();
    await vi.waitFor(() => expect(times).toHaveLength(2));
    const second = service.sendWaiting();
    const later = await queue(1);
    await Promise.all([first, second]);
    // The 429 (the second request), then nothing until its Retry-After was out; then the rest, the one queued meanwhile among them (oldest first).
    expect(times.map(([url]) => url).slice(0, 2)).toEqual(['https://queued-0.example/', 'https://queued-1.example/']);
    expect(times[2]![1] - times[1]![1]).toBeGreaterThanOrEqual(300);
    expect(
      times
        .map(([url]) => url)
        .slice(2)
        .toSorted(),
    ).toEqual(['https://queued-0.example/', 'https://queued-1.example/', 'https://queued-2.example/']);
    expect(await Promise.all([...ids, ...later].map(async (id) => (await getReport(id))?.state))).toEqual(['sent', 'sent', 'sent', 'sent']);
  });

  it('without Retry-After waits 30 s; past a minute it leaves the rest to the retry alarm', async () => {
    const delays = skipTimers();
    const answers = [rateLimited(), rateLimited(3_600)];
    const reportForTakedown = vi.fn(async () => {
      const answer = answers.shift();
      if (answer) throw answer;
      return { status: 'reported' as const, id: 'inc_1' };
    });
    const { service, waits } = setup({ api: { reportForTakedown } });
    await queue(2);
    await service.sendWaiting();
    expect(delays).toEqual([30_000]);
    expect(reportForTakedown).toHaveBeenCalledTimes(2);
    expect(waits).toEqual(['wait']);
    expect((await listReports()).map((report) => report.state)).toEqual(['queued', 'queued']);
  });

  it('a 429 leaves its report queued, marked as waiting, and a menu report shows it on its tab without a notification', async () => {
    const { service, shown, notified, waits } = setup({ api: { reportForTakedown: vi.fn().mockRejectedValue(rateLimited(3_600)) } });
    const draft = await createDraft(newReport({ origin: 'menu', tabId: 7 }));
    await putReport({ ...draft, state: 'queued' });
    await service.sendWaiting();
    expect(await getReport(draft.id)).toMatchObject({ state: 'queued', waitingForNetwork: true });
    expect(shown).toEqual([
      [draft.id, 'sending'],
      [draft.id, 'queued'],
    ]);
    expect(notified).toEqual([]);
    expect(waits).toEqual(['wait']);
  });

  it('a report of the popup shows nothing on a tab, whatever happens to it in the queue', async () => {
    const { service, shown, notified } = setup({ api: { reportForTakedown: vi.fn().mockRejectedValue(rateLimited(3_600)) } });
    await queue(1);
    await service.sendWaiting();
    expect([shown, notified]).toEqual([[], []]);
  });

  it('a Retry-After of exactly one minute is waited out in the worker, not left to the alarm', async () => {
    const delays = skipTimers();
    const reportForTakedown = vi
      .fn()
      .mockRejectedValueOnce(rateLimited(60))
      .mockResolvedValue({ status: 'reported' as const, id: 'inc_1' });
    const { service, waits } = setup({ api: { reportForTakedown } });
    const [id] = await queue(1);
    await service.sendWaiting();
    expect([delays, waits, (await getReport(id!))?.state]).toEqual([[60_000], [], 'sent']);
  });

  it('a report that failed does not hold up the next one, nor pause the queue', async () => {
    const delays = skipTimers();
    const reportForTakedown = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ kind: 'server_error', status: 500 }))
      .mockResolvedValue({ status: 'reported' as const, id: 'inc_2' });
    const { service, waits } = setup({ api: { reportForTakedown } });
    const ids = await queue(2);
    await service.sendWaiting();
    expect(await Promise.all(ids.map(async (id) => (await getReport(id))?.state))).toEqual(['failed', 'sent']);
    expect([delays.filter((ms) => ms >= 1_000), waits]).toEqual([[], []]);
  });

  it('offline, the first report is marked as waiting for the network and the rest are left for the alarm', async () => {
    const { service, api, waits } = setup({ online: () => false });
    const ids = await queue(2);
    await service.sendWaiting();
    expect(api.reportForTakedown).not.toHaveBeenCalled();
    expect(await getReport(ids[0]!)).toMatchObject({ state: 'queued', waitingForNetwork: true, lastProblem: { kind: 'offline' } });
    expect(await getReport(ids[1]!)).not.toHaveProperty('waitingForNetwork');
    expect(waits).toEqual(['wait']);
  });

  it('never sends a report twice that stays queued for another reason', async () => {
    const { service, api } = setup({ online: () => false });
    await queue(2);
    await service.sendWaiting();
    expect(api.reportForTakedown).not.toHaveBeenCalled();
  });
});
