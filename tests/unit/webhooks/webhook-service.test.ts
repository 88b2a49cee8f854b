import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/utils/api/errors';
import type { WebhookSubscription } from '@/utils/api/schemas/webhook';
import { createWebhookService, fieldOfProblem, type WebhookApi, type WebhookProblem } from '@/utils/webhooks/webhook-service';
import { apiWith, json } from '../api/stub-fetch';

function subscription(id: string, clientId: string | null, extra: Partial<WebhookSubscription> = {}): WebhookSubscription {
  return { id, clientId, url: `https://hooks.example/${id}`, events: ['incident.created'], active: true, createdAt: '2026-01-20T10:00:00.000Z', ...extra };
}

function fakeApi(listed: WebhookSubscription[] = []) {
  return {
    listWebhooks: vi.fn(async () => ({ items: listed, skipped: 0 })),
    createWebhook: vi.fn(async () => ({
      id: 'wh_new',
      clientId: 'cl_acme',
      url: 'https://hooks.example/new',
      events: ['incident.created'],
      active: true,
      createdAt: '2026-01-20T10:00:00.000Z',
      secret: 'whsec_once',
      message: 'Store this secret now: it will not be shown again.',
    })),
    updateWebhook: vi.fn(async () => ({ message: 'Updated.' })),
    deleteWebhook: vi.fn(async () => ({ message: 'Deleted.' })),
    testWebhook: vi.fn(async () => ({ message: 'Test event queued.' })),
    rotateWebhookSecret: vi.fn(async () => ({ secret: 'whsec_rotated', message: 'The previous secret no longer verifies deliveries.' })),
  } satisfies WebhookApi;
}

const DRAFT = { url: ' https://hooks.example/new ', events: ['incident.created', 'webhook.test'], description: ' SOC queue ', clientId: 'cl_acme_bank' };

describe('listing', () => {
  it('gives the subscriptions without any secret, and how many could not be read', async () => {
    const api = { ...fakeApi(), listWebhooks: vi.fn(async () => ({ items: [subscription('wh_1', 'cl_acme', { secret: 'whsec_leaked', lastDeliveryStatus: 'failed' })], skipped: 2 })) };
    expect(await createWebhookService(api).list()).toEqual({ ok: true, subscriptions: [subscription('wh_1', 'cl_acme', { lastDeliveryStatus: 'failed' })], skipped: 2 });
  });

  it('says why the list could not be read', async () => {
    const api = { ...fakeApi(), listWebhooks: vi.fn().mockRejectedValue(new ApiError({ kind: 'server_error', status: 503 })) };
    expect(await createWebhookService(api).list()).toEqual({ ok: false, problem: { kind: 'server_error', status: 503 }, field: null });
  });
});

