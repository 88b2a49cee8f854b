import { describe, expect, it } from 'vitest';
import { ApiError, checkAttachments, estimateMultipartBytes, isAcceptedAttachment, toApiErrorInfo, type Attachment } from '@/utils/api';
import { toMultipart, type Multipart } from '@/utils/api/attachments';

/** A file as the checks see it, with any type string (File would normalise it). */
const like = (name: string, type: string, size = 10) => ({ name, type, size }) as unknown as Attachment;

function refusal(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return toApiErrorInfo(error);
  }
  return 'accepted';
}

describe('isAcceptedAttachment', () => {
  it.each([
    ['a.png', 'image/png', true],
    ['a.txt', 'text/plain ; charset=utf-8', true],
    ['a.png', ' IMAGE/PNG ', true],
    ['x.pdf', '', true],
    ['x.pdf', 'application/octet-stream', true],
    ['x.pdf', 'Application/Octet-Stream', true],
    ['pdf', '', false],
    ['x.exe', '', false],
    ['x.pdf', 'application/x-msdownload', false],
    ['x.png', 'constructor', false],
    ['archive.tar.pdf', '', true],
    ['x.pdf.exe', '', false],
  ])('%s typed %j → %s', (name, type, accepted) => {
    expect(isAcceptedAttachment(like(name, type))).toBe(accepted);
  });
});

describe('estimateMultipartBytes', () => {
  it('counts a part per field that has a value and per file, with names and sizes', () => {
    // 256 for the body, 256 + 3 + 3 for url=abc, 256 + 3 × 5 + 10 for a.png.
    expect(estimateMultipartBytes({ url: 'abc', comment: undefined }, [like('a.png', 'image/png')])).toBe(799);
    expect(estimateMultipartBytes({}, [])).toBe(256);
    expect(estimateMultipartBytes({ note: 'é' }, [])).toBe(256 + 256 + 4 + 2);
    expect(estimateMultipartBytes({}, [like('ab', 'image/png', 0), like('c', 'image/png', 5)])).toBe(256 + 256 + 6 + 256 + 3 + 5);
  });
});

describe('the 10 MB limit, at its edge', () => {
  // 256 + (256 + 3 × 5) = 527 bytes of overhead for one file named a.pdf.
  it.each([
    [9_999_472, 'accepted'],
    [9_999_473, { kind: 'too_large', refusal: 'too_many_bytes', totalBytes: 10_000_000, limit: 10_000_000 }],
  ])('a file of %d bytes: %j', (size, expected) => {
    expect(refusal(() => checkAttachments([like('a.pdf', 'application/pdf', size)]))).toEqual(expected);
  });

  it('counts the fields sent beside the files', () => {
    expect(refusal(() => checkAttachments([like('a.pdf', 'application/pdf', 9_999_472)], { url: 'x' }))).toMatchObject({ refusal: 'too_many_bytes' });
  });

  it('12 files pass, 13 do not', () => {
    const files = (count: number) => Array.from({ length: count }, () => like('a.png', 'image/png'));
    expect(refusal(() => checkAttachments(files(12)))).toBe('accepted');
    expect(refusal(() => checkAttachments(files(13)))).toEqual({ kind: 'too_large', refusal: 'too_many_files', fileCount: 13, limit: 12 });
  });
});

/** A multipart body read back by fetch's own parser. */
function parsed({ body, type }: Multipart): Promise<FormData> {
  return new Response(body, { headers: { 'content-type': type } }).formData();
}

/** The same entries serialized by fetch itself (Node's undici, the HTML standard's encoding), with `boundary`. */
async function fetchEncoding(fields: Record<string, string>, files: File[], types: string[], boundary: string): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  files.forEach((file, index) => form.append('attachments', new Blob([file], { type: types[index] }), file.name));
  const response = new Response(form);
  const theirs = /boundary=(.+)$/.exec(response.headers.get('content-type') ?? '')![1]!;
  return (await response.text()).replaceAll(theirs, boundary);
}

describe('toMultipart', () => {
  it('leaves out fields without a value, and sends each file with its accepted type', async () => {
    const form = await parsed(toMultipart({ url: 'x.example', comment: undefined }, [new File(['hello'], 'mail.msg', { type: '' })]));
    expect([...form.keys()]).toEqual(['url', 'attachments']);
    const part = form.get('attachments') as File;
    expect([part.name, part.type, await part.text()]).toEqual(['mail.msg', 'application/vnd.ms-outlook', 'hello']);
  });

  it('writes the bytes fetch writes for the same form: line breaks as CRLF, quotes and line breaks in names escaped, UTF-8', async () => {
    const fields = { url: 'https://phish.example/a"b', comment: 'line one\nline two\rthree\r\nfour — ünïcode 🎣', 'odd"\nname\r': 'x' };
    const files = [
      new File([new Uint8Array([0, 255, 13, 10, 45, 45])], 'shot "1"\r\n.png', { type: 'image/png' }),
      new File(['From: a@b.example\r\n'], 'mail.eml', { type: '' }),
      new File(['{}'], 'notes.bin', { type: 'application/x-unknown' }),
    ];
    const multipart = toMultipart(fields, files);
    const boundary = /boundary=(----TakedownReporter[\w-]+)$/.exec(multipart.type)![1]!;
    expect(await multipart.body.text()).toBe(await fetchEncoding(fields, files, ['image/png', 'message/rfc822', 'application/x-unknown'], boundary));
    const form = await parsed(multipart);
    expect(form.get('comment')).toBe('line one\r\nline two\r\nthree\r\nfour — ünïcode 🎣');
    expect(new Uint8Array(await (form.getAll('attachments')[0] as File).arrayBuffer())).toEqual(new Uint8Array([0, 255, 13, 10, 45, 45]));
  });

  it('gives each body a boundary of its own', () => {
    const [first, second] = [toMultipart({ url: 'a' }, []), toMultipart({ url: 'a' }, [])];
    expect(first.type).not.toBe(second.type);
  });
});
