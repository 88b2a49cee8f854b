import { describe, expect, it } from 'vitest';
import { toApiErrorInfo } from '@/utils/api';
import * as sample from './fixtures';
import { apiWith, json, rejectionOf } from './stub-fetch';

// Envelopes the spec does not show are read tolerantly; the items are still parsed strictly.

const clientB = { id: 'client-b', name: 'Bank B', active: false };

describe('whoami', () => {
  it.each<[string, unknown, string | undefined]>([
    ['data as an array of clients', { message: 'OK', data: [sample.client(), clientB] }, undefined],
    ['data.clients', { message: 'OK', data: { key: { name: 'SOC key' }, clients: [sample.client(), clientB] } }, 'SOC key'],
    ['top-level clients', { message: 'OK', clients: [sample.client(), clientB], user: { email: 'soc@bank.example' } }, 'soc@bank.example'],
    ['a bare array body', [sample.client(), clientB], undefined],
  ])('reads %s', async (_name, body, label) => {
    const { api } = apiWith(() => json(body));

    expect(await api.whoami()).toEqual({ clients: [sample.client(), clientB], skipped: 0, ...(label ? { label } : {}) });
  });

  it.each<[string, unknown, unknown]>([
    ['{clientId, clientName} items, active unknown', { data: [{ clientId: 'cl_a', clientName: 'Acme' }] }, { clients: [{ id: 'cl_a', name: 'Acme', active: null }], skipped: 0 }],
    ['{id, name} items', { data: { clients: [{ id: 'cl_a', name: 'Acme' }] } }, { clients: [{ id: 'cl_a', name: 'Acme', active: null }], skipped: 0 }],
    [
      'bare strings',
      { clients: ['Acme', 'Globex'] },
      {
        clients: [
          { id: null, name: 'Acme', active: null },
          { id: null, name: 'Globex', active: null },
        ],
        skipped: 0,
      },
    ],
    ['data.client', { data: { client: { clientId: 'cl_a', clientName: 'Acme', active: false } } }, { clients: [{ id: 'cl_a', name: 'Acme', active: false }], skipped: 0 }],
    ['entries naming nothing, counted', { data: [sample.client(), {}, 42, '  ', { active: true }] }, { clients: [sample.client()], skipped: 4 }],
  ])('reads clients given as %s', async (_name, body, whoami) => {
    const { api } = apiWith(() => json(body));

    expect(await api.whoami()).toEqual(whoami);
  });

  it.each<[string, () => Response]>([
    ['a body that is not JSON', () => new Response('OK', { status: 200 })],
    ['an HTML page', () => new Response('<!doctype html><title>Hi</title>', { status: 200 })],
    ['an empty 204', () => new Response(null, { status: 204 })],
    ['a JSON null', () => json(null)],
    ['a JSON number', () => json(7)],
  ])('never fails on a 2xx: %s lists no clients', async (_name, respond) => {
    const { api } = apiWith(respond);

    expect(await api.whoami()).toEqual({ clients: [], skipped: 0 });
  });

  it('reads data as a single client', async () => {
    const { api } = apiWith(() => json({ message: 'OK', data: sample.client() }));

    expect(await api.whoami()).toEqual({ clients: [sample.client()], skipped: 0 });
  });

  it('skips a malformed client and counts it', async () => {
    const { api } = apiWith(() => json({ data: [sample.client(), { id: 7 }] }));

    expect(await api.whoami()).toEqual({ clients: [sample.client()], skipped: 1 });
  });

  it('lists no clients when a confirmed key comes back with none it can read', async () => {
    const { api } = apiWith(() => json({ message: 'Key is valid.' }));

    expect(await api.whoami()).toEqual({ clients: [], skipped: 0 });
  });
});

describe('lists without a shown envelope', () => {
  it.each<[string, unknown]>([
    ['data array', { message: 'OK', data: [sample.user()] }],
    ['data.items', { message: 'OK', data: { items: [sample.user()] } }],
    ['data.users', { message: 'OK', data: { users: [sample.user()], total: 1 } }],
    ['top-level users', { users: [sample.user()] }],
    ['a bare array', [sample.user()]],
  ])('users in %s', async (_name, body) => {
    const { api } = apiWith(() => json(body));

    expect(await api.listUsers()).toEqual({ items: [sample.user()], skipped: 0 });
  });

  it.each<[string, unknown]>([
    ['data array', { data: [sample.client()] }],
    ['data.clients', { data: { clients: [sample.client()] } }],
    ['a bare array', [sample.client()]],
  ])('clients in %s', async (_name, body) => {
    const { api } = apiWith(() => json(body));

    expect(await api.listClients()).toEqual({ items: [sample.client()], skipped: 0 });
  });

  it('clients are read leniently: a missing or malformed name and active read as null, an item without id is skipped', async () => {
    const { api } = apiWith(() => json({ data: [{ id: 'cl_a' }, { id: 'cl_b', name: 7, active: 'yes' }, { name: 'No id' }, { id: 9 }] }));

    expect(await api.listClients()).toEqual({
      items: [
        { id: 'cl_a', name: null, active: null },
        { id: 'cl_b', name: null, active: null },
      ],
      skipped: 2,
    });
  });

  it.each<[string, unknown]>([
    ['data array', { data: [sample.snapshot()] }],
    ['data.snapshots', { data: { snapshots: [sample.snapshot()] } }],
  ])('snapshots in %s', async (_name, body) => {
    const { api } = apiWith(() => json(body));

    expect(await api.listSnapshots('inc_01HZX')).toEqual({ items: [sample.snapshot()], skipped: 0 });
  });

  it('resolutions in data, with one entry without its id skipped, and one without createdAt kept', async () => {
    const { api } = apiWith(() => json({ message: 'OK', data: [sample.takedownAttempts(), { createdAt: '2026-01-01T00:00:00.000Z' }, { id: 'inc_2', takedownAttempts: [] }] }));

    expect(await api.listResolutions()).toEqual({
      items: [sample.takedownAttempts(), { id: 'inc_2', createdAt: null, takedownAttempts: [] }],
      skipped: 1,
    });
  });

  it('webhooks in data.webhooks', async () => {
    const { secret: _secret, message: _message, ...listed } = sample.webhookSubscription();
    const { api } = apiWith(() => json({ data: { webhooks: [listed] } }));

    expect(await api.listWebhooks()).toEqual({ items: [listed], skipped: 0 });
  });

  it('a list answer with no list in it is unexpected', async () => {
    const { api } = apiWith(() => json({ message: 'OK', data: { total: 0 } }));

    expect(toApiErrorInfo(await rejectionOf(api.listUsers()))).toEqual({ kind: 'unexpected_response', target: 'list' });
  });
});

