import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createIncidentApi, DnsInsights, extractServerMessage, readWhoami, readWhoamiClient, toApiErrorInfo, WEBHOOK_DELIVERY_FAILED } from '@/utils/api';
import * as sample from './fixtures';
import { apiWith, json, rejectionOf, stubFetch } from './stub-fetch';

// Edges of the reading and sending rules, one assertion per rule.

const text =
  (body: string, status = 200) =>
  () =>
    new Response(body, { status });

describe('whoami, read in any shape', () => {
  it.each<[string, unknown, unknown]>([
    ['a blank name, then the real one', { id: 'cl_a', name: '  ', clientName: 'Acme' }, { id: 'cl_a', name: 'Acme', active: null }],
    ['a string active, then a boolean one', { id: 'cl_a', name: 'A', active: 'yes', isActive: false }, { id: 'cl_a', name: 'A', active: false }],
    ['a padded bare name', '  Acme  ', { id: null, name: 'Acme', active: null }],
    ['an id alone', { clientId: 'cl_a' }, { id: 'cl_a', name: null, active: null }],
    ['a name alone', { displayName: 'Acme' }, { id: null, name: 'Acme', active: null }],
    ['a blank bare name', '   ', undefined],
    ['null', null, undefined],
    ['a number', 7, undefined],
  ])('%s', (_name, value, client) => {
    expect(readWhoamiClient(value)).toEqual(client);
  });

  const a = { id: 'a', name: 'A', active: null };
  it.each<[string, unknown, unknown]>([
    ['clients in data.clients', { data: { clients: [{ id: 'a', name: 'A' }] } }, { clients: [a], skipped: 0 }],
    ['clients as the data array', { data: [{ clientId: 'a', clientName: 'A' }, 'B'] }, { clients: [a, { id: null, name: 'B', active: null }], skipped: 0 }],
    ['clients at the top', { message: 'OK', clients: [{ id: 'a', name: 'A' }] }, { clients: [a], skipped: 0 }],
    ['one client in data.client', { data: { client: { id: 'b', name: 'B', active: true } } }, { clients: [{ id: 'b', name: 'B', active: true }], skipped: 0 }],
    ['a data.client that names nothing', { data: { client: {} } }, { clients: [], skipped: 1 }],
    ['the client itself', { data: { id: 'c', name: 'C' } }, { clients: [{ id: 'c', name: 'C', active: null }], skipped: 0 }],
    ['a client object at the top', { clientId: 'c', clientName: 'C', isActive: true }, { clients: [{ id: 'c', name: 'C', active: true }], skipped: 0 }],
    ['entries naming nothing are counted', { clients: [{ id: 'a', name: 'A' }, { active: true }, 5, ''] }, { clients: [a], skipped: 3 }],
    ['a label only', { data: { label: 'Key 1' } }, { clients: [], skipped: 0, label: 'Key 1' }],
    ['null', null, { clients: [], skipped: 0 }],
    ['no JSON at all', undefined, { clients: [], skipped: 0 }],
  ])('%s', (_name, body, whoami) => {
    expect(readWhoami(body)).toEqual(whoami);
  });

  it('reads a label from where it may be', () => {
    expect(readWhoami({ data: { user: { email: 'soc@acme.example' } } }).label).toBe('soc@acme.example');
    expect(readWhoami({ data: { apiKey: { label: 'CI key' } }, clients: [] }).label).toBe('CI key');
  });
});

describe('documents', () => {
  it.each<[string, unknown, string]>([
    ['an empty signedUrl falls through to url', { data: { signedUrl: '', url: 'https://files.example/2' } }, 'https://files.example/2'],
    ['data as the link', { data: 'https://files.example/3' }, 'https://files.example/3'],
    ['a top-level signedUrl', { signedUrl: 'https://files.example/4' }, 'https://files.example/4'],
  ])('the signed link: %s', async (_name, body, url) => {
    const { api } = apiWith(() => json(body));
    expect(await api.getDocumentSignedUrl('doc_1')).toEqual({ url });
  });

  it('no link at all is an unreadable download link', async () => {
    const { api } = apiWith(() => json({ data: { expiresIn: 60 } }));
    expect(toApiErrorInfo(await rejectionOf(api.getDocumentSignedUrl('doc_1')))).toEqual({ kind: 'unexpected_response', target: 'download_link' });
  });

  it.each([
    ['getDocument', (api: ReturnType<typeof apiWith>['api']) => api.getDocument('doc_1')],
    ['getDocumentSignedUrl', (api: ReturnType<typeof apiWith>['api']) => api.getDocumentSignedUrl('doc_1')],
  ])('%s: a 404 names the document', async (_name, call) => {
    const { api } = apiWith(() => json({ message: 'Document not found.' }, { status: 404 }));
    expect(toApiErrorInfo(await rejectionOf(call(api)))).toEqual({ kind: 'not_found', status: 404, serverMessage: 'Document not found.', target: 'document' });
  });

  it('a document without an id is unreadable', async () => {
    const { api } = apiWith(() => json({ data: { docType: 'loa' } }));
    expect(toApiErrorInfo(await rejectionOf(api.getDocument('doc_1')))).toEqual({ kind: 'unexpected_response', target: 'document' });
  });

  it('documents in data.documents', async () => {
    const { api } = apiWith(() => json({ data: { documents: [sample.accountDocument()] } }));
    expect(await api.listDocuments()).toEqual({ items: [sample.accountDocument()], skipped: 0, paging: undefined });
  });

  it('a page of only unreadable items still goes on; the next page number follows the service', async () => {
    const pages = [
      json({ data: [{ id: 'ok' }, { docType: 'no id' }], paging: { page: 4, hasMore: true } }),
      json({ data: [{ docType: 'no id' }], paging: { page: 5, hasMore: true } }),
      json({ data: [], paging: { page: 6, hasMore: true } }),
    ];
    const { api, requests } = apiWith((_request, index) => pages[index]!);
    for await (const _page of api.iterateDocuments()) {
      // read them all
    }
    expect(requests.map((request) => new URL(request.url).search)).toEqual(['?page=1', '?page=5', '?page=6']);
  });
});

