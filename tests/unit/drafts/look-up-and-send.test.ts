import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DetailedIncident } from '@/utils/api/schemas/incident';
import { lookUpAndSend, type PageReportService } from '@/utils/drafts/look-up-and-send';
import { createDraft } from '@/utils/report/outbox-pages';
import { closeReportsDb, putReport } from '@/utils/storage/reports-db';
import { newReport } from '../report/fixtures';

// What a page shows after "send": an existing incident, the report as the
// background left it, or a draft the background never took.

/** The incident as `incidents.find` answers it, and the summary the page shows of it. */
const INCIDENT = { id: 'inc_1', status: 'closed', subject: 'evil.example', incidentType: 'page', timestamp: '2026-01-01T00:00:00Z', reportedBy: 'x@acme.example' } as DetailedIncident;
const FOUND = { id: 'inc_1', status: 'closed', subject: 'evil.example', incidentType: 'page', createdAt: '2026-01-01T00:00:00Z', reportedBy: 'x@acme.example' };

type Find = PageReportService['incidents']['find'];
type Submit = PageReportService['reports']['submit'];

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

/** The background as the page calls it: the one incident lookup, and submit. */
function service({ find = vi.fn<Find>(async () => ({ found: false })), submit = vi.fn<Submit>() }: { find?: Find; submit?: Submit }) {
  return { incidents: { find }, reports: { submit }, find, submit };
}

describe('looking up, then sending', () => {
  it('answers an existing incident and sends nothing', async () => {
    const draft = await createDraft(newReport());
    const calls = service({ find: vi.fn<Find>(async () => ({ found: true, incident: INCIDENT })) });
    const sending = vi.fn();
    expect(await lookUpAndSend(calls, draft.id, 'evil.example', sending)).toEqual({ kind: 'exists', incident: FOUND });
    expect([calls.submit, sending].map((fn) => (fn as ReturnType<typeof vi.fn>).mock.calls.length)).toEqual([0, 0]);
  });

  it('sends when there is none, saying when it starts, and answers the report', async () => {
    const draft = await createDraft(newReport());
    const sent = { ...draft, state: 'sent' as const };
    const calls = service({ submit: vi.fn(async () => ({ ok: true as const, report: sent })) });
    const sending = vi.fn();
    expect(await lookUpAndSend(calls, draft.id, 'evil.example', sending)).toEqual({ kind: 'handled', report: sent });
    expect(calls.find).toHaveBeenCalledWith({ subject: 'evil.example' });
    expect(calls.submit).toHaveBeenCalledWith(draft.id);
    expect(sending).toHaveBeenCalledTimes(1);
  });

  it('sends anyway when the lookup could not tell, and keeps why', async () => {
    const draft = await createDraft(newReport());
    const failed = { ...draft, state: 'failed' as const };
    const calls = service({
      find: vi.fn(async () => ({ found: null, problem: { kind: 'rate_limited' } }) as const),
      submit: vi.fn(async () => ({ ok: false as const, problem: { kind: 'server_error' as const }, report: failed })),
    });
    expect(await lookUpAndSend(calls, draft.id, 'evil.example')).toEqual({ kind: 'handled', report: failed, lookupProblem: { kind: 'rate_limited' } });
  });

  it('reads the report from the outbox when the background answer was lost', async () => {
    const draft = await createDraft(newReport());
    await putReport({ ...draft, state: 'unknown' });
    const calls = service({ submit: vi.fn(async () => Promise.reject(new Error('port closed'))) });
    expect(await lookUpAndSend(calls, draft.id, 'evil.example')).toMatchObject({ kind: 'handled', report: { id: draft.id, state: 'unknown' } });
  });

  it.each([
    ['the background is unreachable', async () => Promise.reject(new Error('port closed')), { kind: 'background_unreachable' }],
    ['the background refused it', async () => ({ ok: false as const, problem: { kind: 'report_busy' as const } }), { kind: 'report_busy' }],
  ])('says the draft was not taken when %s', async (_name, submit, problem) => {
    const draft = await createDraft(newReport());
    const calls = service({ find: vi.fn(async () => Promise.reject(new Error('port closed'))), submit: vi.fn(submit) as never });
    expect(await lookUpAndSend(calls, draft.id, 'evil.example')).toEqual({ kind: 'not_taken', problem });
  });
});
