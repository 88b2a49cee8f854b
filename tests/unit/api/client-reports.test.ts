import { describe, expect, it } from 'vitest';
import { ACCEPTED_ATTACHMENT_TYPES, ApiError, attachmentType, toApiErrorInfo, type ApiErrorInfo, type Attachment } from '@/utils/api';
import { apiWith, json, rejectionOf } from './stub-fetch';

const created = () => json({ message: 'Incident created.', id: 'inc_77', url: 'https://dash.example/incidents/inc_77' });
const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('reporting: every 2xx is an outcome, never an error to resend', () => {
  it('returns the id, the dashboard link and the message', async () => {
    const { api, requests } = apiWith(created);

    expect(await api.reportForTakedown({ url: 'https://login-bank.example/verify' })).toEqual({
      status: 'reported',
      id: 'inc_77',
      dashboardUrl: 'https://dash.example/incidents/inc_77',
      message: 'Incident created.',
    });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST https://api.example/v1/incident/tkd']);
    expect(await requests[0]!.json()).toEqual({ url: 'https://login-bank.example/verify' });
  });

  it('monitoring goes to its own endpoint', async () => {
    const { api, requests } = apiWith(created);
    await api.reportForMonitoring({ incidentType: 'email', subject: 'scam@evil.example' });
    expect(requests[0]!.url).toBe('https://api.example/v1/incident/monitor');
    expect(await requests[0]!.json()).toEqual({ incidentType: 'email', subject: 'scam@evil.example' });
  });

  it.each<[string, () => Response, unknown]>([
    ['only a message', () => json({ message: 'This incident may be a duplicate of inc_12.' }), { status: 'possible_duplicate', message: 'This incident may be a duplicate of inc_12.' }],
    ['a null id and url', () => json({ message: 'Maybe a duplicate.', id: null, url: null }), { status: 'possible_duplicate', message: 'Maybe a duplicate.' }],
    ['an empty object', () => json({}), { status: 'possible_duplicate' }],
    [
      'a number id',
      () => json({ message: 'Created.', id: 12345, url: 'https://dash.example/i/12345' }),
      { status: 'unconfirmed', httpStatus: 200, message: 'Created.', rawId: '12345', dashboardUrl: 'https://dash.example/i/12345' },
    ],
    ['an empty id', () => json({ message: 'Created.', id: '' }), { status: 'unconfirmed', httpStatus: 200, message: 'Created.' }],
    ['an object id', () => json({ id: { value: 'inc_1' } }), { status: 'unconfirmed', httpStatus: 200 }],
    ['a url without an id', () => json({ url: 'https://dash.example/i/9' }), { status: 'unconfirmed', httpStatus: 200, dashboardUrl: 'https://dash.example/i/9' }],
    ['a body that is not JSON', () => new Response('OK', { status: 200 }), { status: 'unconfirmed', httpStatus: 200 }],
    ['an empty 201', () => new Response('', { status: 201 }), { status: 'unconfirmed', httpStatus: 201 }],
    ['a JSON array', () => json(['inc_1']), { status: 'unconfirmed', httpStatus: 200 }],
    ['a blank message', () => json({ id: 'inc_2', message: '  ' }), { status: 'reported', id: 'inc_2' }],
  ])('a 2xx with %s', async (_name, respond, outcome) => {
    const { api } = apiWith(respond);
    expect(await api.reportForTakedown({ url: 'x.example' })).toEqual(outcome);
  });

  it('409 is a duplicate, with the server message kept', async () => {
    const { api } = apiWith(() => json({ message: 'Incident already exists.' }, { status: 409 }));
    const error = await rejectionOf(api.reportForTakedown({ url: 'x.example' }));
    expect(toApiErrorInfo(error)).toEqual({ kind: 'duplicate', status: 409, serverMessage: 'Incident already exists.', target: 'report' });
  });

  it('a validation error quotes the service, not "Bad Request"', async () => {
    const { api } = apiWith(() => json({ statusCode: 400, message: ['subject must be a valid E.164 phone number'], error: 'Bad Request' }, { status: 400 }));
    const error = await rejectionOf(api.reportForTakedown({ incidentType: 'phone', subject: '555' }));
    expect(toApiErrorInfo(error)).toEqual({
      kind: 'invalid_request',
      status: 400,
      serverMessage: 'subject must be a valid E.164 phone number',
      target: 'report',
    });
  });
});

