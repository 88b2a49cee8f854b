import { describe, expect, it } from 'vitest';
import { ApiError, toApiErrorInfo, type ApiErrorInfo, type IncidentApi } from '@/utils/api';
import { apiWith, json, rejectionOf, type Respond } from './stub-fetch';

type Call = (api: IncidentApi) => Promise<unknown>;
const getIncident: Call = (api) => api.getIncident('inc_1');

async function failure(respond: Respond, call: Call = getIncident, options = {}): Promise<ApiErrorInfo> {
  const { api } = apiWith(respond, options);
  const error = await rejectionOf(call(api));
  expect(error).toBeInstanceOf(ApiError);
  return toApiErrorInfo(error);
}

const text =
  (body: string, status: number, headers: Record<string, string> = {}) =>
  () =>
    new Response(body, { status, headers });
const body = (value: unknown, status: number) => () => json(value, { status });

describe('status codes and bodies map to one error kind and its facts', () => {
  it.each<[string, Respond, Call, ApiErrorInfo]>([
    ['401 without clientId', body({ message: 'Unauthorized' }, 401), getIncident, { kind: 'unauthorized', status: 401, serverMessage: 'Unauthorized', target: 'incident' }],
    ['403 as plain text', text('Forbidden', 403), getIncident, { kind: 'unauthorized', status: 403, serverMessage: 'Forbidden', target: 'incident' }],
    [
      '401 for a clientId in the query',
      body({ message: 'Unauthorized. Please ensure client ID is valid.' }, 401),
      (api) => api.listIncidents({ clientId: 'client-z' }),
      { kind: 'unauthorized', status: 401, clientScoped: true, serverMessage: 'Unauthorized. Please ensure client ID is valid.' },
    ],
    [
      '401 for a clientId in the report',
      body({}, 401),
      (api) => api.reportForTakedown({ url: 'x.example', clientId: 'client-z' }),
      { kind: 'unauthorized', status: 401, clientScoped: true, target: 'report' },
    ],
    [
      '401 for a clientId in a multipart report',
      body({}, 401),
      (api) => api.reportForTakedown({ url: 'x.example', clientId: 'client-z', attachments: [new File(['x'], 'a.png', { type: 'image/png' })] }),
      { kind: 'unauthorized', status: 401, clientScoped: true, target: 'report' },
    ],
    ['401 for a report without clientId', body({}, 401), (api) => api.reportForTakedown({ url: 'x.example' }), { kind: 'unauthorized', status: 401, target: 'report' }],
    ['404 on an incident', text('', 404), getIncident, { kind: 'not_found', status: 404, target: 'incident' }],
    ['404 on a subject', text('', 404), (api) => api.getIncidentBySubject('x.example'), { kind: 'not_found', status: 404, target: 'subject' }],
    ['404 on a document', body({ message: 'Document not found.' }, 404), (api) => api.getDocument('d'), { kind: 'not_found', status: 404, serverMessage: 'Document not found.', target: 'document' }],
    ['404 on a webhook', text('', 404), (api) => api.deleteWebhook('wh_1'), { kind: 'not_found', status: 404, target: 'webhook' }],
    [
      '409',
      body({ message: 'Incident already exists' }, 409),
      (api) => api.reportForTakedown({ url: 'x.example' }),
      { kind: 'duplicate', status: 409, serverMessage: 'Incident already exists', target: 'report' },
    ],
    ['413 with no body', text('', 413), (api) => api.reportForTakedown({ url: 'x.example' }), { kind: 'too_large', status: 413, target: 'report' }],
    [
      '400 with the offending parameter',
      body({ message: 'limit must be an integer from 1 to 200' }, 400),
      (api) => api.listDocuments({ limit: 500 }),
      { kind: 'invalid_request', status: 400, serverMessage: 'limit must be an integer from 1 to 200' },
    ],
    [
      '422 with errors[0].message',
      body({ errors: [{ message: 'subject must be an E.164 phone number' }] }, 422),
      (api) => api.reportForTakedown({ incidentType: 'phone', subject: '12345' }),
      { kind: 'invalid_request', status: 422, serverMessage: 'subject must be an E.164 phone number', target: 'report' },
    ],
    ['400 without a message', text('', 400), getIncident, { kind: 'invalid_request', status: 400, target: 'incident' }],
    ['405, another 4xx', body({ error: 'Method not allowed' }, 405), getIncident, { kind: 'invalid_request', status: 405, serverMessage: 'Method not allowed', target: 'incident' }],
    [
      '429 with Retry-After seconds',
      () => json({ message: 'Too many requests.' }, { status: 429, headers: { 'Retry-After': '7' } }),
      getIncident,
      { kind: 'rate_limited', status: 429, retryAfterSeconds: 7, serverMessage: 'Too many requests.', target: 'incident' },
    ],
    ['429 without Retry-After', text('', 429), getIncident, { kind: 'rate_limited', status: 429, target: 'incident' }],
    ['429 with an unreadable Retry-After', text('', 429, { 'retry-after': 'soon' }), getIncident, { kind: 'rate_limited', status: 429, target: 'incident' }],
    ['a Retry-After on a 503 is not a rate limit', text('', 503, { 'retry-after': '5' }), getIncident, { kind: 'server_error', status: 503, target: 'incident' }],
    ['500', body({ message: 'Internal error' }, 500), getIncident, { kind: 'server_error', status: 500, serverMessage: 'Internal error', target: 'incident' }],
    ['502 with an HTML page', text('<html><body>Bad gateway</body></html>', 502), getIncident, { kind: 'server_error', status: 502, target: 'incident' }],
    ['503', text('', 503), getIncident, { kind: 'server_error', status: 503, target: 'incident' }],
    ['a 3xx that is not followed', () => new Response(null, { status: 304 }), getIncident, { kind: 'unexpected_response', status: 304, target: 'incident' }],
    ['200 that is not JSON', text('OK', 200), getIncident, { kind: 'unexpected_response', status: 200, refusal: 'not_json', target: 'incident' }],
    ['200 with an HTML page', text('<!doctype html><title>Login</title>', 200), (api) => api.listUsers(), { kind: 'unexpected_response', status: 200, refusal: 'not_json' }],
    ['200 with truncated JSON', text('{"data": [', 200), (api) => api.listIncidents(), { kind: 'unexpected_response', status: 200, refusal: 'not_json' }],
    ['200 with an incident without an id', body({ message: 'OK', data: { status: 'closed' } }, 200), getIncident, { kind: 'unexpected_response', target: 'incident' }],
    ['200 with no list', body({ message: 'OK', data: { count: 3 } }, 200), (api) => api.listIncidents(), { kind: 'unexpected_response', target: 'list' }],
    ['200 with an empty body', text('', 200), getIncident, { kind: 'unexpected_response', target: 'incident' }],
  ])('%s', async (_name, respond, call, expected) => {
    expect(await failure(respond, call)).toEqual(expected);
  });

  it('429 with an HTTP-date Retry-After counts the seconds until then', async () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    const info = await failure(text('', 429, { 'retry-after': at }));
    const { retryAfterSeconds, ...rest } = info;

    expect(rest).toEqual({ kind: 'rate_limited', status: 429, target: 'incident' });
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(28);
    expect(retryAfterSeconds).toBeLessThanOrEqual(30);
  });

  it('the info is plain data that survives structured cloning, without undefined keys', async () => {
    const info = await failure(text('', 404));

    expect(structuredClone(info)).toStrictEqual(info);
    expect(info).toStrictEqual({ kind: 'not_found', status: 404, target: 'incident' });
  });
});

