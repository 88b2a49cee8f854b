import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createIncidentApi, toApiErrorInfo, type ApiErrorInfo, type IncidentApiOptions } from '@/utils/api';
import { MESSAGES } from '../../sandbox/http-error.ts';
import { startSandbox, type Sandbox } from '../../sandbox/server.ts';

// The real client against the real sandbox: every error kind comes from the
// sandbox's own answers, not from stubs.

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await control('POST', '/__sandbox/reset');
  await control('DELETE', '/__sandbox/faults');
});

async function control(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${path} → ${response.status}`).toBe(true);
}

function api(options: Partial<IncidentApiOptions> = {}) {
  return createIncidentApi({ baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.managed, ...options });
}

async function failure(promise: Promise<unknown>): Promise<ApiErrorInfo> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return toApiErrorInfo(error);
  }
  throw new Error('expected the call to fail, but it succeeded');
}

const png = (name: string) => new File([new Uint8Array(64)], name, { type: 'image/png' });

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('error kinds from the sandbox’s real answers', () => {
  it('a wrong key is unauthorized', async () => {
    expect(await failure(api({ apiKey: 'sbx_wrong_key' }).whoami())).toEqual({
      kind: 'unauthorized',
      status: 401,
      serverMessage: 'Invalid or missing API key.',
    });
  });

  it('a client the key does not hold is unauthorized, naming the client', async () => {
    expect(await failure(api().listIncidents({ clientId: 'cl_globex' }))).toEqual({
      kind: 'unauthorized',
      status: 401,
      clientScoped: true,
      serverMessage: 'Unauthorized. Please ensure client ID is valid.',
    });
  });

  it('an unknown id or subject is not_found', async () => {
    expect(await failure(api().getIncident('inc_does_not/exist'))).toEqual({
      kind: 'not_found',
      status: 404,
      serverMessage: MESSAGES.incidentNotFound,
      target: 'incident',
    });
    expect(await failure(api().getIncidentBySubject('https://never-reported.example/x?y=1'))).toEqual({
      kind: 'not_found',
      status: 404,
      serverMessage: MESSAGES.incidentNotFound,
      target: 'subject',
    });
  });

  it('reporting the same URL twice is a duplicate (409)', async () => {
    const report = { url: 'https://acme-login.phish.example/verify' };
    await api().reportForTakedown(report);

    expect(await failure(api().reportForTakedown(report))).toEqual({
      kind: 'duplicate',
      status: 409,
      serverMessage: MESSAGES.incidentExists,
      target: 'report',
    });
  });

  it('a duplicate on the older path (200 without id) is a possible duplicate, keeping the server’s message', async () => {
    const report = { url: 'https://shop.legacy.example/checkout' };
    await api().reportForMonitoring(report);

    expect(await api().reportForMonitoring(report)).toEqual({
      status: 'possible_duplicate',
      message: 'Report received; this incident may be a duplicate.',
    });
  });

  it('13 attachments: the client refuses before sending, and the sandbox’s own 413 maps to too_large', async () => {
    const files = Array.from({ length: 13 }, (_, index) => png(`shot-${index}.png`));
    expect(await failure(api().reportForTakedown({ url: 'https://many-files.example/', attachments: files }))).toEqual({
      kind: 'too_large',
      refusal: 'too_many_files',
      fileCount: 13,
      limit: 12,
    });

    // Let the client send 12, then add a 13th on the way out, so the server judges.
    const addOneFile: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const form = await request.formData();
      form.append('attachments', png('shot-12.png'), 'shot-12.png');
      const headers = new Headers(request.headers);
      headers.delete('content-type');
      return fetch(request.url, { method: request.method, headers, body: form, signal: request.signal });
    };
    const info = await failure(api({ fetch: addOneFile }).reportForTakedown({ url: 'https://many-files.example/', attachments: files.slice(0, 12) }));

    expect(info).toEqual({ kind: 'too_large', status: 413, serverMessage: MESSAGES.attachmentsLimit, target: 'report' });
  });

  it('a bad phone number is invalid_request carrying the server’s message', async () => {
    const info = await failure(api().reportForTakedown({ incidentType: 'phone', subject: '12345' }));

    const { serverMessage, ...facts } = info;

    expect(facts).toEqual({ kind: 'invalid_request', status: 400, target: 'report' });
    expect(serverMessage).toMatch(/^subject must be an E\.164 phone number\b/);
  });

  it('429 with Retry-After is rate_limited with the seconds to wait', async () => {
    await control('POST', '/__sandbox/faults', { path: '/v1/incidents', status: 429, headers: { 'Retry-After': '7' }, body: { message: 'Too many requests.' } });

    expect(await failure(api().listIncidents())).toEqual({
      kind: 'rate_limited',
      status: 429,
      retryAfterSeconds: 7,
      serverMessage: 'Too many requests.',
    });
  });

  it('503 is server_error', async () => {
    await control('POST', '/__sandbox/faults', { path: '/v1/incidents', status: 503, body: { message: 'Down for maintenance.' } });

    expect(await failure(api().listIncidents())).toEqual({ kind: 'server_error', status: 503, serverMessage: 'Down for maintenance.' });
  });

  it('malformed JSON in a 200 is unexpected_response', async () => {
    await control('POST', '/__sandbox/faults', { path: '/v1/incidents', malformedJson: true });

    expect(await failure(api().listIncidents())).toEqual({ kind: 'unexpected_response', status: 200, refusal: 'not_json' });
  });

  it('a hanging answer is timeout', async () => {
    await control('POST', '/__sandbox/faults', { path: '/v1/incidents', hang: true });

    expect(await failure(api({ timeoutMs: 300 }).listIncidents())).toEqual({ kind: 'timeout', timeoutSeconds: 1 });
  });

  it('a closed port is network', async () => {
    const port = await closedPort();

    expect(await failure(api({ baseUrl: `http://127.0.0.1:${port}` }).whoami())).toEqual({ kind: 'network' });
  });
});

