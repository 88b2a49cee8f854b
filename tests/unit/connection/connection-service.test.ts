import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createIncidentApi } from '@/utils/api/client';
import { createConnectedApi } from '@/utils/connection/connected-api';
import { createConnectionService } from '@/utils/connection/connection-service';
import { apiKeyItem, connectionItem, recordClientParents, recordKeyRejected } from '@/utils/storage/connection';
import { refreshStateItem } from '@/utils/storage/refresh-state';
import { usageCacheItem } from '@/utils/storage/usage-cache';
import type { ManagedPolicy } from '@/utils/settings/managed';
import { listReports, listWatchedIncidents, putReport, putWatchedIncidents } from '@/utils/storage/reports-db';
import { json, stubFetch, type Respond } from '../api/stub-fetch';

// The connection service with the REAL API client: only fetch is stubbed, so
// every answer goes through the same reading code as in the extension.

const NOW = new Date('2026-11-22T10:00:00.000Z');
const CLIENTS = [
  { id: 'cl_acme', name: 'Acme Holdings', active: true },
  { id: 'cl_acme_travel', name: 'Acme Travel', active: false },
];

/** Answers whoami and clients from a table; anything else is a 404. */
function service(routes: { whoami?: () => Response; clients?: () => Response }, granted = true, now = NOW) {
  const respond: Respond = (request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/v1/whoami')) return routes.whoami?.() ?? json({ message: 'OK' });
    if (path.endsWith('/v1/clients')) return routes.clients?.() ?? json({ message: 'OK', data: CLIENTS });
    return json({ message: 'Not found' }, { status: 404 });
  };
  const { fetch, requests } = stubFetch(respond);
  const hasHostPermission = vi.fn(async (_pattern: string) => granted);
  const connection = createConnectionService({
    createApi: (options) => createIncidentApi({ ...options, fetch }),
    connectedApi: createConnectedApi({ hasHostPermission, fetch }),
    hasHostPermission,
    now: () => now,
  });
  return { connection, requests, hasHostPermission };
}

const paths = (requests: Request[]) => requests.map((request) => `${request.method} ${new URL(request.url).pathname}`);