describe('a 2xx whose body is not JSON', () => {
  const notJson = text('OK', 200);
  const png = () => new File(['x'], 'a.png', { type: 'image/png' });

  it.each<[string, Call, ApiErrorInfo]>([
    ['getIncident', getIncident, { kind: 'unexpected_response', status: 200, refusal: 'not_json', target: 'incident' }],
    ['getIncidentBySubject', (api) => api.getIncidentBySubject('x.example'), { kind: 'unexpected_response', status: 200, refusal: 'not_json', target: 'subject' }],
    ['listSnapshots', (api) => api.listSnapshots('inc_1'), { kind: 'unexpected_response', status: 200, refusal: 'not_json', target: 'incident' }],
    ['listIncidents', (api) => api.listIncidents(), { kind: 'unexpected_response', status: 200, refusal: 'not_json' }],
    ['listResolutions', (api) => api.listResolutions(), { kind: 'unexpected_response', status: 200, refusal: 'not_json' }],
    ['listClients', (api) => api.listClients(), { kind: 'unexpected_response', status: 200, refusal: 'not_json' }],
    ['listUsers', (api) => api.listUsers(), { kind: 'unexpected_response', status: 200, refusal: 'not_json' }],
    ['getUsage', (api) => api.getUsage(), { kind: 'unexpected_response', status: 200, refusal: 'not_json' }],
    ['listDocuments', (api) => api.listDocuments(), { kind: 'unexpected_response', status: 200, refusal: 'not_json' }],
    ['getDocument', (api) => api.getDocument('d'), { kind: 'unexpected_response', status: 200, refusal: 'not_json', target: 'document' }],
    ['getDocumentSignedUrl', (api) => api.getDocumentSignedUrl('d'), { kind: 'unexpected_response', status: 200, refusal: 'not_json', target: 'document' }],
    ['listWebhooks', (api) => api.listWebhooks(), { kind: 'unexpected_response', status: 200, refusal: 'not_json' }],
    ['rotateWebhookSecret', (api) => api.rotateWebhookSecret('wh_1'), { kind: 'unexpected_response', status: 200, refusal: 'not_json', target: 'webhook' }],
  ])('is unreadable for the ordinary read %s', async (_name, call, expected) => {
    expect(await failure(notJson, call)).toEqual(expected);
  });

  it.each<[string, Call, unknown]>([
    ['whoami', (api) => api.whoami(), { clients: [], skipped: 0 }],
    ['reportForTakedown', (api) => api.reportForTakedown({ url: 'x.example' }), { status: 'unconfirmed', httpStatus: 200 }],
    ['reportForMonitoring', (api) => api.reportForMonitoring({ url: 'x.example' }), { status: 'unconfirmed', httpStatus: 200 }],
    ['attachFiles', (api) => api.attachFiles('inc_1', [png()]), { id: 'inc_1' }],
    ['commentOnIncident', (api) => api.commentOnIncident('inc_1', 'hi'), {}],
    ['requestTakedown', (api) => api.requestTakedown('inc_1'), {}],
    ['moveToMonitoring', (api) => api.moveToMonitoring('inc_1'), {}],
    ['markSafe', (api) => api.markSafe('inc_1'), {}],
    ['approveTakedown', (api) => api.approveTakedown('inc_1'), {}],
    ['createWebhook', (api) => api.createWebhook({ url: 'https://h.example', events: [] }), { id: null, clientId: null, url: null, events: null, active: null, createdAt: null }],
    ['updateWebhook', (api) => api.updateWebhook('wh_1', { active: false }), {}],
    ['deleteWebhook', (api) => api.deleteWebhook('wh_1'), {}],
    ['testWebhook', (api) => api.testWebhook('wh_1'), {}],
  ])('is accepted by %s', async (_name, call, result) => {
    const { api } = apiWith(notJson);

    expect(await call(api)).toEqual(result);
  });
});

