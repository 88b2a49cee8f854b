import { describe, expect, it } from 'vitest';
import { readMessage, sha256 } from './email-fixtures';

// An attachment is hashed as the file it was sent as: what its part decodes
// to, without the newline before the boundary (RFC 2046 §5.1.1) and without
// postal-mime's rewriting of a calendar as text (issue 38: an empty base64
// .ics was hashed as one newline).

/** An email with one text part and the given part (header lines, blank line, body lines) after it. */
function emailWithPart(part: readonly string[]): Uint8Array {
  const lines = [
    'From: Shop <shop@example.com>',
    'Subject: Invite',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain',
    '',
    'See attached.',
    '--b',
    ...part,
    '--b--',
    '',
  ];
  return new Uint8Array(Buffer.from(lines.join('\r\n')));
}

describe('readEmail hashes an attachment as the bytes sent', () => {
  it.each<[string, string[], string]>([
    ['an empty base64 invite', ['Content-Type: application/ics; name="invite.ics"', 'Content-Transfer-Encoding: base64', '', ''], ''],
    ['an empty base64 calendar, its header folded over blank lines', ['Content-Type: text/calendar; method=REQUEST', 'Content-Transfer-Encoding: base64', '  ', '  ', '', ''], ''],
    ['an empty 7bit image', ['Content-Type: image/png; name="image001.png"', 'Content-Disposition: inline; filename="image001.png"', '', ''], ''],
    ['an empty base64 PDF', ['Content-Type: application/pdf; name="e.pdf"', 'Content-Transfer-Encoding: base64', '', ''], ''],
    [
      'a base64 invite, its CRLF kept',
      ['Content-Type: application/ics; name="invite.ics"', 'Content-Transfer-Encoding: base64', '', Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n').toString('base64')],
      'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
    ],
    ['a 7bit text file of one line', ['Content-Type: text/plain; name="note.txt"', 'Content-Disposition: attachment; filename="note.txt"', '', 'one line'], 'one line'],
    [
      'a quoted-printable file ending in a line break',
      ['Content-Type: text/plain; name="qp.txt"', 'Content-Disposition: attachment; filename="qp.txt"', 'Content-Transfer-Encoding: quoted-printable', '', 'caf=C3=A9', ''],
      'café\n',
    ],
  ])('%s', async (_, part, content) => {
    const message = await readMessage(emailWithPart(part));
    const bytes = Buffer.from(content);
    expect(message.attachments.map(({ size, sha256: hash }) => ({ size, hash }))).toEqual([{ size: bytes.byteLength, hash: sha256(bytes) }]);
  });

  it('hashes an empty part as no bytes at all', async () => {
    const message = await readMessage(emailWithPart(['Content-Type: application/ics; name="invite.ics"', 'Content-Transfer-Encoding: base64', '', '']));
    expect(message.attachments[0]).toMatchObject({ name: 'invite.ics', size: 0, sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' });
  });
});