describe('creating', () => {
  it('sends the trimmed draft for the chosen client and hands back the secret once, apart from the subscription', async () => {
    const api = fakeApi([subscription('wh_1', 'cl_acme_bank')]);
    expect(await createWebhookService(api).create(DRAFT)).toEqual({
      ok: true,
      subscription: { id: 'wh_new', clientId: 'cl_acme', url: 'https://hooks.example/new', events: ['incident.created'], active: true, createdAt: '2026-01-20T10:00:00.000Z' },
      secret: 'whsec_once',
      message: 'Store this secret now: it will not be shown again.',
    });
    expect(api.createWebhook.mock.calls).toEqual([[{ url: 'https://hooks.example/new', events: ['incident.created', 'webhook.test'], description: 'SOC queue', clientId: 'cl_acme_bank' }]]);
  });

  it('leaves out an empty description and an unnamed client', async () => {
    const api = fakeApi();
    await createWebhookService(api).create({ url: 'https://hooks.example/new', events: ['incident.created'], description: '  ', clientId: '' });
    expect(api.createWebhook.mock.calls).toEqual([[{ url: 'https://hooks.example/new', events: ['incident.created'] }]]);
  });

  it('keeps a created subscription whose answer carries no secret, and says so with null', async () => {
    const api = { ...fakeApi(), createWebhook: vi.fn(async () => ({ id: null, clientId: null, url: null, events: null, active: null, createdAt: null })) };
    expect(await createWebhookService(api).create(DRAFT)).toEqual({
      ok: true,
      subscription: { id: null, clientId: null, url: null, events: null, active: null, createdAt: null },
      secret: null,
      message: null,
    });
  });

  it.each<[string, WebhookSubscription[], string | undefined, number | null]>([
    ['a client with 5 refuses a sixth', ['a', 'b', 'c', 'd', 'e'].map((id) => subscription(id, 'cl_acme_bank')), 'cl_acme_bank', 5],
    ['a client with 4 may have a fifth', ['a', 'b', 'c', 'd'].map((id) => subscription(id, 'cl_acme_bank')), 'cl_acme_bank', null],
    ['other clients’ subscriptions do not count', [...['a', 'b', 'c', 'd', 'e'].map((id) => subscription(id, 'cl_acme')), subscription('f', null)], 'cl_acme_bank', null],
    ['without a client (a one-client key) every listed one counts', ['a', 'b', 'c', 'd', 'e'].map((id) => subscription(id, null)), undefined, 5],
  ])('%s, before anything is sent', async (_name, listed, clientId, refusedAt) => {
    const api = fakeApi(listed);
    const answer = await createWebhookService(api).create({ ...DRAFT, ...(clientId ? { clientId } : { clientId: undefined }) });
    if (refusedAt === null) {
      expect(answer.ok).toBe(true);
      expect(api.createWebhook).toHaveBeenCalledTimes(1);
    } else {
      expect(answer).toEqual({ ok: false, problem: { kind: 'webhook_limit', limit: 5, count: refusedAt }, field: 'clientId' });
      expect(api.createWebhook).not.toHaveBeenCalled();
    }
  });

  it.each<[string, () => Promise<never>]>([
    ['the list fails (500)', () => Promise.reject(new ApiError({ kind: 'server_error', status: 500 }))],
    ['the list has another envelope', () => Promise.reject(new ApiError({ kind: 'unexpected_response', target: 'list' }))],
    ['the list times out', () => Promise.reject(new ApiError({ kind: 'timeout' }))],
  ])('when %s, the create is sent anyway: the service enforces its limit', async (_name, failingList) => {
    const api = { ...fakeApi(), listWebhooks: vi.fn(failingList) };
    const answer = await createWebhookService(api).create(DRAFT);
    expect(answer).toMatchObject({ ok: true, secret: 'whsec_once' });
    expect(api.createWebhook).toHaveBeenCalledTimes(1);
  });

  it('over HTTP: a list in an unknown envelope does not block the create', async () => {
    const { api, requests } = apiWith((request) =>
      request.method === 'GET'
        ? json({ message: 'OK', subscriptions: { count: 2 } })
        : json(
            {
              message: 'Created',
              data: { id: 'wh_9', clientId: 'cl_acme', url: 'https://hooks.example/new', events: ['incident.created'], active: true, createdAt: '2026-01-20T10:00:00.000Z', secret: 'whsec_9' },
            },
            { status: 201 },
          ),
    );
    expect(await createWebhookService(api).create(DRAFT)).toMatchObject({ ok: true, secret: 'whsec_9' });
    expect(requests.map((request) => request.method)).toEqual(['GET', 'POST']);
  });

  it.each<[string, Record<string, unknown>, WebhookProblem, string]>([
    ['no URL', { url: ' ' }, { kind: 'webhook_input', reason: 'url_empty' }, 'url'],
    ['a URL that is not one', { url: 'hooks.example/in' }, { kind: 'webhook_input', reason: 'url_invalid' }, 'url'],
    ['http to another machine', { url: 'http://hooks.example/in' }, { kind: 'webhook_input', reason: 'url_not_https' }, 'url'],
    ['no event', { events: [] }, { kind: 'webhook_input', reason: 'events_empty' }, 'events'],
    ['events that are not a list', { events: 'incident.created' }, { kind: 'webhook_input', reason: 'events_empty' }, 'events'],
  ])('refuses %s without asking the service', async (_name, change, problem, field) => {
    const api = fakeApi();
    expect(await createWebhookService(api).create({ ...DRAFT, ...change } as typeof DRAFT)).toEqual({ ok: false, problem, field });
    expect(api.listWebhooks).not.toHaveBeenCalled();
    expect(api.createWebhook).not.toHaveBeenCalled();
  });

  it('a count that cannot be read blocks nothing: the create goes, and its own failure is what the page shows', async () => {
    const api = { ...fakeApi(), listWebhooks: vi.fn().mockRejectedValue(new ApiError({ kind: 'network' })), createWebhook: vi.fn().mockRejectedValue(new ApiError({ kind: 'network' })) };
    expect(await createWebhookService(api).create(DRAFT)).toEqual({ ok: false, problem: { kind: 'network' }, field: null });
    expect(api.createWebhook).toHaveBeenCalledTimes(1);
  });
});

