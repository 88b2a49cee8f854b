import { describe, expect, it } from 'vitest';
import { useSandbox } from './test-helpers.ts';

const h = useSandbox();

const MANAGED = [
  { id: 'cl_acme', name: 'Acme Holdings', active: true },
  { id: 'cl_acme_bank', name: 'Acme Bank', active: true },
  { id: 'cl_acme_travel', name: 'Acme Travel', active: false },
];

async function set(settings: Record<string, unknown>): Promise<void> {
  const res = await h.control('PUT', 'settings', settings);
  expect(res.status).toBe(200);
}

describe('answer variants', () => {
  it('starts with the default answers, and reset puts them back', async () => {
    await set({ whoami: 'key-only', clients: 'fail', report: 'empty' });
    await h.control('POST', 'reset');
    expect((await h.control('GET', 'settings')).body.data).toEqual({ legacyDuplicates: false, whoami: 'default', clients: 'default', report: 'default' });
  });

  it.each<[string, unknown]>([
    ['default', { message: 'OK', data: { clients: MANAGED } }],
    ['bare-strings', { message: 'OK', data: { clients: ['Acme Holdings', 'Acme Bank', 'Acme Travel'] } }],
    ['client-keys', { message: 'OK', data: { clients: MANAGED.map((c) => ({ clientId: c.id, clientName: c.name })) } }],
    ['no-active', { message: 'OK', data: { clients: MANAGED.map(({ id, name }) => ({ id, name })) } }],
    ['key-only', { message: 'OK', data: { key: { name: 'Demo key' } } }],
    ['empty-body', ''],
  ])('whoami %s', async (variant, body) => {
    await set({ whoami: variant });
    const res = await h.api('/v1/whoami');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(body);
  });

  it('a wrong key is still refused whatever the whoami variant', async () => {
    await set({ whoami: 'empty-body' });
    expect((await h.api('/v1/whoami', { key: 'sbx_wrong' })).status).toBe(401);
  });

  it.each<[string, number, unknown]>([
    ['default', 200, { message: 'OK', data: MANAGED }],
    ['fail', 500, { message: 'Internal error' }],
    ['bare-array', 200, MANAGED],
    ['partly-malformed', 200, { message: 'OK', data: [{ ...MANAGED[0], active: 'yes' }, { id: 'cl_acme_bank', active: true }, MANAGED[2]] }],
  ])('clients %s', async (variant, status, body) => {
    await set({ clients: variant });
    const res = await h.api('/v1/clients');
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
  });

  it.each<[string, (body: unknown) => void]>([
    ['numeric-id', (body) => expect(body).toEqual({ message: 'Incident submitted for takedown.', id: expect.any(Number), url: expect.stringContaining('/dashboard/incidents/') })],
    ['not-json', (body) => expect(body).toBe('OK')],
    ['empty', (body) => expect(body).toBe('')],
  ])('report %s stores the incident', async (variant, check) => {
    await set({ report: variant });
    const res = await h.api('/v1/incident/tkd', { method: 'POST', json: { url: `https://variant-${variant}.example/login` } });
    expect(res.status).toBe(200);
    check(res.body);
    const found = await h.api(`/v1/incident/subject/${encodeURIComponent(`https://variant-${variant}.example/login`)}`);
    expect(found.status).toBe(200);
  });

  it.each([
    [{ whoami: 'weird' }, 'whoami must be one of default, bare-strings, client-keys, no-active, key-only, empty-body.'],
    [{ clients: 1 }, 'clients must be one of default, fail, bare-array, partly-malformed.'],
    [{ report: 'x' }, 'report must be one of default, numeric-id, not-json, empty.'],
    [{ legacyDuplicates: 'yes' }, 'legacyDuplicates must be true or false.'],
  ])('refuses %j', async (settings, message) => {
    const res = await h.control('PUT', 'settings', settings);
    expect(res).toMatchObject({ status: 400, body: { message } });
  });
});
