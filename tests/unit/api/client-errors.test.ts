import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorInfo, type IncidentApi } from '@/utils/api';
import { apiWith, json, rejectionOf, type Respond } from './stub-fetch';

type Call = (api: IncidentApi) => Promise<unknown>;
const getIncident: Call = (api) => api.getIncident('inc_1');

async function failure(respond: Respond, call: Call = getIncident, options = {}): Promise<ApiErrorInfo> {
  const { api } = apiWith(respond, options);
  const error = await rejectionOf(call(api));
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).toInfo();
}

const text = (body: string, status: number, headers: Record<string, string> = {}) => () => new Response(body, { status, headers });
const body = (value: unknown, status: number) => () => json(value, { status });

describe('status codes and bodies map to one error kind and a sentence', () => {
  it.each<[string, Respond, Call, Partial<ApiErrorInfo>]>([
    ['401 without clientId', body({ message: 'Unauthorized' }, 401), getIncident, { kind: 'unauthorized', status: 401, message: 'The service rejected the API key. Check it on the options page.', serverMessage: 'Unauthorized' }],
    ['403 as plain text', text('Forbidden', 403), getIncident, { kind: 'unauthorized', status: 403, message: 'The service rejected the API key. Check it on the options page.', serverMessage: 'Forbidden' }],
    ['401 for a clientId in the query', body({ message: 'Unauthorized. Please ensure client ID is valid.' }, 401), (api) => api.listIncidents({ clientId: 'client-z' }), { kind: 'unauthorized', message: expect.stringContaining('not authorised for that client') as string, serverMessage: 'Unauthorized. Please ensure client ID is valid.' }],
    ['401 for a clientId in the report', body({}, 401), (api) => api.reportForTakedown({ url: 'x.example', clientId: 'client-z' }), { kind: 'unauthorized', message: expect.stringContaining('not authorised for that client') as string }],
    ['404 on an incident', text('', 404), getIncident, { kind: 'not_found', status: 404, message: 'No incident with this id was found for your clients.' }],
    ['404 on a subject', text('', 404), (api) => api.getIncidentBySubject('x.example'), { kind: 'not_found', message: 'No incident was found for this subject.' }],
    ['404 on a document', body({ message: 'Document not found.' }, 404), (api) => api.getDocument('d'), { kind: 'not_found', message: 'No document with this id was found for your clients.', serverMessage: 'Document not found.' }],
    ['409', body({ message: 'Incident already exists' }, 409), (api) => api.reportForTakedown({ url: 'x.example' }), { kind: 'duplicate', status: 409, serverMessage: 'Incident already exists' }],
    ['413 with no body', text('', 413), (api) => api.reportForTakedown({ url: 'x.example' }), { kind: 'too_large', status: 413, message: expect.stringContaining('at most 12 files, under 10 MB') as string }],
    ['400 with the offending parameter', body({ message: 'limit must be an integer from 1 to 200' }, 400), (api) => api.listDocuments({ limit: 500 }), { kind: 'invalid_request', status: 400, message: 'The service refused the request: limit must be an integer from 1 to 200' }],
    ['422 with errors[0].message', body({ errors: [{ message: 'subject must be an E.164 phone number' }] }, 422), (api) => api.reportForTakedown({ incidentType: 'phone', subject: '12345' }), { kind: 'invalid_request', message: 'The service refused the request: subject must be an E.164 phone number' }],
    ['400 without a message', text('', 400), getIncident, { kind: 'invalid_request', message: 'The service refused the request as invalid (HTTP 400).' }],
    ['405, another 4xx', body({ error: 'Method not allowed' }, 405), getIncident, { kind: 'invalid_request', status: 405, serverMessage: 'Method not allowed' }],
    ['429 with Retry-After seconds', () => json({ message: 'Too many requests.' }, { status: 429, headers: { 'Retry-After': '7' } }), getIncident, { kind: 'rate_limited', status: 429, retryAfterSeconds: 7, message: 'Too many requests — try again in 7 seconds.' }],
    ['429 without Retry-After', text('', 429), getIncident, { kind: 'rate_limited', message: 'Too many requests — wait a moment and try again.' }],
    ['429 with an unreadable Retry-After', text('', 429, { 'retry-after': 'soon' }), getIncident, { kind: 'rate_limited', message: 'Too many requests — wait a moment and try again.' }],
    ['500', body({ message: 'Internal error' }, 500), getIncident, { kind: 'server_error', status: 500, serverMessage: 'Internal error' }],
    ['502 with an HTML page', text('<html><body>Bad gateway</body></html>', 502), getIncident, { kind: 'server_error', status: 502, message: 'The service had a problem (HTTP 502). Try again in a few minutes.' }],
    ['503', text('', 503), getIncident, { kind: 'server_error', status: 503 }],
    ['200 that is not JSON', text('OK', 200), getIncident, { kind: 'unexpected_response', status: 200, message: 'The service answered with something that is not JSON (HTTP 200). Try again later.' }],
    ['200 with an HTML page', text('<!doctype html><title>Login</title>', 200), (api) => api.listUsers(), { kind: 'unexpected_response' }],
    ['200 with truncated JSON', text('{"data": [', 200), (api) => api.listIncidents(), { kind: 'unexpected_response' }],
    ['200 with the wrong structure', body({ message: 'OK', data: { id: 'inc_1' } }, 200), getIncident, { kind: 'unexpected_response', message: expect.stringContaining('an incident in a form this extension does not understand') as string }],
    ['200 with an empty body', text('', 200), getIncident, { kind: 'unexpected_response' }],
  ])('%s', async (_name, respond, call, expected) => {
    expect(await failure(respond, call)).toMatchObject(expected);
  });

  it('429 with an HTTP-date Retry-After counts the seconds until then', async () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    const info = await failure(text('', 429, { 'retry-after': at }));

    expect(info.retryAfterSeconds).toBeGreaterThanOrEqual(28);
    expect(info.retryAfterSeconds).toBeLessThanOrEqual(30);
  });

  it('the info is plain data that survives structured cloning, without undefined keys', async () => {
    const info = await failure(text('', 404));

    expect(structuredClone(info)).toEqual(info);
    expect(Object.keys(info).sort()).toEqual(['kind', 'message', 'status']);
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

    expect(info).toEqual({ kind: 'timeout', message: 'The service did not answer within 1 second. Try again in a moment.' });
    expect(signal?.aborted).toBe(true);
  });

  it('a body that never ends ends as timeout too', async () => {
    const stalled = () => new Response(new ReadableStream({ start: () => undefined }), { status: 200 });

    expect(await failure(stalled, getIncident, { timeoutMs: 50 })).toMatchObject({ kind: 'timeout' });
  });

  it('uploads get their own, longer timeout', async () => {
    const slow: Respond = () => new Promise((resolve) => setTimeout(() => resolve(json({ message: 'Created', id: 'inc_1' })), 150));
    const { api } = apiWith(slow, { timeoutMs: 50, uploadTimeoutMs: 2_000 });
    const png = new File(['x'], 'a.png', { type: 'image/png' });

    expect(await api.reportForTakedown({ url: 'x.example', attachments: [png] })).toMatchObject({ id: 'inc_1' });
    expect(await rejectionOf(api.reportForTakedown({ url: 'x.example' }))).toMatchObject({ kind: 'timeout' });
  });

  it.each(['fetch failed', 'Failed to fetch', 'NetworkError when attempting to fetch resource.', 'something else'])(
    'a fetch that rejects with TypeError(%j) is a network error',
    async (message) => {
      expect(await failure(() => Promise.reject(new TypeError(message)))).toEqual({
        kind: 'network',
        message: 'Could not reach the service. Check the internet connection and the service URL on the options page.',
      });
    },
  );

  it('nothing is retried automatically', async () => {
    const { api, requests } = apiWith(text('', 503));

    await rejectionOf(api.listIncidents());
    await rejectionOf(api.reportForTakedown({ url: 'x.example' }));

    expect(requests).toHaveLength(2);
  });
});