describe('happy paths against the sandbox', () => {
  it('whoami lists the clients of each key', async () => {
    const managed = await api().whoami();
    const single = await api({ apiKey: sandbox.keys.single }).whoami();

    expect(managed.clients.map((client) => client.id).sort()).toEqual(['cl_acme', 'cl_acme_bank', 'cl_acme_travel']);
    expect(managed.skipped).toBe(0);
    expect(single.clients.map((client) => client.id)).toEqual(['cl_globex']);
  });

  it('iterates every incident with a small page size, each one parsed, then reads each detail', async () => {
    const all = await api().listIncidents({ includeTotal: true });
    const pages = [];
    for await (const page of api().iterateIncidents({ limit: 3 })) pages.push(page);
    const ids = pages.flatMap((page) => page.items.map((item) => item.id));

    expect(all.skipped).toBe(0);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.every((page) => page.skipped === 0)).toBe(true);
    expect(ids).toEqual(all.items.map((item) => item.id));
    expect(ids).toHaveLength(all.paging?.total ?? -1);
    for (const id of ids) {
      expect((await api().getIncident(id)).id).toBe(id);
      expect((await api().listSnapshots(id)).skipped).toBe(0);
    }
  });

  it('finds an incident by its id and by its whole-URL subject', async () => {
    const { items } = await api().listIncidents();
    const withUrl = items.find((item) => item.subject?.includes('://') && item.subject.includes('/', 8));
    expect(withUrl, 'a seeded incident whose subject is a URL with a path').toBeDefined();

    const byId = await api().getIncident(withUrl!.id);
    const bySubject = await api().getIncidentBySubject(withUrl!.subject!);

    expect(bySubject.id).toBe(byId.id);
    expect(bySubject.subject).toBe(withUrl!.subject);
    expect(byId.id).toBe(withUrl!.id);
  });

  it('a report returns an id, and the incident is then found by its subject', async () => {
    const url = 'https://acme-bank.secure-login.example/verify?session=1#step2';
    const outcome = await api().reportForTakedown({ url, comment: 'From the extension test', attachments: [png('evidence.png')] });

    if (outcome.status !== 'reported') throw new Error(`expected reported, got ${outcome.status}`);
    expect(outcome.id).toEqual(expect.any(String));
    expect(outcome.dashboardUrl).toContain(encodeURIComponent(outcome.id));
    expect((await api().getIncidentBySubject(url)).id).toBe(outcome.id);
  });

  it('reads account, document, snapshot, resolution and webhook answers without skipping anything', async () => {
    const client = api();
    const [users, usage, clients, resolutions] = await Promise.all([client.listUsers(), client.getUsage(), client.listClients(), client.listResolutions()]);
    const documents = [];
    for await (const page of client.iterateDocuments({ limit: 2 })) documents.push(...page.items);
    const created = await client.createWebhook({ url: 'https://hooks.acme.example/in', events: ['incident.created'] });
    const rotated = await client.rotateWebhookSecret(created.id ?? '');
    const webhooks = await client.listWebhooks();

    expect([users, usage, clients, resolutions, webhooks].map((list) => list.skipped)).toEqual([0, 0, 0, 0, 0]);
    expect(usage.items.map((item) => item.remainingCredits)).toEqual(expect.arrayContaining([120, 'unlimited', null]));
    expect(documents.length).toBeGreaterThan(0);
    expect((await client.getDocument(documents[0]!.id)).signedUrl).toMatch(/^http/);
    expect((await client.getDocumentSignedUrl(documents[0]!.id)).url).toMatch(/^http/);
    expect(created.secret).toEqual(expect.any(String));
    expect(rotated.secret).not.toBe(created.secret);
    expect(webhooks.items.map((item) => item.id)).toContain(created.id);
  });
});