describe('through the real client', () => {
  it('a client the key does not hold: the 401 belongs to the client picker', async () => {
    const { api } = apiWith((request) => (request.method === 'GET' ? json({ message: 'OK', data: [] }) : json({ message: 'Unauthorized. Please ensure client ID is valid.' }, { status: 401 })));
    expect(await createWebhookService(api).create({ ...DRAFT, clientId: 'cl_other' })).toEqual({
      ok: false,
      problem: { kind: 'unauthorized', status: 401, serverMessage: 'Unauthorized. Please ensure client ID is valid.', target: 'webhook', clientScoped: true },
      field: 'clientId',
    });
  });

  it.each([
    ['http://127.0.0.1:8080/hooks', 1],
    ['http://localhost/hooks', 1],
    ['http://[::1]:9000/hooks', 1],
    ['https://hooks.example/in', 1],
    ['http://hooks.example/in', 0],
    ['http://127.0.0.1.evil.example/hooks', 0],
  ])('the delivery URL %s is sent (%i) only when https, or http to this machine', async (url, posts) => {
    const { api, requests } = apiWith(() => json({ message: 'OK', data: [] }));
    await createWebhookService(api).create({ url, events: ['webhook.test'] });
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(posts);
  });
});

describe('updating, deleting, testing, rotating', () => {
  it('sends every change in one request, trimmed', async () => {
    const api = fakeApi();
    expect(await createWebhookService(api).update('wh_1', { url: ' https://hooks.example/v2 ', events: ['incident.status_changed'], active: false, description: ' new ' })).toEqual({
      ok: true,
      subscription: null,
      message: 'Updated.',
    });
    expect(api.updateWebhook.mock.calls).toEqual([['wh_1', { url: 'https://hooks.example/v2', events: ['incident.status_changed'], active: false, description: 'new' }]]);
  });

  it('passes on the subscription the service sends back, without a secret', async () => {
    const api = { ...fakeApi(), updateWebhook: vi.fn(async () => ({ subscription: subscription('wh_1', 'cl_acme', { secret: 'whsec_x', active: false }) })) };
    expect(await createWebhookService(api).update('wh_1', { active: false })).toEqual({ ok: true, subscription: subscription('wh_1', 'cl_acme', { active: false }), message: null });
  });

  it('activate sends `active: true` alone, once, and nothing else', async () => {
    const api = fakeApi();
    expect(await createWebhookService(api).activate('wh_1')).toEqual({ ok: true, subscription: null, message: 'Updated.' });
    for (const [name, fn] of Object.entries(api)) expect([name, fn.mock.calls]).toEqual([name, name === 'updateWebhook' ? [['wh_1', { active: true }]] : []]);
  });

  it.each<[string, boolean | null, boolean]>([
    ['active', true, true],
    ['with its state unknown (null is never false)', null, true],
    ['still inactive', false, false],
  ])('activate: a subscription sent back %s (active: %s) succeeds: %s', async (_name, active, succeeded) => {
    const api = { ...fakeApi(), updateWebhook: vi.fn(async () => ({ subscription: subscription('wh_1', 'cl_acme', { secret: 'whsec_x', active }), message: 'Updated.' })) };
    expect(await createWebhookService(api).activate('wh_1')).toEqual(
      succeeded ? { ok: true, subscription: subscription('wh_1', 'cl_acme', { active }), message: 'Updated.' } : { ok: false, problem: { kind: 'webhook_still_inactive' }, field: null },
    );
  });

  it('activate: a refusal of the service is a problem value', async () => {
    const api = { ...fakeApi(), updateWebhook: vi.fn().mockRejectedValue(new ApiError({ kind: 'server_error', status: 503 })) };
    expect(await createWebhookService(api).activate('wh_1')).toEqual({ ok: false, problem: { kind: 'server_error', status: 503 }, field: null });
  });

  it('activate, through the real client: PATCH /v1/webhooks/{id} with {"active":true}', async () => {
    const { api, requests } = apiWith(() => json({ message: 'Webhook subscription updated.', data: subscription('wh 1', 'cl_acme', { active: true }) }));
    expect(await createWebhookService(api).activate('wh 1')).toMatchObject({ ok: true, subscription: { id: 'wh 1', active: true }, message: 'Webhook subscription updated.' });
    expect(requests.map((request) => [request.method, new URL(request.url).pathname])).toEqual([['PATCH', '/v1/webhooks/wh%201']]);
    expect(await requests[0]!.json()).toEqual({ active: true });
  });

  it.each<[string, Record<string, unknown>, WebhookProblem, string]>([
    ['http to another machine', { url: 'http://hooks.example/in' }, { kind: 'webhook_input', reason: 'url_not_https' }, 'url'],
    ['no event left', { events: [] }, { kind: 'webhook_input', reason: 'events_empty' }, 'events'],
    ['an active flag that is not a boolean', { active: 'no' }, { kind: 'webhook_input', reason: 'active_not_boolean' }, 'active'],
  ])('refuses %s and changes nothing', async (_name, changes, problem, field) => {
    const api = fakeApi();
    expect(await createWebhookService(api).update('wh_1', changes)).toEqual({ ok: false, problem, field });
    expect(api.updateWebhook).not.toHaveBeenCalled();
  });

  it.each([
    ['remove', 'deleteWebhook', { ok: true, message: 'Deleted.' }],
    ['test', 'testWebhook', { ok: true, message: 'Test event queued.' }],
    ['rotateSecret', 'rotateWebhookSecret', { ok: true, secret: 'whsec_rotated', message: 'The previous secret no longer verifies deliveries.' }],
  ] as const)('%s calls %s and nothing else', async (method, call, answer) => {
    const api = fakeApi();
    expect(await createWebhookService(api)[method]('wh_1')).toEqual(answer);
    for (const [name, fn] of Object.entries(api)) expect([name, fn.mock.calls]).toEqual([name, name === call ? [['wh_1']] : []]);
  });

  it('an unknown subscription is a not-found problem', async () => {
    const api = { ...fakeApi(), deleteWebhook: vi.fn().mockRejectedValue(new ApiError({ kind: 'not_found', status: 404, target: 'webhook' })) };
    expect(await createWebhookService(api).remove('wh_gone')).toEqual({ ok: false, problem: { kind: 'not_found', status: 404, target: 'webhook' }, field: null });
  });

  it('a rotate answer without a secret is a problem, never a silent success', async () => {
    const api = { ...fakeApi(), rotateWebhookSecret: vi.fn().mockRejectedValue(new ApiError({ kind: 'unexpected_response', target: 'secret' })) };
    expect(await createWebhookService(api).rotateSecret('wh_1')).toEqual({ ok: false, problem: { kind: 'unexpected_response', target: 'secret' }, field: null });
  });
});