describe('lists and envelopes', () => {
  it.each<[string, (api: ReturnType<typeof apiWith>['api']) => Promise<unknown>, unknown, unknown]>([
    [
      'incidents in data.incidents, only the id known',
      (api) => api.listIncidents(),
      { data: { incidents: [{ id: 'inc_1' }] } },
      {
        items: [{ id: 'inc_1', safeDomain: null, incidentType: null, source: null, status: null, timestamp: null, incidentClass: null }],
        skipped: 0,
        paging: undefined,
      },
    ],
    [
      'resolutions in data.resolutions, only the id known',
      (api) => api.listResolutions(),
      { data: { resolutions: [{ id: 'inc_1' }] } },
      { items: [{ id: 'inc_1', createdAt: null, takedownAttempts: null }], skipped: 0 },
    ],
  ])('%s', async (_name, call, body, read) => {
    const { api } = apiWith(() => json(body));
    expect(await call(api)).toEqual(read);
  });

  it('listResolutions sends the query it is given', async () => {
    const { api, requests } = apiWith(() => json({ data: [] }));
    await api.listResolutions({ clientId: 'cl_a', limit: 10 });
    expect(new URL(requests[0]!.url).search).toBe('?clientId=cl_a&limit=10');
  });

  it('a JSON null body is not a list', async () => {
    const { api } = apiWith(() => json(null));
    expect(toApiErrorInfo(await rejectionOf(api.listClients()))).toEqual({ kind: 'unexpected_response', target: 'list' });
  });

  it('iterating a list without a paging block reads one page', async () => {
    const { api, requests } = apiWith(() => json({ data: [{ id: 'a' }] }));
    const pages = [];
    for await (const page of api.iterateIncidents()) pages.push(page);
    expect(pages).toEqual([{ items: [{ id: 'a', safeDomain: null, incidentType: null, source: null, status: null, timestamp: null, incidentClass: null }], skipped: 0, paging: undefined }]);
    expect(requests).toHaveLength(1);
  });

  it('snapshots: a 404 names the incident', async () => {
    const { api } = apiWith(text('', 404));
    expect(toApiErrorInfo(await rejectionOf(api.listSnapshots('inc_1')))).toEqual({ kind: 'not_found', status: 404, target: 'incident' });
  });

  it('a subject lookup whose answer has no id is unreadable', async () => {
    const { api } = apiWith(() => json({ data: { subject: 'x.example' } }));
    expect(toApiErrorInfo(await rejectionOf(api.getIncidentBySubject('x.example')))).toEqual({ kind: 'unexpected_response', target: 'incident' });
  });

  it('a whitespace body is empty, not malformed JSON', async () => {
    const { api } = apiWith(text('  \n '));
    expect(toApiErrorInfo(await rejectionOf(api.getIncident('inc_1')))).toEqual({ kind: 'unexpected_response', target: 'incident' });
  });

  it('DNS counts drop the entries that are not numbers, keys and all', () => {
    expect(DnsInsights.parse({ recordTypes: [], recordCounts: { A: 1, MX: 'x' } })).toStrictEqual({ recordTypes: [], recordCounts: { A: 1 } });
  });

  it('knows the one delivery status the spec names', () => {
    expect(WEBHOOK_DELIVERY_FAILED).toBe('failed');
  });
});

