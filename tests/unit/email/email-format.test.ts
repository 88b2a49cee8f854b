import { describe, expect, it } from 'vitest';
import { headerBlock, isOleFile, looksLikeEmail, withoutBom } from '@/utils/email/email-format';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('looksLikeEmail', () => {
  it.each([
    ['a header block with From', 'From: a@b.example\r\nSubject: hi\r\n\r\nbody', true],
    ['LF line ends', 'Subject: hi\n\nbody', true],
    ['Received first, the key field later', 'Received: from x by y; Tue, 5 Mar 2024 09:14:05 +0000\r\nX-Any: 1\r\nMessage-ID: <a@b>\r\n\r\n', true],
    ['field names in any case, a blank before the colon (obsolete syntax)', 'mime-version : 1.0\r\n\r\n', true],
    ['an mbox "From " line first', 'From someone@b.example Tue Mar  5 10:00:00 2024\nDate: Tue, 5 Mar 2024 10:00:00 +0000\n\n', true],
    ['headers and no body', 'From: a@b.example', true],
    ['a header-shaped first line but none of the fields every email has', 'Note: things to check\n\nSubject: in the body', false],
    ['a key field only after the header block', 'X-Note: 1\n\nFrom: a@b.example\n', false],
    ['a key field only inside a folded line', 'X-Note: 1\n From: a@b.example\n\n', false],
    ['an empty line first', '\r\nFrom: a@b.example\r\n\r\n', false],
    ['a blank before the first field', ' From: a@b.example\r\n\r\n', false],
    ['a field name with a blank in it', 'From me: a@b.example\r\n\r\n', false],
    ['an mbox line and nothing header-shaped after it', 'From someone Tue Mar  5 10:00:00 2024\nhello\n', false],
    ['prose', 'Dear Pat, From: the team', false],
    ['a PDF', '%PDF-1.4\n1 0 obj\n', false],
    ['JSON', '{"From": "a@b.example"}', false],
    ['nothing', '', false],
  ])('%s: %s', (_, text, expected) => {
    expect(looksLikeEmail(bytes(text))).toBe(expected);
  });

  it('is false for a PNG', () => {
    expect(looksLikeEmail(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe(false);
  });
});

describe('headerBlock', () => {
  it.each([
    ['CRLF, body left out', 'From: a@b.example\r\nSubject: x\r\n\r\nbody\r\n', 'From: a@b.example\r\nSubject: x'],
    ['LF', 'From: a@b.example\nSubject: x\n\nbody\n', 'From: a@b.example\nSubject: x'],
    ['folded lines kept as written', 'Subject: a\r\n  b\r\nTo: c\r\n\r\n', 'Subject: a\r\n  b\r\nTo: c'],
    ['no body', 'From: a@b.example\r\n', 'From: a@b.example'],
    ['the mbox line left out', 'From x@y Tue Mar  5 10:00:00 2024\nFrom: a@b.example\n\nbody', 'From: a@b.example'],
    ['"From :" is a field, not an mbox line', 'From : a@b.example\n\n', 'From : a@b.example'],
  ])('%s', (_, text, expected) => {
    expect(headerBlock(bytes(text))).toBe(expected);
  });

  it('reads an 8-bit header that is not UTF-8 as Windows-1252', () => {
    expect(headerBlock(new Uint8Array([...bytes('Subject: Caf'), 0xe9, ...bytes('\r\n\r\n')]))).toBe('Subject: Café');
  });
});

describe('isOleFile and withoutBom', () => {
  it('tells an OLE compound file by its eight magic bytes', () => {
    const magic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
    expect(isOleFile(new Uint8Array([...magic, 0]))).toBe(true);
    expect(isOleFile(new Uint8Array(magic.slice(0, 7)))).toBe(false);
    expect(isOleFile(new Uint8Array([...magic.slice(0, 7), 0xe0]))).toBe(false);
  });

  it('takes off a UTF-8 byte order mark, and nothing else', () => {
    expect([...withoutBom(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))]).toEqual([0x41]);
    expect([...withoutBom(new Uint8Array([0xef, 0xbb, 0x41]))]).toEqual([0xef, 0xbb, 0x41]);
  });
});