describe('which control a refusal belongs to', () => {
  it.each<[WebhookProblem, string | null]>([
    [{ kind: 'webhook_limit', limit: 5, count: 5 }, 'clientId'],
    [{ kind: 'unauthorized', status: 401, clientScoped: true }, 'clientId'],
    [{ kind: 'unauthorized', status: 401 }, null],
    [{ kind: 'invalid_request', refusal: 'webhook_not_https' }, 'url'],
    [{ kind: 'invalid_request', status: 400, serverMessage: 'url must be an HTTPS URL; got "ftp://x".' }, 'url'],
    [{ kind: 'invalid_request', status: 400, serverMessage: 'events may only list incident.created, webhook.test.' }, 'events'],
    [{ kind: 'invalid_request', status: 400, serverMessage: 'Unknown event "x".' }, 'events'],
    [{ kind: 'invalid_request', status: 400, serverMessage: 'active must be true or false.' }, 'active'],
    [{ kind: 'invalid_request', status: 400, serverMessage: 'description is too long.' }, 'description'],
    [{ kind: 'invalid_request', status: 400, serverMessage: 'Bad request.' }, null],
    [{ kind: 'duplicate', status: 409, serverMessage: 'A client can have at most 5 webhook subscriptions; delete one first.' }, null],
  ])('%j → %s', (problem, field) => {
    expect(fieldOfProblem(problem)).toBe(field);
  });
});