describe('usage', () => {
  const b = { clientId: 'client-b', clientName: null, remainingCredits: 'unlimited' };

  it.each<[string, unknown, unknown[]]>([
    ['data as one usage', { data: sample.usage() }, [sample.usage()]],
    ['data as a list', { data: [sample.usage(), b] }, [sample.usage(), b]],
    ['data.usage as one', { data: { usage: sample.usage() } }, [sample.usage()]],
    ['data.usage as a list', { data: { usage: [b] } }, [b]],
    ['a bare array', [b], [b]],
  ])('reads %s', async (_name, body, items) => {
    const { api } = apiWith(() => json(body));

    expect(await api.getUsage('client-a')).toEqual({ items, skipped: 0 });
  });
});

describe('documents', () => {
  it('getDocument reads data with the signed URL', async () => {
    const { api } = apiWith(() => json({ message: 'OK', data: sample.accountDocument() }));

    expect(await api.getDocument('doc-1')).toEqual(sample.accountDocument());
  });

  it.each<[string, unknown]>([
    ['data.signedUrl', { message: 'OK', data: { signedUrl: 'https://files.example/x' } }],
    ['data.url', { data: { url: 'https://files.example/x', expiresIn: 60 } }],
    ['top-level signedUrl', { signedUrl: 'https://files.example/x' }],
    ['top-level url', { url: 'https://files.example/x' }],
    ['data as a string', { data: 'https://files.example/x' }],
  ])('getDocumentSignedUrl reads %s', async (_name, body) => {
    const { api } = apiWith(() => json(body));

    expect(await api.getDocumentSignedUrl('doc-1')).toEqual({ url: 'https://files.example/x' });
  });

  it('getDocumentSignedUrl without any URL is unexpected', async () => {
    const { api } = apiWith(() => json({ message: 'OK', data: {} }));

    expect(toApiErrorInfo(await rejectionOf(api.getDocumentSignedUrl('doc-1')))).toEqual({ kind: 'unexpected_response', target: 'download_link' });
  });
});

describe('webhooks and actions', () => {
  it('createWebhook returns the subscription with its one-time secret', async () => {
    const { api } = apiWith(() => json({ message: 'Created.', data: sample.webhookSubscription() }, { status: 201 }));

    expect(await api.createWebhook({ url: 'https://hooks.bank.example/incidents', events: ['incident.created'] })).toEqual(sample.webhookSubscription());
  });

  it.each<[string, unknown]>([
    ['data.secret (the spec)', { message: 'Rotated.', data: { secret: 'whsec_new', message: 'Rotated.' } }],
    ['a top-level secret', { message: 'Rotated.', secret: 'whsec_new' }],
  ])('rotateWebhookSecret reads %s', async (_name, body) => {
    const { api } = apiWith(() => json(body));

    expect(await api.rotateWebhookSecret('wh-1')).toEqual({ secret: 'whsec_new', message: 'Rotated.' });
  });

  it.each<[string, Response, unknown]>([
    ['a message', json({ message: 'Takedown requested.' }), { message: 'Takedown requested.' }],
    ['a message and data', json({ message: 'OK', data: { status: 'takedown_ready' } }), { message: 'OK', data: { status: 'takedown_ready' } }],
    ['an empty body', new Response(null, { status: 204 }), {}],
    ['a message that is not a string', json({ message: 42 }), {}],
  ])('an action answer with %s is read as far as it goes', async (_name, response, expected) => {
    const { api } = apiWith(() => response);

    expect(await api.approveTakedown('inc_1')).toEqual(expected);
  });

  it('updateWebhook returns the subscription when one came back, and the message', async () => {
    const { api } = apiWith(() => json({ message: 'Updated.', data: { ...sample.webhookSubscription(), active: false } }));

    expect(await api.updateWebhook('wh-1', { active: false })).toEqual({
      message: 'Updated.',
      subscription: { ...sample.webhookSubscription(), active: false },
    });
  });

  it('deleteWebhook and testWebhook return the message', async () => {
    const { api } = apiWith(() => json({ message: 'Done.' }));

    expect(await api.deleteWebhook('wh-1')).toEqual({ message: 'Done.' });
    expect(await api.testWebhook('wh-1')).toEqual({ message: 'Done.' });
  });
});