describe('actions', () => {
  it('any 2xx is success, keeping message and data', async () => {
    const { api } = apiWith(() => json({ message: 'Approved.', data: { status: 'takedown_ready' } }));
    expect(await api.approveTakedown('inc_1')).toEqual({ message: 'Approved.', data: { status: 'takedown_ready' } });
  });

  it('a body that is not JSON is still success', async () => {
    const { api } = apiWith(text('done'));
    expect(await api.markSafe('inc_1')).toEqual({});
  });

  it('a 404 names the incident', async () => {
    const { api } = apiWith(text('', 404));
    expect(toApiErrorInfo(await rejectionOf(api.requestTakedown('inc_1')))).toEqual({ kind: 'not_found', status: 404, target: 'incident' });
  });

  it('a comment that is not a string is refused', async () => {
    const { api, requests } = apiWith(() => json({}));
    expect(toApiErrorInfo(await rejectionOf(api.commentOnIncident('inc_1', null as unknown as string)))).toEqual({
      kind: 'invalid_request',
      refusal: 'empty_comment',
    });
    expect(requests).toHaveLength(0);
  });

  it('a null action body names no client', async () => {
    const { api } = apiWith(() => json({}, { status: 401 }));
    expect(toApiErrorInfo(await rejectionOf(api.requestTakedown('inc_1', null as never)))).toEqual({ kind: 'unauthorized', status: 401, target: 'incident' });
  });

  it('a 500 naming a client is not a client refusal', async () => {
    const { api } = apiWith(() => json({}, { status: 500 }));
    expect(toApiErrorInfo(await rejectionOf(api.listIncidents({ clientId: 'cl_a' })))).toEqual({ kind: 'server_error', status: 500 });
  });
});

describe('reports, at the edges', () => {
  it('a field that is not a string is not sent', async () => {
    const { api, requests } = apiWith(() => json({ id: 'inc_1' }));
    await api.reportForTakedown({ url: 'x.example', subject: null as unknown as string, reportedBy: 5 as unknown as string });
    expect(await requests[0]!.json()).toEqual({ url: 'x.example' });
  });

  it('a multipart report answered with text is received, id unconfirmed', async () => {
    const { api } = apiWith(text('Stored'));
    const outcome = await api.reportForTakedown({ url: 'x.example', attachments: [new File(['x'], 'a.png', { type: 'image/png' })] });
    expect(outcome).toEqual({ status: 'unconfirmed', httpStatus: 200 });
  });

  it('attach keeps the id the service answered with', async () => {
    const { api } = apiWith(() => json({ id: 'inc_canonical' }));
    expect(await api.attachFiles('inc_alias', [new File(['x'], 'a.png', { type: 'image/png' })])).toEqual({ id: 'inc_canonical' });
  });

  it('uploads use the upload timeout the caller gives', async () => {
    const slow = () => new Promise<Response>((resolve) => setTimeout(() => resolve(json({ id: 'inc_1' })), 200));
    const { api } = apiWith(slow, { timeoutMs: 5_000, uploadTimeoutMs: 50 });
    const error = await rejectionOf(api.reportForTakedown({ url: 'x.example', attachments: [new File(['x'], 'a.png', { type: 'image/png' })] }));
    expect(toApiErrorInfo(error)).toEqual({ kind: 'timeout', timeoutSeconds: 1 });
  });
});

describe('the request layer', () => {
  it('keeps the cause of a network failure', async () => {
    const failure = new TypeError('Failed to fetch');
    const { fetch } = stubFetch(() => Promise.reject(failure));
    const error = await rejectionOf(createIncidentApi({ baseUrl: 'https://api.example', apiKey: 'k', fetch }).whoami());
    expect(toApiErrorInfo(error)).toEqual({ kind: 'network' });
    expect((error as Error).cause).toBe(failure);
  });

  it('a GET carries no body and no content type; a JSON body says it is JSON', async () => {
    const { api, requests } = apiWith(() => json({ message: 'OK', data: [] }));
    await api.listIncidents();
    await api.commentOnIncident('inc_1', 'Seen again.').catch(() => undefined);
    expect(requests[0]!.headers.get('content-type')).toBeNull();
    expect(await requests[0]!.text()).toBe('');
    expect(requests[1]!.headers.get('content-type')).toBe('application/json');
  });

  it('runs zod without eval, as extension pages require', () => {
    expect(z.config().jitless).toBe(true);
  });
});

describe('server words, at the edges', () => {
  it.each<[string, unknown, string, string | undefined]>([
    ['runs of white space fold to one', { message: 'subject  is\n\tinvalid' }, '', 'subject is invalid'],
    ['exactly 300 characters stay whole', { message: 'y'.repeat(300) }, '', 'y'.repeat(300)],
    ['a tag-like word inside a sentence is text', { message: 'Value <body is not allowed' }, '', 'Value <body is not allowed'],
    ['items that are not words are skipped', { message: [42, 'url is required', null] }, '', 'url is required'],
    ['a list with no words has none', { errors: [1, 2] }, '', undefined],
    ['a padded plain text body', undefined, `${'z'.repeat(298)}   \n`, 'z'.repeat(298)],
    ['a plain text body of 300 characters', undefined, 'w'.repeat(300), 'w'.repeat(300)],
    ['a plain text body over 300 characters is not a message', undefined, 'v'.repeat(301), undefined],
  ])('%s', (_name, body, raw, expected) => {
    expect(extractServerMessage(body, raw)).toBe(expected);
  });
});
