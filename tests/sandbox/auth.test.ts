import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from './server.ts';
import { useSandbox } from './test-helpers.ts';

const h = useSandbox();

const INVALID_KEY = { message: 'Invalid or missing API key.' };
const BAD_CLIENT = { message: 'Unauthorized. Please ensure client ID is valid.' };

describe('API keys', () => {
  it('exports the demo keys the brief fixes', () => {
    expect(DEMO_KEYS).toEqual({ managed: 'sbx_managed_demo_0001', single: 'sbx_single_demo_0002' });
    expect(h.sbx.keys).toEqual(DEMO_KEYS);
    expect(h.sbx.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it.each([
    ['GET', '/v1/whoami'],
    ['GET', '/v1/incidents'],
    ['GET', '/v1/documents'],
    ['POST', '/v1/incident/tkd'],
    ['GET', '/v1/webhooks'],
  ])('%s %s without a key is 401', async (method, path) => {
    const res = await h.api(path, { method, key: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID_KEY);
  });

  it('rejects an unknown key with the same 401', async () => {
    const res = await h.api('/v1/whoami', { key: 'sbx_nope' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID_KEY);
  });

  it('whoami lists the clients each key represents', async () => {
    const managed = await h.api('/v1/whoami');
    expect(managed.status).toBe(200);
    expect(managed.body.data.clients).toEqual([
      { id: 'cl_acme', name: 'Acme Holdings', active: true },
      { id: 'cl_acme_bank', name: 'Acme Bank', active: true },
      { id: 'cl_acme_travel', name: 'Acme Travel', active: false },
    ]);
    const single = await h.api('/v1/whoami', { key: DEMO_KEYS.single });
    expect(single.body).toEqual({ message: 'OK', data: { clients: [{ id: 'cl_globex', name: 'Globex Corporation', active: true }] } });
  });
});

describe('clientId scoping', () => {
  it.each([
    ['managed key, Globex incidents', DEMO_KEYS.managed, '/v1/incidents?clientId=cl_globex'],
    ['single key, Acme Bank incidents', DEMO_KEYS.single, '/v1/incidents?clientId=cl_acme_bank'],
    ['unknown client', DEMO_KEYS.managed, '/v1/incidents?clientId=cl_nobody'],
    ['documents', DEMO_KEYS.single, '/v1/documents?clientId=cl_acme'],
    ['usage', DEMO_KEYS.managed, '/v1/usage?clientId=cl_globex'],
    ['resolutions', DEMO_KEYS.single, '/v1/incidents/resolutions?clientId=cl_acme'],
  ])('%s → 401', async (_name, key, path) => {
    const res = await h.api(path, { key });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(BAD_CLIENT);
  });

  it('refuses a report for a client the key does not hold', async () => {
    const res = await h.api('/v1/incident/tkd', { method: 'POST', key: DEMO_KEYS.single, json: { url: 'https://x-phish.test/', clientId: 'cl_acme' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(BAD_CLIENT);
  });

  it('scopes every list to the key and narrows to one sub-client', async () => {
    const single = await h.api('/v1/incidents', { key: DEMO_KEYS.single });
    expect(new Set(single.body.data.map((i: { clientId: string }) => i.clientId))).toEqual(new Set(['cl_globex']));
    const managed = await h.api('/v1/incidents');
    expect(new Set(managed.body.data.map((i: { clientId: string }) => i.clientId))).toEqual(new Set(['cl_acme', 'cl_acme_bank', 'cl_acme_travel']));
    const bank = await h.api('/v1/incidents?clientId=cl_acme_bank');
    expect(bank.body.data.length).toBeGreaterThan(12);
    expect(bank.body.data.every((i: { clientId: string }) => i.clientId === 'cl_acme_bank')).toBe(true);
  });

  it("hides another key's incident behind a 404", async () => {
    const globex = await h.api('/v1/incidents?limit=1', { key: DEMO_KEYS.single });
    const id = globex.body.data[0].id as string;
    expect((await h.api(`/v1/incident/${encodeURIComponent(id)}`, { key: DEMO_KEYS.single })).status).toBe(200);
    const res = await h.api(`/v1/incident/${encodeURIComponent(id)}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Incident not found.' });
  });
});
