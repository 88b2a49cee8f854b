import { describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS } from '@/utils/email/email-limits';
import { readMessage } from './email-fixtures';

// An .eml read as the review window shows it: which attached files are
// emails to read on their own, what a report keeps as evidence, the text's
// line ends and its cap.

const bytes = (lines: readonly string[]) => new TextEncoder().encode(lines.join('\r\n'));

/** An email with these parts (each its header lines, a blank line, its content), in a multipart/mixed or the type given. */
function multipart(parts: readonly string[][], type = 'multipart/mixed'): Uint8Array {
  return bytes(['From: sender@mail.example', 'To: victim@examplebank.com', 'Subject: Parts', `Content-Type: ${type}; boundary="b"`, '', ...parts.flatMap((part) => ['--b', ...part]), '--b--', '']);
}

const base64 = (text: string) => Buffer.from(text).toString('base64');
const file = (type: string, name: string): string[] => [
  `Content-Type: ${type}`,
  `Content-Disposition: attachment; filename="${name}"`,
  'Content-Transfer-Encoding: base64',
  '',
  base64('From: x@y.example\r\n\r\nhi\r\n'),
];
const TEXT = ['Content-Type: text/plain', '', 'See attached.'];
const ORIGINAL = ['Content-Type: message/rfc822', 'Content-Disposition: inline', '', 'From: a@orig.example', 'Subject: Original', '', 'Original text https://orig.example/'];

describe('readEmail', () => {
  it.each<[string, Uint8Array, string[]]>([
    ['an Outlook item by its type', multipart([TEXT, file('application/vnd.ms-outlook', 'item.bin')]), ['item.bin']],
    ['an email by its name', multipart([TEXT, file('application/octet-stream', 'notice.msg'), file('application/octet-stream', 'Notice.EML')]), ['notice.msg', 'Notice.EML']],
    ['not a name that only holds .eml', multipart([TEXT, file('application/octet-stream', 'notice.eml.txt')]), []],
  ])('hands on an attached email to read on its own: %s', async (_, email, names) => {
    expect(((await readMessage(email)).attachedEmails ?? []).map(({ name }) => name)).toEqual(names);
  });

  it.each([
    ['a delivery report', 'message/delivery-status', 'Final-Recipient: rfc822; x@examplebank.com'],
    ['an abuse report', 'message/feedback-report', 'Feedback-Type: abuse'],
  ])('keeps the message %s is about as an attachment, not as its text', async (_, type, field) => {
    const message = await readMessage(multipart([['Content-Type: text/plain', '', 'Delivery failed.'], [`Content-Type: ${type}`, '', field], ORIGINAL], 'multipart/report'));
    expect(message.text.trim()).toBe('Delivery failed.');
    expect(message.attachments.map(({ type: attachmentType }) => attachmentType)).toContain('message/rfc822');
  });

  it('reads a message forwarded inline into the text', async () => {
    const message = await readMessage(multipart([TEXT, ORIGINAL]));
    expect(message.text).toContain('Original text https://orig.example/');
  });

  it('names an unnamed inline image as inline, an unnamed attachment as an attachment', async () => {
    const message = await readMessage(
      multipart([
        TEXT,
        ['Content-Type: image/png', 'Content-Disposition: inline', 'Content-Transfer-Encoding: base64', '', base64('png')],
        ['Content-Type: application/pdf', 'Content-Disposition: attachment', 'Content-Transfer-Encoding: base64', '', base64('pdf')],
      ]),
    );
    expect(message.attachments.map(({ name }) => name)).toEqual(['inline-1.png', 'attachment-2.pdf']);
  });

  it('reads old Mac line ends (a lone CR) as line ends', async () => {
    const message = await readMessage(bytes(['From: a@mail.example', 'Subject: CR', 'Content-Type: text/plain', '', 'line one\rline two', '']));
    expect(message.text.trim()).toBe('line one\nline two');
  });

  it('keeps a text of exactly the cap whole, without a note', async () => {
    const message = await readMessage(bytes(['From: a@mail.example', 'Subject: Long', 'Content-Type: text/plain', '', 'a'.repeat(MAX_TEXT_CHARS - 1), '']));
    expect([message.text.length, message.notes]).toEqual([MAX_TEXT_CHARS, []]);
  });

  it('keeps the header block as written, in UTF-8', async () => {
    const message = await readMessage(bytes(['From: a@mail.example', 'Subject: Rechnung für Sie', 'Content-Type: text/plain', '', 'Hallo.', '']));
    expect(message.headersText).toBe('From: a@mail.example\r\nSubject: Rechnung für Sie\r\nContent-Type: text/plain');
  });
});
