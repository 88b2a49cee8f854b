import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIncidentApi } from '@/utils/api/client';
import { sha256Hex } from '@/utils/evidence/hash';
import { attachmentOf, checkUnknownReport, sendQueuedReport } from '@/utils/report/send';
import { watchProgress, type ReportProgress } from '@/utils/report/progress';
import { closeReportsDb, getReport } from '@/utils/storage/reports-db';
import { usageCacheItem } from '@/utils/storage/usage-cache';
import { useSandbox } from '../../sandbox/test-helpers.ts';
import { queuedReport as queued } from './fixtures';

// Reports from the outbox, sent by the real client to the real sandbox: what
// arrives, and what each answer makes of the report.

const { sbx, control } = (() => {
  const harness = useSandbox();
  return { sbx: () => harness.sbx, control: harness.control };
})();

interface StoredIncident {
  id: string;
  url?: string;
  subject?: string;
  reportedBy?: string;
  attachments: { name: string; type: string; size: number; sha256: string; text?: string }[];
}

async function storedIncidents(): Promise<StoredIncident[]> {
  return (await control('GET', 'state')).body.data.incidents;
}

async function reportRequests(): Promise<number> {
  const log = (await control('GET', 'requests')).body.data as { method: string; path: string }[];
  return log.filter((entry) => entry.method === 'POST' && /^\/v1\/incident\/(tkd|monitor)$/.test(entry.path)).length;
}

