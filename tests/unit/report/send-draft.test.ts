import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createIncidentApi } from '@/utils/api/client';
import { createDraftSender } from '@/utils/report/send-draft';
import { closeDraftsDb, getDraft, saveDraft, updateDraft } from '@/utils/storage/drafts';
import { startSandbox, type Sandbox } from '../../sandbox/server.ts';

// A draft saved with its evidence, sent by the real client to the real
// sandbox: the file arrives whole, and a failure loses nothing.

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true });
});
afterAll(async () => {
  await sandbox.close();
});

interface StoredIncident {
  id: string;
  url?: string;
  comment?: string;
  attachments: { name: string; type: string; size: number }[];
}

async function stored(id: string): Promise<StoredIncident | undefined> {
  const body = (await (await fetch(`${sandbox.baseUrl}/__sandbox/state`)).json()) as { data: { incidents: StoredIncident[] } };
  return body.data.incidents.find((incident) => incident.id === id);
}

function sender(apiKey = sandbox.keys.managed) {
  return createDraftSender(createIncidentApi({ baseUrl: sandbox.baseUrl, apiKey }));
}

const shot = () => ({ name: 'evidence.msg', type: '', blob: new Blob([new Uint8Array(2048)]) });

describe('sending a report draft', () => {
  beforeEach(async () => {
    globalThis.indexedDB = new IDBFactory();
    await fetch(`${sandbox.baseUrl}/__sandbox/reset`, { method: 'POST' });
  });
  afterEach(async () => {
    await closeDraftsDb();
  });

  it('sends the fields and the files, and keeps the outcome with the draft', async () => {
    const id = await saveDraft({ action: 'tkd', fields: { url: 'https://draft-phish.example/login', comment: 'From a draft' }, files: [shot()] });

    const result = await sender().sendDraft(id);

    expect(result).toEqual({ ok: true, outcome: { status: 'reported', id: expect.any(String), dashboardUrl: expect.any(String), message: 'Incident submitted for takedown.' } });
    const incidentId = result.ok && result.outcome.status === 'reported' ? result.outcome.id : '';
    expect(await stored(incidentId)).toMatchObject({
      url: 'https://draft-phish.example/login',
      comment: 'From a draft',
      attachments: [{ name: 'evidence.msg', type: 'application/vnd.ms-outlook', size: 2048 }],
    });
    expect(await getDraft(id)).toMatchObject({ state: 'sent', outcome: result.ok ? result.outcome : undefined });
  });

  it('a monitoring draft goes to /monitor', async () => {
    const id = await saveDraft({ action: 'monitor', fields: { incidentType: 'email', subject: 'ceo@scam.example' }, files: [] });
    const result = await sender().sendDraft(id);
    expect(result).toMatchObject({ ok: true, outcome: { status: 'reported', message: 'Incident submitted for monitoring.' } });
  });

  it('a failure keeps the draft and its evidence, with the problem, and it can be sent again', async () => {
    const id = await saveDraft({ action: 'tkd', fields: { url: 'https://retry.example/' }, files: [shot()] });

    const failed = await sender('sbx_wrong_key_0000').sendDraft(id);
    expect(failed).toEqual({ ok: false, problem: { kind: 'unauthorized', status: 401, serverMessage: 'Invalid or missing API key.', target: 'report' } });
    const kept = await getDraft(id);
    expect(kept).toMatchObject({ state: 'failed', lastProblem: failed.ok ? undefined : failed.problem, fields: { url: 'https://retry.example/' } });
    expect(kept?.files[0]?.blob.size).toBe(2048);

    const retried = await sender().sendDraft(id);
    expect(retried).toMatchObject({ ok: true, outcome: { status: 'reported' } });
    expect(await getDraft(id)).toMatchObject({ state: 'sent', lastProblem: undefined });
  });

  it('never sends a draft twice: a sent one answers with its outcome, a sending one is refused', async () => {
    const id = await saveDraft({ action: 'tkd', fields: { url: 'https://once.example/' }, files: [] });
    const first = await sender().sendDraft(id);
    const again = await sender().sendDraft(id);
    expect(again).toEqual(first);

    const busy = await saveDraft({ action: 'tkd', fields: { url: 'https://busy.example/' }, files: [] });
    await updateDraft(busy, { state: 'sending' });
    expect(await sender().sendDraft(busy)).toEqual({ ok: false, problem: { kind: 'draft_busy' } });

    const log = (await (await fetch(`${sandbox.baseUrl}/__sandbox/requests`)).json()) as { data: { path: string }[] };
    expect(log.data.filter((entry) => entry.path === '/v1/incident/tkd')).toHaveLength(1);
  });

  it('an unknown draft is a problem, not a crash', async () => {
    expect(await sender().sendDraft('missing')).toEqual({ ok: false, problem: { kind: 'draft_missing' } });
  });
});