describe('what a report sends', () => {
  it.each<[string, string | undefined, Record<string, string>]>([
    ['a comment with text', 'Seen in a campaign', { url: 'x.example', comment: 'Seen in a campaign' }],
    ['an empty comment', '', { url: 'x.example' }],
    ['a blank comment', '  \n ', { url: 'x.example' }],
    ['no comment', undefined, { url: 'x.example' }],
  ])('JSON: %s', async (_name, comment, body) => {
    const { api, requests } = apiWith(created);
    await api.reportForTakedown({ url: 'x.example', ...(comment === undefined ? {} : { comment }) });
    expect(await requests[0]!.json()).toEqual(body);
  });

  it.each<[string, string | undefined, string[]]>([
    ['a comment with text', 'Seen in a campaign', ['url', 'comment', 'attachments']],
    ['an empty comment', '', ['url', 'attachments']],
    ['a blank comment', ' \t\n ', ['url', 'attachments']],
    ['no comment', undefined, ['url', 'attachments']],
  ])('multipart: %s', async (_name, comment, keys) => {
    const { api, requests } = apiWith(created);
    await api.reportForTakedown({ url: 'x.example', ...(comment === undefined ? {} : { comment }), attachments: [file('a.png', 'image/png')] });
    const form = await requests[0]!.formData();
    expect([...form.keys()]).toEqual(keys);
    expect(form.get('comment')).toBe(keys.includes('comment') ? comment : null);
  });

  it('never sends a null comment, in JSON or multipart', async () => {
    const { api, requests } = apiWith(created);
    const nullComment = { url: 'x.example', comment: null as unknown as string, clientId: undefined };
    await api.reportForTakedown(nullComment);
    await api.reportForTakedown({ ...nullComment, attachments: [file('a.png', 'image/png')] });
    expect(await requests[0]!.json()).toEqual({ url: 'x.example' });
    const form = await requests[1]!.formData();
    expect([...form.keys()]).toEqual(['url', 'attachments']);
  });

  it('sends files as multipart: other fields present, `attachments` repeated once per file', async () => {
    const { api, requests } = apiWith(created);

    await api.reportForMonitoring({
      url: 'login-bank.example',
      reportedBy: 'soc@bank.example',
      comment: 'Seen in a campaign',
      clientId: undefined,
      attachments: [file('shot.png', 'image/png'), file('mail.eml', 'message/rfc822'), file('notes.txt', 'text/plain')],
    });
    const form = await requests[0]!.formData();

    expect(requests[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect([...form.keys()]).toEqual(['url', 'reportedBy', 'comment', 'attachments', 'attachments', 'attachments']);
    expect(form.get('url')).toBe('login-bank.example');
    expect(form.get('comment')).toBe('Seen in a campaign');
    expect(form.getAll('attachments').map((part) => (part as File).name)).toEqual(['shot.png', 'mail.eml', 'notes.txt']);
  });

  it('a report without attachments sends JSON even when the list is empty', async () => {
    const { api, requests } = apiWith(created);
    await api.reportForTakedown({ url: 'x.example', attachments: [] });
    expect(requests[0]!.headers.get('content-type')).toBe('application/json');
  });
});

describe('attach', () => {
  it('attaches files to an existing incident as multipart and returns its id', async () => {
    const { api, requests } = apiWith(() => json({ message: 'Files uploaded.', id: 'inc/1' }));

    const result = await api.attachFiles('inc/1', [file('a.pdf', 'application/pdf'), file('b.pdf', 'application/pdf')]);
    const form = await requests[0]!.formData();

    expect(result).toEqual({ id: 'inc/1', message: 'Files uploaded.' });
    expect(requests[0]!.url).toBe('https://api.example/v1/incident/inc%2F1/attach');
    expect(form.getAll('attachments')).toHaveLength(2);
  });

  it.each<[string, () => Response, unknown]>([
    ['no id in the answer', () => json({ message: 'Stored.' }), { id: 'inc_1', message: 'Stored.' }],
    ['a number id', () => json({ id: 5 }), { id: 'inc_1' }],
    ['a body that is not JSON', () => new Response('stored', { status: 200 }), { id: 'inc_1' }],
  ])('any 2xx is success: %s', async (_name, respond, result) => {
    const { api } = apiWith(respond);
    expect(await api.attachFiles('inc_1', [file('a.png', 'image/png')])).toEqual(result);
  });

  it('404 names the incident', async () => {
    const { api } = apiWith(() => json({ message: 'Not found' }, { status: 404 }));
    const error = await rejectionOf(api.attachFiles('inc_9', [file('a.png', 'image/png')]));
    expect(toApiErrorInfo(error)).toEqual({ kind: 'not_found', status: 404, serverMessage: 'Not found', target: 'incident' });
  });
});

describe('client-side attachment checks, before anything is sent', () => {
  const many = (count: number) => Array.from({ length: count }, (_, index) => file(`shot-${index}.png`, 'image/png'));

  // Sizes as sent: 256 for the body, 256 + 3 + 9 for url=x.example, 256 + 3 × name length + size per file.
  it.each<[string, Attachment[], ApiErrorInfo]>([
    ['13 files', many(13), { kind: 'too_large', refusal: 'too_many_files', fileCount: 13, limit: 12 }],
    [
      '10 MB in total',
      [file('a.pdf', 'application/pdf', 6_000_000), file('b.pdf', 'application/pdf', 4_000_000)],
      { kind: 'too_large', refusal: 'too_many_bytes', totalBytes: 10_001_066, limit: 10_000_000 },
    ],
    ['files that fit only without the multipart overhead', [file('a.pdf', 'application/pdf', 9_999_900)], { kind: 'too_large', refusal: 'too_many_bytes', totalBytes: 10_000_695, limit: 10_000_000 }],
    ['an executable', [file('setup.exe', 'application/x-msdownload')], { kind: 'invalid_request', refusal: 'file_type', fileName: 'setup.exe' }],
    ['a GIF named .png', [file('fake.png', 'image/gif')], { kind: 'invalid_request', refusal: 'file_type', fileName: 'fake.png' }],
    ['an untyped .zip', [file('evidence.zip', '')], { kind: 'invalid_request', refusal: 'file_type', fileName: 'evidence.zip' }],
    ['an octet-stream .gif', [file('anim.gif', 'application/octet-stream')], { kind: 'invalid_request', refusal: 'file_type', fileName: 'anim.gif' }],
    ['a refused file after an accepted one', [file('a.png', 'image/png'), file('b.html', 'text/html')], { kind: 'invalid_request', refusal: 'file_type', fileName: 'b.html' }],
    ['a type named like an object key', [file('x.png', 'constructor')], { kind: 'invalid_request', refusal: 'file_type', fileName: 'x.png' }],
  ])('%s', async (_name, attachments, facts) => {
    const { api, requests } = apiWith(created);

    const error = await rejectionOf(api.reportForTakedown({ url: 'x.example', attachments }));

    expect(error).toBeInstanceOf(ApiError);
    expect(toApiErrorInfo(error)).toEqual(facts);
    expect(requests).toHaveLength(0);
  });

  it.each<[string, Attachment[]]>([
    ['12 files', many(12)],
    ['just under 10 MB with the multipart overhead', [file('a.pdf', 'application/pdf', 9_990_000)]],
  ])('%s is sent', async (_name, attachments) => {
    const { api, requests } = apiWith(created);
    await api.reportForTakedown({ url: 'x.example', attachments });
    expect(requests).toHaveLength(1);
  });

  it('attachFiles with no file asks for one', async () => {
    const { api, requests } = apiWith(created);
    expect(toApiErrorInfo(await rejectionOf(api.attachFiles('inc_1', [])))).toEqual({ kind: 'invalid_request', refusal: 'no_files' });
    expect(requests).toHaveLength(0);
  });
});

// The spec's whole table of accepted types (POST /v1/incident/{id}/attach), written out here
// so a row dropped from the source fails instead of silently shrinking the test.
const SPEC_TABLE: Record<string, string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/jpg': ['.jpg', '.jpeg'],
  'application/pdf': ['.pdf'],
  'message/rfc822': ['.eml'],
  'text/plain': ['.txt'],
  'application/vnd.ms-outlook': ['.msg'],
  'text/csv': ['.csv'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

/** Every type/extension row of the table. */
const TABLE = Object.entries(SPEC_TABLE).flatMap(([type, extensions]) => extensions.map((extension) => [type, extension] as const));

/** The type each extension is sent with when the browser gives none: the table's first type for it. */
const SENT_TYPE: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.pdf': 'application/pdf',
  '.eml': 'message/rfc822',
  '.txt': 'text/plain',
  '.msg': 'application/vnd.ms-outlook',
  '.csv': 'text/csv',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

describe('the accepted types table', () => {
  it('is exactly the spec’s table', () => {
    expect(ACCEPTED_ATTACHMENT_TYPES).toEqual(SPEC_TABLE);
    expect(TABLE).toHaveLength(14);
    expect(new Set(TABLE.map(([, extension]) => extension))).toEqual(new Set(Object.keys(SENT_TYPE)));
  });

  it('sends every row of the table in one multipart request, each part with its name and type', async () => {
    const { api, requests } = apiWith(created);
    const typed = TABLE.map(([type, extension], index) => file(`typed-${index}${extension}`, type));
    const untyped = Object.keys(SENT_TYPE).map((extension) => file(`untyped${extension}`, ''));

    await api.attachFiles('inc_1', typed.slice(0, 6));
    await api.attachFiles('inc_1', typed.slice(6));
    await api.attachFiles('inc_1', untyped);
    const parts = await Promise.all(requests.map(async (request) => (await request.formData()).getAll('attachments') as File[]));

    expect(parts.flat().map((part) => [part.name, part.type])).toEqual([
      ...TABLE.map(([type, extension], index) => [`typed-${index}${extension}`, type]),
      ...Object.entries(SENT_TYPE).map(([extension, type]) => [`untyped${extension}`, type]),
    ]);
  });

  it.each(TABLE)('%s (%s) is accepted and sent with its own type', async (type, extension) => {
    const { api, requests } = apiWith(created);
    await api.reportForTakedown({ url: 'x.example', attachments: [file(`evidence${extension}`, type)] });
    const part = (await requests[0]!.formData()).get('attachments') as File;
    expect(part.name).toBe(`evidence${extension}`);
    expect(part.type).toBe(type);
  });

  it.each(TABLE)('an untyped file named %s → %s is accepted and sent with the table’s type', async (_type, extension) => {
    for (const browserType of ['', 'application/octet-stream']) {
      const { api, requests } = apiWith(created);
      const upper = `EVIDENCE${extension.toUpperCase()}`;
      await api.reportForTakedown({ url: 'x.example', attachments: [file(upper, browserType)] });
      const part = (await requests[0]!.formData()).get('attachments') as File;
      expect(part.name).toBe(upper);
      expect(part.type).toBe(SENT_TYPE[extension]);
      expect(part.size).toBe(10);
    }
  });

  it.each([
    ['a.txt', 'text/plain; charset=utf-8', 'text/plain; charset=utf-8'],
    ['a.jpg', 'image/jpg', 'image/jpg'],
    ['notes', '', ''],
    ['a.gif', 'image/gif', 'image/gif'],
  ])('attachmentType(%s, %j) → %j', (name, type, sent) => {
    expect(attachmentType(file(name, type))).toBe(sent);
  });
});

describe('a report that waits for its caller’s write (`after`)', () => {
  it('leaves only once the write is done', async () => {
    const { api, requests } = apiWith(created);
    let written!: () => void;
    const write = new Promise<void>((resolve) => (written = resolve));
    const outcome = api.reportForTakedown({ url: 'x.example', attachments: [file('a.png', 'image/png')] }, write);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requests).toEqual([]);
    written();
    expect(await outcome).toMatchObject({ status: 'reported', id: 'inc_77' });
    expect(requests).toHaveLength(1);
  });

  it('a write that fails sends nothing, and its error is thrown as it is', async () => {
    const { api, requests } = apiWith(created);
    const full = new DOMException('The disk is full.', 'QuotaExceededError');
    const failure = await api.reportForMonitoring({ url: 'x.example' }, Promise.reject(full)).catch((error: unknown) => error);
    expect(failure).toBe(full);
    expect(requests).toEqual([]);
  });
});
