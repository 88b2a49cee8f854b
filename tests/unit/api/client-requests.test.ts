import { describe, expect, it } from 'vitest';
import { toApiErrorInfo, type ApiErrorInfo, type IncidentApi } from '@/utils/api';
import * as sample from './fixtures';
import { apiWith, json, rejectionOf } from './stub-fetch';

const ok = () => json({ message: 'OK', data: sample.detailedIncident() });

describe('request URLs', () => {
  it.each<[string, string, string, (api: IncidentApi) => Promise<unknown>]>([
    ['getIncident with an opaque id', 'GET', '/v1/incident/inc%2F1%20%3F%23%25', (api) => api.getIncident('inc/1 ?#%')],
    ['getIncidentBySubject with a whole URL', 'GET', '/v1/incident/subject/https%3A%2F%2Fevil.example%2Flogin%3Fx%3D1%23y', (api) => api.getIncidentBySubject('https://evil.example/login?x=1#y')],
    ['getIncidentBySubject with a phone', 'GET', '/v1/incident/subject/%2B31%206%201234%205678', (api) => api.getIncidentBySubject('+31 6 1234 5678')],
    ['getIncidentBySubject with an email', 'GET', '/v1/incident/subject/ceo%40bank.example', (api) => api.getIncidentBySubject('ceo@bank.example')],
    ['listSnapshots', 'GET', '/v1/incident/a%2Fb/snapshots', (api) => api.listSnapshots('a/b')],
    ['listResolutions', 'GET', '/v1/incidents/resolutions', (api) => api.listResolutions()],
    ['attachFiles', 'POST', '/v1/incident/a%2Fb/attach', (api) => api.attachFiles('a/b', [new File(['x'], 'shot.png', { type: 'image/png' })])],
    ['commentOnIncident', 'POST', '/v1/incident/a%2Fb/comment', (api) => api.commentOnIncident('a/b', 'hi')],
    ['requestTakedown', 'POST', '/v1/incident/a%2Fb/tkd', (api) => api.requestTakedown('a/b')],
    ['moveToMonitoring', 'POST', '/v1/incident/a%2Fb/monitor', (api) => api.moveToMonitoring('a/b')],
    ['markSafe', 'POST', '/v1/incident/a%2Fb/safe', (api) => api.markSafe('a/b')],
    ['approveTakedown', 'POST', '/v1/incident/a%2Fb/approve-takedown', (api) => api.approveTakedown('a/b')],
    ['reportForTakedown', 'POST', '/v1/incident/tkd', (api) => api.reportForTakedown({ url: 'x.example' })],
    ['reportForMonitoring', 'POST', '/v1/incident/monitor', (api) => api.reportForMonitoring({ url: 'x.example' })],
    ['whoami', 'GET', '/v1/whoami', (api) => api.whoami()],
    ['listClients', 'GET', '/v1/clients', (api) => api.listClients()],
    ['listUsers', 'GET', '/v1/users', (api) => api.listUsers()],
    ['getUsage', 'GET', '/v1/usage', (api) => api.getUsage()],
    ['getDocument', 'GET', '/v1/documents/doc%201', (api) => api.getDocument('doc 1')],
    ['getDocumentSignedUrl', 'GET', '/v1/documents/doc%2F1/signed-url', (api) => api.getDocumentSignedUrl('doc/1')],
    ['listWebhooks', 'GET', '/v1/webhooks', (api) => api.listWebhooks()],
    ['createWebhook', 'POST', '/v1/webhooks', (api) => api.createWebhook({ url: 'https://h.example', events: [] })],
    ['updateWebhook', 'PATCH', '/v1/webhooks/wh%2F1', (api) => api.updateWebhook('wh/1', { active: false })],
    ['deleteWebhook', 'DELETE', '/v1/webhooks/wh%2F1', (api) => api.deleteWebhook('wh/1')],
    ['testWebhook', 'POST', '/v1/webhooks/wh%2F1/test', (api) => api.testWebhook('wh/1')],
    ['rotateWebhookSecret', 'POST', '/v1/webhooks/wh%2F1/rotate-secret', (api) => api.rotateWebhookSecret('wh/1')],
  ])('%s → %s %s', async (_name, method, path, call) => {
    const { api, requests } = apiWith(() => new Response('{}', { status: 500 }));

    await rejectionOf(call(api));

    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe(method);
    expect(requests[0]?.url).toBe(`https://api.example${path}`);
  });

  it.each([
    ['https://api.example', 'https://api.example/v1/incident/i1'],
    ['https://api.example/', 'https://api.example/v1/incident/i1'],
    ['https://api.example/tenant-a', 'https://api.example/tenant-a/v1/incident/i1'],
    ['https://api.example/tenant-a/', 'https://api.example/tenant-a/v1/incident/i1'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787/v1/incident/i1'],
  ])('base URL %s keeps its path: %s', async (baseUrl, expected) => {
    const { api, requests } = apiWith(ok, { baseUrl });

    await api.getIncident('i1');

    expect(requests[0]?.url).toBe(expected);
  });

  it.each<[string, (api: IncidentApi) => Promise<unknown>, ApiErrorInfo]>([
    ['an empty id', (api) => api.getIncident(''), { kind: 'invalid_request', refusal: 'missing_id' }],
    ['a blank id', (api) => api.markSafe('  '), { kind: 'invalid_request', refusal: 'missing_id' }],
    ['the id "."', (api) => api.getIncident('.'), { kind: 'invalid_request', refusal: 'dot_segment' }],
    ['the id ".."', (api) => api.attachFiles('..', [new File(['x'], 'a.png', { type: 'image/png' })]), { kind: 'invalid_request', refusal: 'dot_segment' }],
    ['the subject ".."', (api) => api.getIncidentBySubject('..'), { kind: 'invalid_request', refusal: 'dot_segment' }],
    ['the subject "."', (api) => api.getIncidentBySubject('.'), { kind: 'invalid_request', refusal: 'dot_segment' }],
    ['an empty subject', (api) => api.getIncidentBySubject(''), { kind: 'invalid_request', refusal: 'missing_id' }],
    ['snapshots of ".."', (api) => api.listSnapshots('..'), { kind: 'invalid_request', refusal: 'dot_segment' }],
    ['a comment on "."', (api) => api.commentOnIncident('.', 'hi'), { kind: 'invalid_request', refusal: 'dot_segment' }],
    ['a blank document id', (api) => api.getDocument(' '), { kind: 'invalid_request', refusal: 'missing_id' }],
    ['a webhook update of ".."', (api) => api.updateWebhook('..', { active: true }), { kind: 'invalid_request', refusal: 'dot_segment' }],
    ['a secret rotation of "."', (api) => api.rotateWebhookSecret('.'), { kind: 'invalid_request', refusal: 'dot_segment' }],
    ['a webhook id "."', (api) => api.deleteWebhook('.'), { kind: 'invalid_request', refusal: 'dot_segment' }],
    ['a document id ".."', (api) => api.getDocumentSignedUrl('..'), { kind: 'invalid_request', refusal: 'dot_segment' }],
    ['an empty comment', (api) => api.commentOnIncident('i1', ''), { kind: 'invalid_request', refusal: 'empty_comment' }],
    ['a blank comment', (api) => api.commentOnIncident('i1', ' \n '), { kind: 'invalid_request', refusal: 'empty_comment' }],
    ['an http webhook', (api) => api.createWebhook({ url: 'http://h.example/hook', events: [] }), { kind: 'invalid_request', refusal: 'webhook_not_https' }],
    ['a webhook URL that is not a URL', (api) => api.createWebhook({ url: 'h.example/hook', events: [] }), { kind: 'invalid_request', refusal: 'webhook_not_https' }],
    ['an http webhook update', (api) => api.updateWebhook('wh_1', { url: 'http://h.example/hook' }), { kind: 'invalid_request', refusal: 'webhook_not_https' }],
    ['an empty webhook update URL', (api) => api.updateWebhook('wh_1', { url: '' }), { kind: 'invalid_request', refusal: 'webhook_not_https' }],
    ['an ftp webhook', (api) => api.createWebhook({ url: 'ftp://h.example/hook', events: [] }), { kind: 'invalid_request', refusal: 'webhook_not_https' }],
    ['a blank comment of tabs', (api) => api.commentOnIncident('i1', '\t'), { kind: 'invalid_request', refusal: 'empty_comment' }],
  ])('refuses %s without sending anything', async (_name, call, info) => {
    const { api, requests } = apiWith(ok);

    expect(toApiErrorInfo(await rejectionOf(call(api)))).toEqual(info);
    expect(requests).toHaveLength(0);
  });

  it('ids that merely contain dots are sent, encoded', async () => {
    const { api, requests } = apiWith(ok);
    await api.getIncident('...');
    await api.getIncidentBySubject('evil.example');
    expect(requests.map((request) => request.url)).toEqual(['https://api.example/v1/incident/...', 'https://api.example/v1/incident/subject/evil.example']);
  });

  it('refuses a base URL that is not a URL', async () => {
    const { api, requests } = apiWith(ok, { baseUrl: 'api.example' });

    expect(toApiErrorInfo(await rejectionOf(api.getIncident('i1')))).toEqual({ kind: 'invalid_request', refusal: 'invalid_base_url' });
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['returned at once', (credentials: { baseUrl: string; apiKey: string }) => credentials],
    ['behind a promise', async (credentials: { baseUrl: string; apiKey: string }) => credentials],
  ])('reads the credentials (%s) before every request: a changed key or base URL applies to the next one', async (_name, give) => {
    let current = { baseUrl: 'https://a.example/t', apiKey: 'first-key' };
    let reads = 0;
    const { api, requests } = apiWith(ok, {
      credentials: () => {
        reads += 1;
        return give(current);
      },
    });

    await api.getIncident('i1');
    current = { ...current, apiKey: 'second-key' };
    await api.getIncident('i1');
    current = { baseUrl: 'https://b.example/', apiKey: 'third-key' };
    await api.getIncident('i1');

    expect(reads).toBe(3);
    expect(requests.map((request) => [request.url, request.headers.get('x-api-key')])).toEqual([
      ['https://a.example/t/v1/incident/i1', 'first-key'],
      ['https://a.example/t/v1/incident/i1', 'second-key'],
      ['https://b.example/v1/incident/i1', 'third-key'],
    ]);
  });

  it.each([
    ['rejects', (problem: Error) => async () => Promise.reject(problem)],
    [
      'throws',
      (problem: Error) => () => {
        throw problem;
      },
    ],
  ])('an error the credentials function %s reaches the caller unchanged, and nothing is sent', async (_name, make) => {
    const problem = new Error('not connected');
    const { api, requests } = apiWith(ok, { credentials: make(problem) });

    expect(await rejectionOf(api.listClients())).toBe(problem);
    expect(await rejectionOf(api.reportForTakedown({ url: 'x.example' }))).toBe(problem);
    expect(requests).toHaveLength(0);
  });

  it('a base URL read from the credentials that is not a URL is refused without sending', async () => {
    const { api, requests } = apiWith(ok, { credentials: () => ({ baseUrl: 'not a url', apiKey: 'k' }) });

    expect(toApiErrorInfo(await rejectionOf(api.whoami()))).toEqual({ kind: 'invalid_request', refusal: 'invalid_base_url' });
    expect(requests).toHaveLength(0);
  });
});

describe('headers and bodies', () => {
  it('sends the API key in x-api-key on every request, and asks for JSON', async () => {
    const { api, requests } = apiWith(() => json({ message: 'OK', data: [] }));

    await api.listClients();
    await api.listUsers();

    expect(requests.map((request) => request.headers.get('x-api-key'))).toEqual(['key-123', 'key-123']);
    expect(requests[0]?.headers.get('accept')).toBe('application/json');
  });

  it('sends a report without files as JSON, without undefined fields', async () => {
    const { api, requests } = apiWith(() => json({ message: 'Created', id: 'inc_9', url: 'https://dash.example/inc_9' }));

    await api.reportForTakedown({ incidentType: 'phone', subject: '+31612345678', comment: 'Caller claims to be the bank', clientId: undefined });

    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(await requests[0]?.json()).toEqual({ incidentType: 'phone', subject: '+31612345678', comment: 'Caller claims to be the bank' });
  });

  it('sends a comment as {comment}', async () => {
    const { api, requests } = apiWith(() => json({ message: 'Comment added.' }));

    expect(await api.commentOnIncident('i1', 'Still live')).toEqual({ message: 'Comment added.' });
    expect(await requests[0]?.json()).toEqual({ comment: 'Still live' });
  });

  it('sends a webhook patch as given', async () => {
    const { api, requests } = apiWith(() => json({ message: 'Updated.' }));

    await api.updateWebhook('wh-1', { active: false, events: ['incident.created'] });

    expect(await requests[0]?.json()).toEqual({ active: false, events: ['incident.created'] });
  });
});

describe('query parameters', () => {
  const page = () => json({ message: 'OK', data: [], paging: { limit: 2, count: 0, next: null } });

  it.each<[string, (api: IncidentApi) => Promise<unknown>, string]>([
    ['no parameters → no query', (api) => api.listIncidents(), ''],
    ['undefined ones are left out', (api) => api.listIncidents({ status: 'closed', clientId: undefined, limit: 2 }), '?status=closed&limit=2'],
    ['booleans as true/false', (api) => api.listIncidents({ includeTotal: false }), '?includeTotal=false'],
    [
      'dates and cursor are encoded',
      (api) => api.listIncidents({ fromDate: '2026-03-01T00:00:00.000Z', cursor: 'a+b/c', includeTotal: true }),
      '?fromDate=2026-03-01T00%3A00%3A00.000Z&cursor=a%2Bb%2Fc&includeTotal=true',
    ],
    ['document list', (api) => api.listDocuments({ docType: 'loa,file', latestOnly: true, excludeDeleted: false, page: 2 }), '?docType=loa%2Cfile&latestOnly=true&excludeDeleted=false&page=2'],
    ['usage for one client', (api) => api.getUsage('client-b'), '?clientId=client-b'],
    ['usage for all', (api) => api.getUsage(), ''],
  ])('%s', async (_name, call, query) => {
    const { api, requests } = apiWith(page);

    await call(api).catch(() => undefined);

    expect(new URL(requests[0]!.url).search).toBe(query);
  });
});
