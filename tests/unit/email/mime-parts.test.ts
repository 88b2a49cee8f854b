import { describe, expect, it } from 'vitest';
import { countMimeParts } from '@/utils/email/mime-parts';

const count = (text: string) => countMimeParts(new TextEncoder().encode(text));
const multipart = (boundaryParam: string, body: string) => `From: a@b.example\r\nContent-Type: multipart/mixed; ${boundaryParam}\r\n\r\n${body}`;

describe('countMimeParts', () => {
  it.each([
    ['a message without parts', 'From: a@b.example\r\n\r\n--not a boundary\r\n', 1],
    ['two parts, the closing delimiter not counted', multipart('boundary="b1"', '--b1\r\n\r\nx\r\n--b1\r\n\r\ny\r\n--b1--\r\n'), 3],
    ['an unquoted boundary', multipart('boundary=b1', '--b1\r\n\r\nx\r\n--b1--\r\n'), 2],
    ['a boundary on a folded line, blanks around "="', 'Content-Type: multipart/mixed;\r\n\tboundary = "=_x y"\r\n\r\n--=_x y\r\n\r\nx\r\n--=_x y--\r\n', 2],
    ['a backslash escape in the quoted boundary', multipart('boundary="a\\"b"', '--a"b\r\n\r\nx\r\n--a"b--\r\n'), 2],
    ['a delimiter with trailing blanks (RFC 2046 5.1.1)', multipart('boundary="b1"', '--b1  \t\r\n\r\nx\r\n--b1--\r\n'), 2],
    ['a line that only starts with the boundary is text', multipart('boundary="b1"', '--b1x\r\n--b1 and more\r\n--b1\r\n\r\nx\r\n--b1--\r\n'), 2],
    ['LF line ends', 'Content-Type: multipart/mixed; boundary=b\n\n--b\n\nx\n--b\n\ny\n--b--\n', 3],
    ['nested multiparts', multipart('boundary="o"', '--o\r\nContent-Type: multipart/alternative; boundary="i"\r\n\r\n--i\r\n\r\na\r\n--i\r\n\r\nb\r\n--i--\r\n--o\r\n\r\nc\r\n--o--\r\n'), 5],
    ['every "--" line when a boundary is in RFC 2231 form', multipart('boundary*0="ab"; boundary*1="cd"', '--abcd\r\n\r\nx\r\n-- signature\r\n--abcd--\r\n'), 4],
  ])('%s: %i', (_, text, expected) => {
    expect(count(text)).toBe(expected);
  });
});