function api(options: { timeoutMs?: number; uploadTimeoutMs?: number } = {}) {
  return createIncidentApi({ baseUrl: sbx().baseUrl, apiKey: sbx().keys.managed, ...options });
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

describe('sending a queued report', () => {
  it('posts the fields and every file, and keeps the incident it created', async () => {
    const id = await queued();
    const result = await sendQueuedReport(api(), id, { online: true });
    expect(result.ok).toBe(true);
    const report = await getReport(id);
    expect(report).toMatchObject({ state: 'sent', attempts: 1, outcome: { status: 'reported' } });
    const incident = (await storedIncidents()).find((candidate) => candidate.id === report!.incident!.id)!;
    // Its status and client, read once right after the create answer (issue 44).
    expect(report!.incident).toEqual({ id: incident.id, dashboardUrl: `${sbx().baseUrl}/dashboard/incidents/${encodeURIComponent(incident.id)}`, status: 'pending_review', clientId: 'cl_acme' });
    expect(incident).toMatchObject({ url: 'https://phish.example/login', reportedBy: 'analyst@acme.example' });
    expect(incident.attachments.map((file) => [file.name, file.type])).toEqual([
      ['screenshot.png', 'image/png'],
      ['evidence-record.txt', 'text/plain'],
    ]);
    // The record's hash line matches the bytes the service received.
    expect(incident.attachments[1]!.text).toContain(`${incident.attachments[0]!.sha256}  screenshot.png`);
    expect(incident.attachments[0]!.sha256).toBe(await sha256Hex(report!.files[0]!.blob));
  });

  it('uploads the files its caller holds, not a copy read back from the database', async () => {
    const id = await queued();
    const stored = (await getReport(id))!;
    // The caller's copy of the same queued report: its bytes are the ones that leave.
    const inMemory = new Blob(['the bytes the caller holds'], { type: 'image/png' });
    const known = { ...stored, files: stored.files.map((file) => (file.role === 'record' ? file : { ...file, blob: inMemory })) };
    const result = await sendQueuedReport(api(), id, { online: true, known });
    expect(result.ok).toBe(true);
    const incident = (await storedIncidents()).find((candidate) => candidate.id === result.report!.incident!.id)!;
    expect(incident.attachments[0]).toMatchObject({ name: 'screenshot.png', size: inMemory.size, sha256: await sha256Hex(inMemory) });
  });

  it('says the upload step with the size of its files, and how it ended', async () => {
    const id = await queued();
    const files = (await getReport(id))!.files;
    const seen: ReportProgress[] = [];
    const stop = watchProgress(id, (progress) => seen.push(progress));
    await sendQueuedReport(api(), id, { online: true });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    stop();
    expect(files.length).toBeGreaterThan(0);
    expect(seen).toEqual([
      { id, step: 'upload', state: 'active', bytes: files.reduce((total, file) => total + file.blob.size, 0) },
      { id, step: 'upload', state: 'done' },
    ]);
  });

  it('says an upload the service refused did not finish', async () => {
    await control('POST', 'faults', { method: 'POST', path: '/v1/incident/tkd', status: 503, times: 1 });
    const id = await queued();
    const seen: string[] = [];
    const stop = watchProgress(id, (progress) => seen.push(progress.state));
    await sendQueuedReport(api(), id, { online: true });
    await vi.waitFor(() => expect(seen).toEqual(['active', 'failed']));
    stop();
  });

  it('asks the popup to read the credit balance again once the service took a report, not when it failed', async () => {
    await usageCacheItem.setValue({ connection: 'x', readAt: 0, balances: [], skipped: 0 });
    await sendQueuedReport(api(), await queued(), { online: true });
    expect(await usageCacheItem.getValue()).toBeNull();
    await usageCacheItem.setValue({ connection: 'x', readAt: 0, balances: [], skipped: 0 });
    await sendQueuedReport(createIncidentApi({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }), await queued(), { online: true });
    expect(await usageCacheItem.getValue()).not.toBeNull();
  });

  it('sends an email report as incidentType and subject, without files', async () => {
    const id = await queued({ subject: { type: 'email', value: 'scam@fraud-mail.example' }, fields: { incidentType: 'email', subject: 'scam@fraud-mail.example' }, files: [], evidence: undefined });
    await sendQueuedReport(api(), id, { online: true });
    const report = await getReport(id);
    expect(report?.state).toBe('sent');
    expect((await storedIncidents()).find((incident) => incident.id === report!.incident!.id)).toMatchObject({ subject: 'scam@fraud-mail.example', attachments: [] });
  });

  it('never sends twice: a report already sent is refused and no second request leaves', async () => {
    const id = await queued();
    await sendQueuedReport(api(), id, { online: true });
    expect(await sendQueuedReport(api(), id, { online: true })).toMatchObject({ ok: false, problem: { kind: 'report_busy' } });
    expect(await reportRequests()).toBe(1);
  });

  it('keeps a report queued and unsent while the browser is offline', async () => {
    const id = await queued();
    expect(await sendQueuedReport(api(), id, { online: false })).toMatchObject({ ok: false, problem: { kind: 'offline' } });
    expect((await getReport(id))?.state).toBe('queued');
    expect(await reportRequests()).toBe(0);
  });

  it('turns a 409 into "already reported" and links the existing incident by its subject', async () => {
    const existing = 'https://acme-secure-login.test/account/verify?session=8841';
    const id = await queued({ subject: { type: 'url', value: existing }, fields: { url: existing } });
    const result = await sendQueuedReport(api(), id, { online: true });
    const seeded = (await storedIncidents()).find((incident) => incident.url === existing || incident.subject === existing)!;
    expect(result).toMatchObject({ ok: true, report: { state: 'duplicate', lastProblem: { kind: 'duplicate', status: 409 }, incident: { id: seeded.id, status: 'pending_review' } } });
    expect(await reportRequests()).toBe(1);
  });

  it('turns a 200 without id into "already reported", links the incident, and never reads the message as an id', async () => {
    const legacy = 'https://login.acme.legacy.example/signin';
    const id = await queued({ subject: { type: 'url', value: legacy }, fields: { url: legacy } });
    const result = await sendQueuedReport(api(), id, { online: true });
    const seeded = (await storedIncidents()).find((incident) => incident.url === legacy || incident.subject === legacy)!;
    expect(result).toMatchObject({ ok: true, report: { state: 'duplicate', outcome: { status: 'possible_duplicate' }, incident: { id: seeded.id, status: 'closed' } } });
  });

  it('keeps a failed report with its evidence, and sends it again only when asked', async () => {
    await control('POST', 'faults', { method: 'POST', path: '/v1/incident/tkd', status: 500, times: 1 });
    const id = await queued();
    const result = await sendQueuedReport(api(), id, { online: true });
    expect(result).toMatchObject({ ok: false, problem: { kind: 'server_error', status: 500 }, report: { state: 'failed' } });
    expect((await getReport(id))?.files).toHaveLength(2);
    expect(await reportRequests()).toBe(1);
  });

  it.each([502, 503, 504])('a gateway %i after the body was sent leaves the report unknown (to check), never failed nor sent again', async (status) => {
    await control('POST', 'faults', { method: 'POST', path: '/v1/incident/tkd', status, times: 1 });
    const id = await queued();
    const result = await sendQueuedReport(api(), id, { online: true });
    expect(result).toMatchObject({ ok: false, problem: { kind: 'server_error', status }, report: { state: 'unknown' } });
    expect((await getReport(id))?.files).toHaveLength(2);
    expect(await reportRequests()).toBe(1);
  });

  it('marks a report whose request timed out as unknown; a check finds it arrived', async () => {
    await control('POST', 'faults', { method: 'POST', path: '/v1/incident/tkd', latencyMs: 400, times: 1 });
    const id = await queued();
    const result = await sendQueuedReport(api({ uploadTimeoutMs: 100 }), id, { online: true });
    expect(result).toMatchObject({ ok: false, problem: { kind: 'timeout' }, report: { state: 'unknown' } });
    // The sandbox stores the incident once its latency is over: wait for that, not for a fixed time.
    const stored = await vi.waitFor(
      async () => {
        const found = (await storedIncidents()).find((incident) => incident.url === 'https://phish.example/login');
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 10_000, interval: 50 },
    );
    const checked = await checkUnknownReport(api(), id);
    expect(checked).toMatchObject({ ok: true, report: { state: 'sent', incident: { id: stored.id, status: 'pending_review' } } });
    expect(await reportRequests()).toBe(1);
  });

  it('a check that finds no incident makes an unknown report failed, ready to send again', async () => {
    await control('POST', 'faults', { method: 'POST', path: '/v1/incident/tkd', hang: true, times: 1 });
    const id = await queued();
    await sendQueuedReport(api({ uploadTimeoutMs: 100 }), id, { online: true });
    expect(await checkUnknownReport(api(), id)).toMatchObject({ ok: false, problem: { kind: 'not_received' }, report: { state: 'failed', lastProblem: { kind: 'not_received' } } });
  });

  it('a check that cannot reach the service leaves the report unknown', async () => {
    await control('POST', 'faults', { method: 'POST', path: '/v1/incident/tkd', hang: true, times: 1 });
    const id = await queued();
    await sendQueuedReport(api({ uploadTimeoutMs: 100 }), id, { online: true });
    await control('POST', 'faults', { method: 'GET', path: '/v1/incident/subject', status: 500 });
    expect(await checkUnknownReport(api(), id)).toMatchObject({ ok: false, problem: { kind: 'server_error' }, report: { state: 'unknown' } });
  });

  it('an unconfirmed answer (stored, id unreadable) is resolved by a lookup', async () => {
    await control('PUT', 'settings', { report: 'not-json' });
    const id = await queued();
    const result = await sendQueuedReport(api(), id, { online: true });
    const stored = (await storedIncidents()).find((incident) => incident.url === 'https://phish.example/login')!;
    expect(result).toMatchObject({ ok: true, report: { state: 'sent', outcome: { status: 'unconfirmed' }, incident: { id: stored.id } } });
  });

  it('a 2xx whose id cannot be read and whose subject is not listed yet stays received, never failed', async () => {
    // The service took it (2xx) but its answer has no readable id, and the subject lookup finds nothing (yet).
    await control('POST', 'faults', { method: 'POST', path: '/v1/incident/tkd', status: 200, body: { message: 'Created.', id: { value: 12 } }, times: 1 });
    await control('POST', 'faults', { method: 'GET', path: '/v1/incident/subject/', status: 404 });
    const id = await queued();
    const sent = await sendQueuedReport(api(), id, { online: true });
    expect(sent).toEqual({ ok: true, report: expect.objectContaining({ state: 'sent', outcome: { status: 'unconfirmed', httpStatus: 200, message: 'Created.' } }) });
    expect(sent.report?.incident).toBeUndefined();
    expect(sent.report?.lastProblem).toBeUndefined();

    // "Look up again": still not listed — the report stays received, nothing moves, no resend is offered.
    expect(await checkUnknownReport(api(), id)).toEqual({ ok: false, problem: { kind: 'not_listed_yet' } });
    expect(await getReport(id)).toMatchObject({ state: 'sent', attempts: 1, outcome: { status: 'unconfirmed' } });
    expect(await reportRequests()).toBe(1);

    // Once the service lists it, the same check links it.
    await control('DELETE', 'faults');
    await control('POST', 'incidents', { clientId: 'cl_acme_bank', subject: 'https://phish.example/login', url: 'https://phish.example/login', id: 'inc_listed', status: 'in_progress' });
    expect(await checkUnknownReport(api(), id)).toEqual({ ok: true, report: expect.objectContaining({ state: 'sent', incident: { id: 'inc_listed', status: 'in_progress' } }) });
  });

  it('a check of a received report with a confirmed incident asks nothing of the service', async () => {
    const id = await queued();
    await sendQueuedReport(api(), id, { online: true });
    const before = await getReport(id);
    expect(await checkUnknownReport(api(), id)).toEqual({ ok: true, report: before });
  });

  it('answers report_missing for a report that is gone', async () => {
    expect(await sendQueuedReport(api(), 'gone', { online: true })).toEqual({ ok: false, problem: { kind: 'report_missing' } });
    expect(await checkUnknownReport(api(), 'gone')).toEqual({ ok: false, problem: { kind: 'report_missing' } });
  });
});

describe('what sending does not do', () => {
  async function subjectLookups(): Promise<number> {
    const log = (await control('GET', 'requests')).body.data as { method: string; path: string }[];
    return log.filter((entry) => entry.method === 'GET' && entry.path.startsWith('/v1/incident/subject/')).length;
  }

  it('looks nothing up after a plain failure or a timeout: only duplicates and unconfirmed answers are looked up', async () => {
    await control('POST', 'faults', { method: 'POST', path: '/v1/incident/tkd', status: 503, times: 1 });
    await sendQueuedReport(api(), await queued(), { online: true });
    await control('POST', 'faults', { method: 'POST', path: '/v1/incident/tkd', hang: true, times: 1 });
    await sendQueuedReport(api({ uploadTimeoutMs: 100 }), await queued(), { online: true });
    expect(await subjectLookups()).toBe(0);
  });

  it('a duplicate whose incident cannot be found stays "already reported", with no incident linked', async () => {
    const existing = 'https://acme-secure-login.test/account/verify?session=8841';
    await control('POST', 'faults', { method: 'GET', path: '/v1/incident/subject/', status: 404 });
    const id = await queued({ subject: { type: 'url', value: existing }, fields: { url: existing } });
    const result = await sendQueuedReport(api(), id, { online: true });
    expect(result).toMatchObject({ ok: true, report: { state: 'duplicate' } });
    expect((await getReport(id))?.incident).toBeUndefined();
    expect(await subjectLookups()).toBe(1);
  });

  it('a 200 without id whose incident cannot be found links nothing either', async () => {
    await control('POST', 'faults', { method: 'GET', path: '/v1/incident/subject/', status: 404 });
    const legacy = 'https://login.acme.legacy.example/signin';
    const id = await queued({ subject: { type: 'url', value: legacy }, fields: { url: legacy } });
    expect(await sendQueuedReport(api(), id, { online: true })).toMatchObject({ ok: true, report: { state: 'duplicate', outcome: { status: 'possible_duplicate' } } });
    expect((await getReport(id))?.incident).toBeUndefined();
  });

  it('says a report already sent is busy, not offline, while the browser is offline', async () => {
    const id = await queued();
    await sendQueuedReport(api(), id, { online: true });
    expect(await sendQueuedReport(api(), id, { online: false })).toMatchObject({ ok: false, problem: { kind: 'report_busy' }, report: { state: 'sent' } });
  });

  it('checks only an unknown report: any other is answered as it is, without a lookup', async () => {
    const id = await queued();
    await sendQueuedReport(api(), id, { online: true });
    const sent = await getReport(id);
    expect(await checkUnknownReport(api(), id)).toEqual({ ok: true, report: sent });
    expect(await subjectLookups()).toBe(0);
  });
});

describe('the status read right after a report is created (issue 44)', () => {
  async function incidentReads(): Promise<string[]> {
    const log = (await control('GET', 'requests')).body.data as { method: string; path: string }[];
    return log.filter((entry) => entry.method === 'GET' && /^\/v1\/incident\/[^/]+$/.test(entry.path)).map((entry) => entry.path);
  }

  it('reads the new incident once, and the report shows its status at once', async () => {
    const result = await sendQueuedReport(api(), await queued(), { online: true });
    expect(result).toMatchObject({ ok: true, report: { state: 'sent', incident: { status: 'pending_review' } } });
    expect(await incidentReads()).toEqual([`/v1/incident/${encodeURIComponent(result.report!.incident!.id)}`]);
  });

  it.each([
    ['a 503', { status: 503 }],
    ['a 404', { status: 404 }],
    ['no answer', { hang: true }],
  ])('a read that fails (%s) leaves the report sent, its status unknown, and is not retried', async (_name, fault) => {
    await control('POST', 'faults', { method: 'GET', path: '/v1/incident/', times: 1, ...fault });
    const result = await sendQueuedReport(api({ timeoutMs: 200 }), await queued(), { online: true });
    expect(result.ok).toBe(true);
    expect(result.report).toMatchObject({ state: 'sent' });
    expect(result.report!.incident!.status).toBeUndefined();
    expect(await incidentReads()).toHaveLength(1);
  });

  it('keeps a status value it does not know, to be shown as such, never dropped', async () => {
    const real = api();
    const reading = { ...real, getIncident: async (id: string) => ({ ...(await real.getIncident(id)), status: 'legal_hold' }) };
    const result = await sendQueuedReport(reading, await queued(), { online: true });
    expect(result.report!.incident!.status).toBe('legal_hold');
  });

  it('reads nothing after a 200 without id (a possible duplicate): only the subject lookup runs', async () => {
    const legacy = 'https://login.acme.legacy.example/signin';
    await sendQueuedReport(api(), await queued({ subject: { type: 'url', value: legacy }, fields: { url: legacy } }), { online: true });
    expect(await incidentReads()).toEqual([]);
  });
});

describe('a stored file as an upload part', () => {
  const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
  it.each([
    ['a plain Blob (as a browser may give one back from the database)', new Blob([bytes], { type: 'application/pdf' })],
    ['a File of another name', new File([bytes], 'old-name.pdf', { type: 'application/pdf' })],
    ['a File of another type', new File([bytes], 'invoice.pdf', { type: 'application/octet-stream' })],
  ])('is %s made a File of the stored name and type, with the same bytes', async (_case, blob) => {
    const part = attachmentOf({ blob, name: 'invoice.pdf', type: 'application/pdf', role: 'extra' });
    expect(part).toBeInstanceOf(File);
    expect([(part as File).name, part.type, new Uint8Array(await part.arrayBuffer())]).toEqual(['invoice.pdf', 'application/pdf', bytes]);
  });

  it('is a File of the same name and type itself, not a copy', () => {
    const blob = new File([bytes], 'invoice.pdf', { type: 'application/pdf' });
    expect(attachmentOf({ blob, name: 'invoice.pdf', type: 'application/pdf', role: 'extra' })).toBe(blob);
  });
});