describe('network failure and timeouts', () => {
  const hang: Respond = (request) =>
    new Promise((_resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
    });

  it('a request that never answers ends as timeout, and its fetch is aborted', async () => {
    let signal: AbortSignal | undefined;
    const info = await failure((request, index) => ((signal = request.signal), hang(request, index)), getIncident, { timeoutMs: 50 });

    expect(info).toEqual({ kind: 'timeout', timeoutSeconds: 1 });
    expect(signal?.aborted).toBe(true);
  });

  it('a body that never ends ends as timeout too', async () => {
    const stalled = () => new Response(new ReadableStream({ start: () => undefined }), { status: 200 });

    expect(await failure(stalled, getIncident, { timeoutMs: 50 })).toEqual({ kind: 'timeout', timeoutSeconds: 1 });
  });

  it('uploads get their own, longer timeout', async () => {
    const slow: Respond = () => new Promise((resolve) => setTimeout(() => resolve(json({ message: 'Created', id: 'inc_1' })), 150));
    const { api } = apiWith(slow, { timeoutMs: 50, uploadTimeoutMs: 2_000 });
    const png = new File(['x'], 'a.png', { type: 'image/png' });

    expect(await api.reportForTakedown({ url: 'x.example', attachments: [png] })).toEqual({ status: 'reported', id: 'inc_1', message: 'Created' });
    expect(toApiErrorInfo(await rejectionOf(api.reportForTakedown({ url: 'x.example' })))).toEqual({ kind: 'timeout', timeoutSeconds: 1 });
  });

  it.each(['fetch failed', 'Failed to fetch', 'NetworkError when attempting to fetch resource.', 'something else'])('a fetch that rejects with TypeError(%j) is a network error', async (message) => {
    expect(await failure(() => Promise.reject(new TypeError(message)))).toEqual({ kind: 'network' });
  });

  it('nothing is retried automatically', async () => {
    const { api, requests } = apiWith(text('', 503));

    await rejectionOf(api.listIncidents());
    await rejectionOf(api.reportForTakedown({ url: 'x.example' }));

    expect(requests).toHaveLength(2);
  });
});
