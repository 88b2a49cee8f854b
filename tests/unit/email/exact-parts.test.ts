import { afterEach, describe, expect, it, vi } from 'vitest';
import { selfNestingEmail } from '../../fixtures/email/generate';
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

describe('readEmail copies an email sent as lines once, not three times (issue 38)', () => {
  /** The bytes copied by slicing a buffer or joining parts in a Blob while `run` runs. */
  async function bytesCopied(run: () => Promise<unknown>): Promise<number> {
    let copied = 0;
    const slice = ArrayBuffer.prototype.slice;
    vi.spyOn(ArrayBuffer.prototype, 'slice').mockImplementation(function (this: ArrayBuffer, ...args) {
      const part = slice.apply(this, args);
      copied += part.byteLength;
      return part;
    });
    const OriginalBlob = globalThis.Blob;
    vi.stubGlobal(
      'Blob',
      class extends OriginalBlob {
        constructor(...args: ConstructorParameters<typeof Blob>) {
          super(...args);
          copied += this.size;
        }
      },
    );
    await run();
    return copied;
  }

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('an email attaching itself: neither the email nor its attached one copied again, the attached one handed on as read', async () => {
    // 64 KB, 7bit: postal-mime copied the whole email, joined the attached one in a Blob and read it back, and the newline before its boundary was cut off by a copy.
    const nesting = selfNestingEmail(240, 64 * 1024);
    let handedOn: Uint8Array | undefined;
    const copied = await bytesCopied(async () => {
      handedOn = (await readMessage(nesting)).attachedEmails?.[0]?.bytes;
    });
    expect(copied).toBeLessThan(1_024);
    const inner = handedOn ?? expect.fail('the dropped email hands on its attached one');
    expect(new TextDecoder().decode(inner.subarray(0, 64))).toMatch(/^From: level1@fixtures\.example\nSubject: Level 1\n/);
    // Its own buffer, with no more than the newline left out: transferred to the page, not copied.
    expect(inner.buffer.byteLength - inner.byteLength).toBeLessThanOrEqual(1);
  });
});
