import { describe, expect, it } from 'vitest';
import { ApiError, type Attachment } from '@/utils/api';
import { apiWith, json, rejectionOf } from './stub-fetch';

const created = () => json({ message: 'Incident created.', id: 'inc_77', url: 'https://dash.example/incidents/inc_77' });
const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('reporting', () => {
  it('returns the id, the dashboard link and the message', async () => {
    const { api } = apiWith(created);

    expect(await api.reportForTakedown({ url: 'https://login-bank.example/verify' })).toEqual({
      id: 'inc_77',
      dashboardUrl: 'https://dash.example/incidents/inc_77',
      message: 'Incident created.',
    });
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
    expect(form.getAll('attachments').map((part) => (part as File).name)).toEqual(['shot.png', 'mail.eml', 'notes.txt']);
  });

  it('attaches files to an existing incident as multipart and returns its id', async () => {
    const { api, requests } = apiWith(() => json({ message: 'Files uploaded.', id: 'inc/1' }));

    const result = await api.attachFiles('inc/1', [file('a.pdf', 'application/pdf'), file('b.pdf', 'application/pdf')]);
    const form = await requests[0]!.formData();

    expect(result).toEqual({ id: 'inc/1', message: 'Files uploaded.' });
    expect(form.getAll('attachments')).toHaveLength(2);
  });

  it('409 is a duplicate, with the server message kept', async () => {
    const { api } = apiWith(() => json({ message: 'Incident already exists.' }, { status: 409 }));

    expect(await rejectionOf(api.reportForTakedown({ url: 'x.example' }))).toMatchObject({
      kind: 'duplicate',
      status: 409,
      serverMessage: 'Incident already exists.',
    });
  });

  it.each([
    ['only a message', { message: 'This incident may be a duplicate of inc_12.' }],
    ['an empty id', { message: 'This incident may be a duplicate of inc_12.', id: '' }],
    ['a null id', { message: 'This incident may be a duplicate of inc_12.', id: null, url: null }],
  ])('200 with %s is a probable duplicate; the message is never read as an id', async (_name, body) => {
    const { api } = apiWith(() => json(body));

    const error = await rejectionOf(api.reportForTakedown({ url: 'x.example' }));

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toInfo()).toEqual({
      kind: 'probable_duplicate',
      status: 200,
      serverMessage: 'This incident may be a duplicate of inc_12.',
      message: expect.stringContaining('may duplicate an existing incident') as string,
    });
  });

  it('a 200 report answer that is not an object is unexpected', async () => {
    const { api } = apiWith(() => json(['inc_1']));

    expect(await rejectionOf(api.reportForTakedown({ url: 'x.example' }))).toMatchObject({ kind: 'unexpected_response' });
  });
});

describe('client-side attachment checks, before anything is sent', () => {
  const many = (count: number) => Array.from({ length: count }, (_, index) => file(`shot-${index}.png`, 'image/png'));

  it.each<[string, string, RegExp, Attachment[]]>([
    ['13 files', 'too_large', /at most 12 files at a time; 13 were chosen/, many(13)],
    ['10 MB in total', 'too_large', /10\.0 MB with the report.*under 10 MB/, [file('a.pdf', 'application/pdf', 6_000_000), file('b.pdf', 'application/pdf', 4_000_000)]],
    ['files that fit only without the multipart overhead', 'too_large', /under 10 MB/, [file('a.pdf', 'application/pdf', 9_999_900)]],
    ['an executable', 'invalid_request', /“setup\.exe” is not a file type the service accepts/, [file('setup.exe', 'application/x-msdownload')]],
    ['a GIF named .png', 'invalid_request', /“fake\.png”/, [file('fake.png', 'image/gif')]],
    ['an untyped .zip', 'invalid_request', /“evidence\.zip”/, [file('evidence.zip', '')]],
  ])('%s → %s', async (_name, kind, message, attachments) => {
    const { api, requests } = apiWith(created);

    const error = await rejectionOf(api.reportForTakedown({ url: 'x.example', attachments }));

    expect(error).toMatchObject({ kind });
    expect((error as ApiError).message).toMatch(message);
    expect(requests).toHaveLength(0);
  });

  it.each<[string, Attachment[]]>([
    ['12 files', many(12)],
    ['an untyped .msg (browsers often know no type for it)', [file('mail.msg', '')]],
    ['an octet-stream .eml', [file('mail.eml', 'application/octet-stream')]],
    ['image/jpg and a type with parameters', [file('a.jpg', 'image/jpg'), file('b.txt', 'text/plain; charset=utf-8')]],
    ['just under 10 MB with the multipart overhead', [file('a.pdf', 'application/pdf', 9_990_000)]],
  ])('%s is sent', async (_name, attachments) => {
    const { api, requests } = apiWith(created);

    await api.reportForTakedown({ url: 'x.example', attachments });

    expect(requests).toHaveLength(1);
  });

  it('attachFiles with no file asks for one', async () => {
    const { api, requests } = apiWith(created);

    expect(await rejectionOf(api.attachFiles('inc_1', []))).toMatchObject({ kind: 'invalid_request', message: 'Choose at least one file to attach.' });
    expect(requests).toHaveLength(0);
  });

  it('a report without attachments sends JSON even when the list is empty', async () => {
    const { api, requests } = apiWith(created);

    await api.reportForTakedown({ url: 'x.example', attachments: [] });

    expect(requests[0]!.headers.get('content-type')).toBe('application/json');
  });
});
