import { describe, expect, it } from 'vitest';
import { toApiErrorInfo } from '@/utils/api';
import * as sample from './fixtures';
import { apiWith, json, rejectionOf } from './stub-fetch';

const text =
  (body: string, status = 200) =>
  () =>
    new Response(body, { status });

describe('creating a webhook keeps the secret whatever sits beside it', () => {
  it.each<[string, () => Response, Record<string, unknown>]>([
    ['the spec’s answer', () => json({ message: 'Created.', data: sample.webhookSubscription() }, { status: 201 }), sample.webhookSubscription()],
    [
      'a missing clientId and a null description',
      () => json({ data: { ...sample.webhookSubscription(), clientId: undefined, description: null } }, { status: 201 }),
      { ...sample.webhookSubscription(), clientId: null, description: undefined },
    ],
    [
      'no id, and events that are not a list',
      () => json({ data: { secret: 'whsec_9', events: 'all' } }, { status: 201 }),
      { secret: 'whsec_9', id: null, clientId: null, url: null, events: null, active: null, createdAt: null },
    ],
    [
      'the secret and message at the top',
      () => json({ message: 'Keep it.', secret: 'whsec_top', data: { id: 'wh_2' } }, { status: 201 }),
      { id: 'wh_2', secret: 'whsec_top', message: 'Keep it.', clientId: null, url: null, events: null, active: null, createdAt: null },
    ],
    [
      'a secret in data beats one at the top',
      () => json({ secret: 'whsec_top', data: { id: 'wh_3', secret: 'whsec_data', message: 'From data.' } }, { status: 201 }),
      { id: 'wh_3', secret: 'whsec_data', message: 'From data.', clientId: null, url: null, events: null, active: null, createdAt: null },
    ],
    ['a missing id alone', () => json({ data: { ...sample.webhookSubscription(), id: undefined } }, { status: 201 }), { ...sample.webhookSubscription(), id: null }],
    [
      'a secret at the top beside a data that is not an object',
      () => json({ secret: 'whsec_top', data: 'created' }, { status: 201 }),
      { secret: 'whsec_top', id: null, clientId: null, url: null, events: null, active: null, createdAt: null },
    ],
    [
      'a malformed description and lastDeliveryStatus',
      () => json({ data: { ...sample.webhookSubscription(), description: 7, lastDeliveryStatus: 5 } }, { status: 201 }),
      { ...sample.webhookSubscription(), description: undefined },
    ],
    ['a bare subscription body', () => json({ ...sample.webhookSubscription() }, { status: 201 }), sample.webhookSubscription()],
    ['a body that is not JSON', text('Created', 201), { id: null, clientId: null, url: null, events: null, active: null, createdAt: null }],
    ['a JSON array', () => json(['wh_1']), { id: null, clientId: null, url: null, events: null, active: null, createdAt: null }],
  ])('%s', async (_name, respond, created) => {
    const { api } = apiWith(respond);
    expect(await api.createWebhook({ url: 'https://hooks.bank.example/in', events: ['incident.created'] })).toEqual(created);
  });

  it('sends the body as given', async () => {
    const { api, requests } = apiWith(() => json({ data: sample.webhookSubscription() }));
    await api.createWebhook({ url: 'https://hooks.bank.example/in', events: ['incident.created'], description: 'SOC' });
    expect(await requests[0]!.json()).toEqual({ url: 'https://hooks.bank.example/in', events: ['incident.created'], description: 'SOC' });
  });
});

describe('other webhook calls accept any 2xx', () => {
  it.each([
    ['update', (api: ReturnType<typeof apiWith>['api']) => api.updateWebhook('wh_1', { active: false })],
    ['delete', (api: ReturnType<typeof apiWith>['api']) => api.deleteWebhook('wh_1')],
    ['test', (api: ReturnType<typeof apiWith>['api']) => api.testWebhook('wh_1')],
  ])('%s with a body that is not JSON', async (_name, call) => {
    const { api } = apiWith(text('OK'));
    expect(await call(api)).toEqual({});
  });

  it('update refuses a non-https URL before sending, and sends an https one', async () => {
    const { api, requests } = apiWith(() => json({ message: 'Updated.' }));
    expect(toApiErrorInfo(await rejectionOf(api.updateWebhook('wh_1', { url: 'http://hooks.bank.example/new', active: true })))).toEqual({
      kind: 'invalid_request',
      refusal: 'webhook_not_https',
    });
    expect(requests).toHaveLength(0);
  });

  it('update keeps the message without a subscription when none came back', async () => {
    const { api } = apiWith(() => json({ message: 'Updated.', data: { ok: true } }));
    expect(await api.updateWebhook('wh_1', { active: true })).toEqual({ message: 'Updated.' });
  });

  it('update with an https URL is sent', async () => {
    const { api, requests } = apiWith(() => json({ message: 'Updated.' }));
    await api.updateWebhook('wh_1', { url: 'https://hooks.bank.example/new' });
    expect(await requests[0]!.json()).toEqual({ url: 'https://hooks.bank.example/new' });
  });

  it('a non-string message is not kept', async () => {
    const { api } = apiWith(() => json({ message: 42 }));
    expect(await api.deleteWebhook('wh_1')).toEqual({});
  });
});

describe('rotating a secret', () => {
  it('takes a top-level secret when data has none', async () => {
    const { api } = apiWith(() => json({ message: 'Rotated.', secret: 'whsec_top', data: { note: 'x' } }));
    expect(await api.rotateWebhookSecret('wh_1')).toEqual({ secret: 'whsec_top', message: 'Rotated.' });
  });

  it.each([
    ['no secret at all', () => json({ message: 'Rotated.', data: {} })],
    ['a secret that is not a string', () => json({ data: { secret: 42 } })],
  ])('fails as unexpected_response with %s', async (_name, respond) => {
    const { api } = apiWith(respond);
    expect(toApiErrorInfo(await rejectionOf(api.rotateWebhookSecret('wh_1')))).toEqual({ kind: 'unexpected_response', target: 'secret' });
  });

  it('a rotate answer that is not JSON is an error: the new secret would be lost', async () => {
    const { api } = apiWith(text('rotated'));
    expect(toApiErrorInfo(await rejectionOf(api.rotateWebhookSecret('wh_1')))).toEqual({
      kind: 'unexpected_response',
      status: 200,
      refusal: 'not_json',
      target: 'webhook',
    });
  });
});
