import { describe, expect, it } from 'vitest';
import { ApiError, checkAttachments, estimateMultipartBytes, isAcceptedAttachment, toApiErrorInfo, type Attachment } from '@/utils/api';
import { toMultipart } from '@/utils/api/attachments';

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

describe('toMultipart', () => {
  it('leaves out fields without a value, and sends each file with its accepted type', async () => {
    const form = toMultipart({ url: 'x.example', comment: undefined }, [new File(['hello'], 'mail.msg', { type: '' })]);
    expect([...form.keys()]).toEqual(['url', 'attachments']);
    const part = form.get('attachments') as File;
    expect([part.name, part.type, await part.text()]).toEqual(['mail.msg', 'application/vnd.ms-outlook', 'hello']);
  });
});
