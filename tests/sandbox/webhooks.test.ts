import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from './server.ts';
import { useSandbox } from './test-helpers.ts';

const h = useSandbox();

function create(body: unknown, key?: string) {
  return h.api('/v1/webhooks', { method: 'POST', json: body, ...(key ? { key } : {}) });
}

const VALID = { url: 'https://hooks.example/incidents', events: ['incident.created'] };

describe('webhook subscriptions', () => {
  it('creates with 201 and shows the secret once', async () => {
    const res = await create({ ...VALID, description: 'SOC' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      clientId: 'cl_acme',
      url: VALID.url,
      events: VALID.events,
      active: true,
      description: 'SOC',
      secret: expect.stringMatching(/^whsec_/),
      message: expect.stringContaining('not be shown again'),
    });
    const list = await h.api('/v1/webhooks');
    const listed = list.body.data.find((w: { id: string }) => w.id === res.body.data.id);
    expect(listed).toMatchObject({ url: VALID.url, active: true });
    expect(listed.secret).toBeUndefined();
    expect(list.body.data.some((w: { id: string }) => w.id === 'wh_01JACME0001')).toBe(true);
  });

  it.each([
    ['http URL', { url: 'http://hooks.example/x', events: ['incident.created'] }, 'HTTPS'],
    ['no URL', { events: ['incident.created'] }, 'url is required'],
    ['no events', { url: VALID.url }, 'events is required'],
    ['empty events', { url: VALID.url, events: [] }, 'events is required'],
    ['unknown event', { url: VALID.url, events: ['incident.deleted'] }, 'incident.deleted'],
  ])('refuses %s with 400', async (_name, body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('allows plain http to this machine only', async () => {
    expect((await create({ url: 'http://127.0.0.1:9/hooks', events: ['webhook.test'] })).status).toBe(201);
    expect((await create({ url: 'http://localhost:9/hooks', events: ['webhook.test'] })).status).toBe(201);
  });

  it('caps subscriptions at 5 per client', async () => {
    for (let i = 0; i < 4; i += 1) expect((await create(VALID)).status).toBe(201);
    const sixth = await create(VALID);
    expect(sixth.status).toBe(409);
    expect(sixth.body.message).toContain('at most 5');
    expect((await create({ ...VALID, clientId: 'cl_acme_bank' })).status).toBe(201);
  });

  it('updates, then deletes, with 404 for another key', async () => {
    const id = (await create(VALID)).body.data.id as string;
    const patched = await h.api(`/v1/webhooks/${id}`, { method: 'PATCH', json: { active: false, events: ['incident.created', 'incident.status_changed'], description: 'paused' } });
    expect(patched.body).toMatchObject({ message: expect.any(String), data: { id, active: false, description: 'paused', events: ['incident.created', 'incident.status_changed'] } });
    expect(patched.body.data.secret).toBeUndefined();
    expect((await h.api(`/v1/webhooks/${id}`, { method: 'PATCH', json: { url: 'http://nope.example/' } })).status).toBe(400);
    expect((await h.api(`/v1/webhooks/${id}`, { method: 'PATCH', json: { active: 'no' } })).status).toBe(400);
    expect((await h.api(`/v1/webhooks/${id}`, { method: 'DELETE', key: DEMO_KEYS.single })).status).toBe(404);
    expect(await h.api(`/v1/webhooks/${id}`, { method: 'DELETE' })).toMatchObject({ status: 200, body: { message: 'Webhook subscription deleted.' } });
    expect(await h.api(`/v1/webhooks/${id}`, { method: 'DELETE' })).toMatchObject({ status: 404, body: { message: 'Webhook subscription not found.' } });
  });

  it('switches active both ways with the update operation, starting from the seeded inactive subscription', async () => {
    const listed = async () => (await h.api('/v1/webhooks')).body.data.find((w: { id: string }) => w.id === 'wh_01JACME0001');
    expect(await listed()).toMatchObject({ active: false });
    expect(await h.api('/v1/webhooks/wh_01JACME0001', { method: 'PATCH', json: { active: true } })).toMatchObject({ status: 200, body: { data: { id: 'wh_01JACME0001', active: true } } });
    expect(await listed()).toMatchObject({ active: true, url: 'https://hooks.acme.example/takedown-events', description: 'Acme SOC queue' });
    expect((await h.api('/v1/webhooks/wh_01JACME0001', { method: 'PATCH', json: { active: false } })).body.data.active).toBe(false);
    expect(await listed()).toMatchObject({ active: false });
  });

  it('rotates the secret', async () => {
    const created = (await create(VALID)).body.data;
    const res = await h.api(`/v1/webhooks/${created.id}/rotate-secret`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), data: { secret: expect.stringMatching(/^whsec_/), message: expect.any(String) } });
    expect(res.body.data.secret).not.toBe(created.secret);
    const state = await h.control('GET', 'state');
    expect(state.body.data.webhooks.find((w: { id: string }) => w.id === created.id).secret).toBe(res.body.data.secret);
  });
});