describe('connection service with the real client', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('verifies with whoami, lists clients from /v1/clients, then saves', async () => {
    const { connection, requests, hasHostPermission } = service({});
    const result = await connection.save({ baseUrl: 'http://127.0.0.1:8787/', apiKey: 'sbx_managed_demo_0001' });

    expect(hasHostPermission).toHaveBeenCalledWith('http://127.0.0.1/*');
    expect(paths(requests)).toEqual(['GET /v1/whoami', 'GET /v1/clients']);
    expect(requests.map((request) => request.headers.get('x-api-key'))).toEqual(['sbx_managed_demo_0001', 'sbx_managed_demo_0001']);
    const saved = {
      baseUrl: 'http://127.0.0.1:8787',
      origin: 'http://127.0.0.1:8787',
      keyHint: '••••0001',
      clients: CLIENTS,
      clientsSource: 'clients',
      skippedClients: 0,
      verifiedAt: NOW.toISOString(),
    };
    expect(result).toEqual({ ok: true, status: { state: 'connected', ...saved } });
    expect(await apiKeyItem.getValue()).toBe('sbx_managed_demo_0001');
    expect(await connectionItem.getValue()).toEqual(saved);
  });

  it.each([
    ['a body that is not JSON', () => new Response('OK', { status: 200 })],
    ['an empty 204', () => new Response(null, { status: 204 })],
    ['an empty 200', () => new Response('', { status: 200 })],
    ['a key label only', () => json({ data: { key: { name: 'Demo key' } } })],
    ['bare client names', () => json({ data: { clients: ['Somebody else'] } })],
  ])('any 2xx from whoami verifies the key: %s', async (_name, whoami) => {
    const { connection } = service({ whoami });
    const result = await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    expect(result).toMatchObject({ ok: true, status: { state: 'connected', clients: CLIENTS, clientsSource: 'clients' } });
  });

  it('counts the client entries it could not read, and keeps the rest', async () => {
    const clients = () => json({ data: [...CLIENTS, { name: 'No id' }, 'not a client', { id: 'cl_new' }] });
    const { connection } = service({ clients });
    const result = await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    expect(result).toMatchObject({
      ok: true,
      status: { clients: [...CLIENTS, { id: 'cl_new', name: null, active: null }], skippedClients: 2 },
    });
  });

  it.each([
    ['ClientStructure without active', { clients: [{ id: 'cl_a', name: 'A' }] }, [{ id: 'cl_a', name: 'A', active: null }], 0],
    ['clientId/clientName keys', { clients: [{ clientId: 'cl_a', clientName: 'A' }] }, [{ id: 'cl_a', name: 'A', active: null }], 0],
    [
      'bare strings',
      { clients: ['Acme', 'Globex'] },
      [
        { id: null, name: 'Acme', active: null },
        { id: null, name: 'Globex', active: null },
      ],
      0,
    ],
    ['a data array', [{ id: 'cl_a', name: 'A', active: false }], [{ id: 'cl_a', name: 'A', active: false }], 0],
    ['entries naming nothing', { clients: [{ active: true }, 42, ''] }, [], 3],
  ])('falls back to whoami when /v1/clients fails, reading %s', async (_name, data, clients, skipped) => {
    const { connection } = service({
      whoami: () => json({ message: 'OK', data }),
      clients: () => json({ message: 'Internal error' }, { status: 500 }),
    });
    const result = await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    expect(result).toEqual({
      ok: true,
      status: expect.objectContaining({
        state: 'connected',
        clients,
        clientsSource: 'whoami',
        skippedClients: skipped,
        clientsProblem: { kind: 'server_error', status: 500, serverMessage: 'Internal error' },
      }),
    });
  });

  it('saves nothing when the key is rejected, and blames the key field', async () => {
    const { connection, requests } = service({ whoami: () => json({ message: 'Invalid key' }, { status: 401 }) });
    const result = await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'wrong_key_0000' });
    expect(result).toEqual({ ok: false, field: 'apiKey', problem: { kind: 'key_rejected', origin: 'https://api.example.com' } });
    expect(paths(requests)).toEqual(['GET /v1/whoami']);
    expect(await apiKeyItem.getValue()).toBeNull();
    expect(await connection.getStatus({ live: false })).toEqual({ state: 'not_configured' });
  });

  it.each([
    ['a 404', () => json({ message: 'nope' }, { status: 404 }), 'baseUrl', { kind: 'not_the_api', origin: 'https://api.example.com', status: 404 }],
    ['a 429', () => json({}, { status: 429, headers: { 'retry-after': '7' } }), null, { kind: 'rate_limited', status: 429, retryAfterSeconds: 7 }],
    ['a 503', () => json({ message: 'down' }, { status: 503 }), null, { kind: 'server_error', status: 503, serverMessage: 'down' }],
  ])('a whoami failure with %s goes to the right field', async (_name, whoami, field, problem) => {
    const { connection } = service({ whoami });
    const result = await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    expect(result).toEqual({ ok: false, field, problem });
  });

  it('an address where nothing answers blames the URL', async () => {
    const { connection } = service({
      whoami: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const result = await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    expect(result).toEqual({ ok: false, field: 'baseUrl', problem: { kind: 'unreachable', origin: 'https://api.example.com' } });
  });

  it.each([
    ['https://api.example.com', 'short', 'apiKey', { kind: 'invalid_input', reason: 'key_short' }],
    ['https://api.example.com', '', 'apiKey', { kind: 'invalid_input', reason: 'key_empty' }],
    ['http://api.example.com', 'good_key_1111', 'baseUrl', { kind: 'invalid_input', reason: 'url_http_not_loopback' }],
  ])('refuses %s with key %j before any request', async (baseUrl, apiKey, field, problem) => {
    const { connection, requests } = service({});
    expect(await connection.save({ baseUrl, apiKey })).toEqual({ ok: false, field, problem });
    expect(requests).toEqual([]);
  });

  it('never answers with the key', async () => {
    const { connection } = service({});
    const saved = await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'secret_key_abcd' });
    const status = await connection.getStatus({ live: true });
    expect(JSON.stringify([saved, status])).not.toContain('secret_key');
  });

  it('answers the saved status from one storage read, a connection saved in version 1 upgraded', async () => {
    const v1 = { baseUrl: 'https://api.example.com', origin: 'https://api.example.com', keyHint: '••••1111', clients: CLIENTS, verifiedAt: NOW.toISOString() };
    await fakeBrowser.storage.local.set({ apiKey: 'good_key_1111', connection: v1, connection$: { v: 1 } });
    const { connection } = service({});
    // A worker woken by this call answers after its reads (issue 43, cold start): one, not three.
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    expect(await connection.getStatus({ live: false })).toEqual({ state: 'connected', ...v1, clientsSource: 'whoami', skippedClients: 0 });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('keeps a working connection when a new key fails', async () => {
    await service({}).connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    const bad = service({ whoami: () => json({}, { status: 403 }) });
    await bad.connection.save({ baseUrl: 'https://other.example.com', apiKey: 'wrong_key_0000' });
    expect(await apiKeyItem.getValue()).toBe('good_key_1111');
    expect(await bad.connection.getStatus({ live: false })).toMatchObject({ state: 'connected', origin: 'https://api.example.com' });
  });

  it('reuses the saved key when none is given, for the same origin only', async () => {
    const { connection, requests } = service({});
    await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    await connection.save({ baseUrl: 'https://api.example.com/tenant-a' });
    expect(requests.at(-1)?.url).toBe('https://api.example.com/tenant-a/v1/clients');
    expect(requests.at(-1)?.headers.get('x-api-key')).toBe('good_key_1111');
  });

  it.each(['https://api2.example.com', 'https://api.example.com:8443', 'http://127.0.0.1:8787'])(
    'a new address (%s) with the key field empty asks for the key again and sends nothing',
    async (baseUrl) => {
      const { connection, requests } = service({});
      await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
      const sent = requests.length;

      expect(await connection.save({ baseUrl })).toEqual({ ok: false, field: 'apiKey', problem: { kind: 'invalid_input', reason: 'key_new_origin' } });
      expect(requests).toHaveLength(sent);
      // The working connection stays as it was.
      expect(await connection.getStatus({ live: false })).toMatchObject({ state: 'connected', origin: 'https://api.example.com' });
    },
  );

  it('a new address with the key typed again connects there', async () => {
    const { connection, requests } = service({});
    await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    expect(await connection.save({ baseUrl: 'https://api2.example.com', apiKey: 'good_key_2222' })).toMatchObject({ ok: true, status: { origin: 'https://api2.example.com' } });
    expect(requests.at(-1)?.headers.get('x-api-key')).toBe('good_key_2222');
  });

  it('says so when the host permission is missing, without calling the service', async () => {
    const { connection, requests } = service({}, false);
    const result = await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    expect(result).toEqual({ ok: false, field: 'baseUrl', problem: { kind: 'permission_missing', origin: 'https://api.example.com' } });
    expect(requests).toEqual([]);
  });

  it('the live check refreshes the clients through the saved connection, and reports a failure keeping what was saved', async () => {
    let reject = false;
    let clients = CLIENTS;
    const { connection } = service({
      whoami: () => (reject ? json({}, { status: 401 }) : json({ message: 'OK' })),
      clients: () => json({ data: clients }),
    });
    await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    clients = [CLIENTS[0]!];
    expect(await connection.getStatus({ live: true })).toMatchObject({ state: 'connected', clients: [CLIENTS[0]] });
    expect(await connectionItem.getValue()).toMatchObject({ clients: [CLIENTS[0]] });
    reject = true;
    const status = await connection.getStatus({ live: true });
    expect(status).toEqual({
      state: 'failing',
      ...(await connectionItem.getValue()),
      problem: { kind: 'key_rejected', origin: 'https://api.example.com' },
    });
    expect(await apiKeyItem.getValue()).toBe('good_key_1111');
  });

  it.each([
    ['to another service', 'https://new.example.com', 'https://new.example.com'],
    ['to the same service, with a new key', 'https://old.example.com', 'https://old.example.com'],
  ])('a live check that ends after a new connection was saved %s does not write the old one back', async (_name, newUrl, origin) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The live check reached its held request: what the test does next happens while it is under way.
    let reached: () => void = () => {};
    const atGate = new Promise<void>((resolve) => (reached = resolve));
    const slow = service({ clients: () => json({ data: CLIENTS }) });
    await slow.connection.save({ baseUrl: 'https://old.example.com', apiKey: 'old_key_1111' });
    const { fetch } = stubFetch(async () => {
      reached();
      await gate;
      return json({ data: [CLIENTS[1]] });
    });
    const hasHostPermission = async () => true;
    const checking = createConnectionService({
      createApi: (options) => createIncidentApi({ ...options, fetch }),
      connectedApi: createConnectedApi({ hasHostPermission, fetch }),
      hasHostPermission,
      now: () => new Date('2026-11-22T11:00:00.000Z'),
    });
    const live = checking.getStatus({ live: true });
    await atGate;
    const fresh = service({}, true, new Date('2026-11-22T10:30:00.000Z'));
    await fresh.connection.save({ baseUrl: newUrl, apiKey: 'new_key_2222' });
    release();

    expect(await live).toMatchObject({ state: 'connected', origin, keyHint: '••••2222', verifiedAt: '2026-11-22T10:30:00.000Z' });
    expect(await connectionItem.getValue()).toMatchObject({ origin, keyHint: '••••2222', clients: CLIENTS });
  });

  it('a live check that ends after the connection was forgotten does not bring it back', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The live check reached its held request: what the test does next happens while it is under way.
    let reached: () => void = () => {};
    const atGate = new Promise<void>((resolve) => (reached = resolve));
    const first = service({});
    await first.connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    const { fetch } = stubFetch(async () => {
      reached();
      await gate;
      return json({ data: CLIENTS });
    });
    const hasHostPermission = async () => true;
    const checking = createConnectionService({
      createApi: (options) => createIncidentApi({ ...options, fetch }),
      connectedApi: createConnectedApi({ hasHostPermission, fetch }),
      hasHostPermission,
    });
    const live = checking.getStatus({ live: true });
    await atGate;
    await first.connection.forget();
    release();

    expect(await live).toEqual({ state: 'not_configured' });
    expect(await connectionItem.getValue()).toBeNull();
  });

  it('the live check says so when the permission was removed since', async () => {
    const granted = service({});
    await granted.connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    const revoked = service({}, false);
    expect(await revoked.connection.getStatus({ live: true })).toMatchObject({
      state: 'failing',
      problem: { kind: 'permission_missing', origin: 'https://api.example.com' },
    });
    expect(revoked.requests).toEqual([]);
  });

  it('trims the key it saves, and stamps the check with the current time by default', async () => {
    const { fetch } = stubFetch(() => json({ message: 'OK', data: CLIENTS }));
    const hasHostPermission = async () => true;
    const connection = createConnectionService({
      createApi: (options) => createIncidentApi({ ...options, fetch }),
      connectedApi: createConnectedApi({ hasHostPermission, fetch }),
      hasHostPermission,
    });
    const before = Date.now();
    const result = await connection.save({ baseUrl: 'https://api.example.com', apiKey: '  good_key_1111 \n' });
    expect(await apiKeyItem.getValue()).toBe('good_key_1111');
    const verifiedAt = result.ok ? Date.parse(result.status.verifiedAt) : Number.NaN;
    expect(verifiedAt).toBeGreaterThanOrEqual(before);
    expect(verifiedAt).toBeLessThanOrEqual(Date.now());
  });

  it('a connection without its key is not configured', async () => {
    const { connection } = service({});
    await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    await apiKeyItem.removeValue();
    expect(await connection.getStatus({ live: false })).toEqual({ state: 'not_configured' });
    expect(await connection.getStatus({ live: true })).toEqual({ state: 'not_configured' });
  });

  it('forgets key, connection and cached account data, keeping the report history', async () => {
    const { connection } = service({});
    await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    await refreshStateItem.setValue({ lastSuccessAt: NOW.toISOString() });
    await usageCacheItem.setValue({ connection: 'x', readAt: 0, balances: [], skipped: 0 });
    await putWatchedIncidents([
      { id: 'inc_1', incident: { id: 'inc_1', status: 'closed', safeDomain: null, incidentType: null, source: null, timestamp: null, incidentClass: null }, fetchedAt: 'a', statusSeenAt: 'a' },
    ]);
    await putReport({
      id: 'r1',
      createdAt: 'a',
      updatedAt: 'a',
      state: 'sent',
      action: 'tkd',
      subject: { type: 'url', value: 'https://x.example/' },
      fields: {},
      files: [],
      origin: 'popup',
      attempts: 1,
    });
    expect(await connection.forget()).toEqual({ state: 'not_configured' });
    expect(await apiKeyItem.getValue()).toBeNull();
    expect(await connectionItem.getValue()).toBeNull();
    expect(await refreshStateItem.getValue()).toEqual({});
    expect(await usageCacheItem.getValue()).toBeNull();
    expect(await listWatchedIncidents()).toEqual([]);
    expect((await listReports()).map((report) => report.id)).toEqual(['r1']);
    expect(await connection.getStatus({ live: true })).toEqual({ state: 'not_configured' });
  });

  it('reuses a check younger than maxAgeMs instead of calling whoami, and checks again once it is older', async () => {
    let now = NOW;
    const { fetch, requests } = stubFetch((request) => (new URL(request.url).pathname.endsWith('/v1/clients') ? json({ data: CLIENTS }) : json({ message: 'OK' })));
    const hasHostPermission = async () => true;
    const connection = createConnectionService({
      createApi: (options) => createIncidentApi({ ...options, fetch }),
      connectedApi: createConnectedApi({ hasHostPermission, fetch }),
      hasHostPermission,
      now: () => now,
    });
    await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    requests.length = 0;

    now = new Date(NOW.getTime() + 9 * 60_000);
    expect(await connection.getStatus({ live: true, maxAgeMs: 10 * 60_000 })).toMatchObject({ state: 'connected', verifiedAt: NOW.toISOString() });
    expect(paths(requests)).toEqual([]);

    now = new Date(NOW.getTime() + 10 * 60_000);
    expect(await connection.getStatus({ live: true, maxAgeMs: 10 * 60_000 })).toMatchObject({ state: 'connected', verifiedAt: now.toISOString() });
    expect(paths(requests)).toEqual(['GET /v1/whoami', 'GET /v1/clients']);
  });

  it('shows a key the background saw refused as failing without a call, checks it live, and a passing check clears it', async () => {
    let reject = true;
    const { connection, requests } = service({ whoami: () => (reject ? json({}, { status: 401 }) : json({ message: 'OK' })) });
    reject = false;
    await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    await recordKeyRejected(true);
    await recordKeyRejected(true);
    requests.length = 0;
    const failing = { state: 'failing', problem: { kind: 'key_rejected', origin: 'https://api.example.com' }, keyRejected: true };
    expect(await connection.getStatus({ live: false })).toMatchObject(failing);
    reject = true;
    expect(await connection.getStatus({ live: true, maxAgeMs: 60_000 })).toMatchObject({ state: 'failing', problem: { kind: 'key_rejected' } });
    expect(paths(requests)).toEqual(['GET /v1/whoami']);
    reject = false;
    const passed = await connection.getStatus({ live: true, maxAgeMs: 60_000 });
    expect(passed.state).toBe('connected');
    expect(await connectionItem.getValue()).not.toHaveProperty('keyRejected');
  });

  describe('which client is a sub-client of which', () => {
    const LISTED = [
      { id: 'cl_acme', name: 'Acme Holdings', active: true },
      { id: 'cl_acme_bank', name: 'Acme Bank', active: true },
    ];

    it('is read from /v1/clients when the service sends it, and absent when it does not', async () => {
      const { connection } = service({
        clients: () =>
          json({
            data: [
              { ...LISTED[0], parentClientId: null },
              { ...LISTED[1], parentClientId: 42 },
            ],
          }),
      });
      await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
      expect((await connectionItem.getValue())!.clients).toEqual([{ ...LISTED[0], parentClientId: null }, LISTED[1]]);
    });

    it('learned from documents, outlives a live check and a new save on the same service; the service’s own word wins', async () => {
      let clients: unknown[] = LISTED;
      const { connection } = service({ clients: () => json({ data: clients }) });
      await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
      await recordClientParents(
        new Map([
          ['cl_acme_bank', 'cl_acme'],
          ['cl_acme', null],
        ]),
      );
      const learned = [
        { ...LISTED[0], parentClientId: null },
        { ...LISTED[1], parentClientId: 'cl_acme' },
      ];

      expect(await connection.getStatus({ live: true })).toMatchObject({ state: 'connected', clients: learned });
      expect(await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'other_key_2222' })).toMatchObject({ ok: true, status: { clients: learned } });
      expect((await connectionItem.getValue())!.clients).toEqual(learned);

      clients = [LISTED[0], { ...LISTED[1], parentClientId: null }];
      expect(await connection.getStatus({ live: true })).toMatchObject({ clients: [learned[0], { ...LISTED[1], parentClientId: null }] });
    });

    it('is not carried to another service', async () => {
      const { connection } = service({ clients: () => json({ data: LISTED }) });
      await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
      await recordClientParents(new Map([['cl_acme_bank', 'cl_acme']]));
      await connection.save({ baseUrl: 'https://other.example.com', apiKey: 'good_key_1111' });
      expect((await connectionItem.getValue())!.clients).toEqual(LISTED);
    });

    it('learned while a live check is under way is kept by it', async () => {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      // The live check reached its held request: what the test does next happens while it is under way.
      let reached: () => void = () => {};
      const atGate = new Promise<void>((resolve) => (reached = resolve));
      const first = service({ clients: () => json({ data: LISTED }) });
      await first.connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
      const { fetch } = stubFetch(async (request) => {
        if (new URL(request.url).pathname.endsWith('/v1/clients')) {
          reached();
          await gate;
        }
        return json({ data: LISTED });
      });
      const hasHostPermission = async () => true;
      const checking = createConnectionService({
        createApi: (options) => createIncidentApi({ ...options, fetch }),
        connectedApi: createConnectedApi({ hasHostPermission, fetch }),
        hasHostPermission,
        now: () => new Date('2026-11-22T11:00:00.000Z'),
      });
      const live = checking.getStatus({ live: true });
      await atGate;
      await recordClientParents(new Map([['cl_acme_bank', 'cl_acme']]));
      release();
      expect(await live).toMatchObject({ state: 'connected', verifiedAt: '2026-11-22T11:00:00.000Z', clients: [LISTED[0], { ...LISTED[1], parentClientId: 'cl_acme' }] });
      expect((await connectionItem.getValue())!.clients[1]).toMatchObject({ ...LISTED[1], parentClientId: 'cl_acme' });
    });
  });

  it('notes a refused key only when that changes', async () => {
    const { connection } = service({});
    await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    const writes: unknown[] = [];
    const unwatch = connectionItem.watch((value) => writes.push(value?.keyRejected));
    await recordKeyRejected(false);
    await recordKeyRejected(true);
    await recordKeyRejected(true);
    await recordKeyRejected(false);
    unwatch();
    expect(writes).toEqual([true, undefined]);
  });

  describe('set by the organisation’s policy', () => {
    function managedService(policy: ManagedPolicy) {
      const { fetch, requests } = stubFetch((request) => (new URL(request.url).pathname.endsWith('/v1/clients') ? json({ data: CLIENTS }) : json({ message: 'OK' })));
      const hasHostPermission = async () => true;
      const connection = createConnectionService({
        createApi: (options) => createIncidentApi({ ...options, fetch }),
        connectedApi: createConnectedApi({ hasHostPermission, fetch }),
        hasHostPermission,
        now: () => NOW,
        loadPolicy: async () => policy,
      });
      return { connection, requests };
    }
    const POLICY: ManagedPolicy = { baseUrl: 'https://api.acme.example', apiKey: 'managed_key_0001', settings: {}, evidence: {} };

    it('applies its URL and key, verified, once', async () => {
      const { connection, requests } = managedService(POLICY);
      expect(await connection.applyManaged()).toMatchObject({ ok: true, status: { state: 'connected', baseUrl: 'https://api.acme.example', keyHint: '••••0001' } });
      expect(await apiKeyItem.getValue()).toBe('managed_key_0001');
      expect(requests.map((request) => request.headers.get('x-api-key'))).toEqual(['managed_key_0001', 'managed_key_0001']);
      expect(await connection.applyManaged()).toBeNull();
      expect(requests).toHaveLength(2);
    });

    it('wins over what a page sends, and its key cannot be forgotten', async () => {
      const { connection } = managedService(POLICY);
      expect(await connection.save({ baseUrl: 'https://other.example', apiKey: 'typed_key_9999' })).toMatchObject({ ok: true, status: { baseUrl: 'https://api.acme.example' } });
      expect(await apiKeyItem.getValue()).toBe('managed_key_0001');
      expect(await connection.forget()).toMatchObject({ state: 'connected' });
      expect(await apiKeyItem.getValue()).toBe('managed_key_0001');
    });

    it('a policy key without a policy URL is sent nowhere: saving says the policy is incomplete', async () => {
      const { connection, requests } = managedService({ ...POLICY, baseUrl: undefined } as ManagedPolicy);
      expect(await connection.save({ baseUrl: 'https://typed.example', apiKey: '' })).toEqual({ ok: false, field: 'baseUrl', problem: { kind: 'invalid_input', reason: 'policy_url_missing' } });
      expect(await connection.save({ baseUrl: 'https://typed.example', apiKey: 'typed_key_9999' })).toEqual({
        ok: false,
        field: 'baseUrl',
        problem: { kind: 'invalid_input', reason: 'policy_url_missing' },
      });
      expect(await connection.applyManaged()).toBeNull();
      expect(requests).toEqual([]);
      expect(await apiKeyItem.getValue()).toBeNull();
    });

    it('a key removed from the policy is removed from the extension; a key the user typed stays', async () => {
      await managedService(POLICY).connection.applyManaged();
      expect(await connectionItem.getValue()).toMatchObject({ keyFromPolicy: true });

      expect(await managedService({ ...POLICY, apiKey: undefined } as ManagedPolicy).connection.applyManaged()).toBeNull();
      expect(await apiKeyItem.getValue()).toBeNull();
      expect(await connectionItem.getValue()).toBeNull();

      const typed = managedService({ settings: {}, evidence: {} } as ManagedPolicy).connection;
      await typed.save({ baseUrl: 'https://api.example.com', apiKey: 'typed_key_9999' });
      expect(await connectionItem.getValue()).not.toHaveProperty('keyFromPolicy');
      expect(await typed.applyManaged()).toBeNull();
      expect(await apiKeyItem.getValue()).toBe('typed_key_9999');
    });

    it('a copy standing in for a policy read that did not answer neither applies nor clears, and its key cannot be forgotten', async () => {
      await managedService(POLICY).connection.applyManaged();
      const unread = managedService({ baseUrl: POLICY.baseUrl, settings: {}, evidence: {}, unread: { hasApiKey: true } });
      expect(await unread.connection.applyManaged()).toBeNull();
      expect(await unread.connection.forget()).toMatchObject({ state: 'connected' });
      expect(await apiKeyItem.getValue()).toBe('managed_key_0001');
      expect(await connectionItem.getValue()).toMatchObject({ keyFromPolicy: true });
      expect(unread.requests).toEqual([]);
    });

    it('a policy key saved before the mark existed is marked, then removed with the policy', async () => {
      await managedService(POLICY).connection.applyManaged();
      await connectionItem.setValue({ ...(await connectionItem.getValue())!, keyFromPolicy: undefined });
      expect(await managedService(POLICY).connection.applyManaged()).toBeNull();
      expect(await connectionItem.getValue()).toMatchObject({ keyFromPolicy: true });
      await managedService({ settings: {}, evidence: {} } as ManagedPolicy).connection.applyManaged();
      expect(await apiKeyItem.getValue()).toBeNull();
    });

    it('without both a URL and a key, applies nothing', async () => {
      expect(await managedService({ ...POLICY, apiKey: undefined } as ManagedPolicy).connection.applyManaged()).toBeNull();
      expect(await connectionItem.getValue()).toBeNull();
    });
  });
});
