import { describe, expect, it } from 'vitest';
import { describeAttachments, ownBytes, pickAttachedEmails } from '@/utils/email/email-attachments';
import { MAX_ATTACHED_EMAILS } from '@/utils/email/email-limits';
import { readEmail } from '@/utils/email/email-reader';
import type { AttachedEmailBudget, EmailReadNote } from '@/utils/email/email-types';
import { selfNestingEmail } from '../../fixtures/email/generate';
import { readMessage, sha256 } from './email-fixtures';

// The emails attached to an email are handed on to be read only within the
// budget its dropped email's tree has left (issue 38): the levels, the bytes,
// and at most MAX_ATTACHED_EMAILS each; the others are listed and hashed.

describe('pickAttachedEmails', () => {
  it.each<[string, number[], AttachedEmailBudget, number[], { count: number; why: string }[]]>([
    ['all, within the levels and the bytes', [10, 20], { levels: 1, bytes: 30 }, [0, 1], []],
    ['none below the last level', [10, 20], { levels: 0, bytes: 1_000 }, [], [{ count: 2, why: 'depth' }]],
    ['those the bytes left take, in order', [20, 15, 10], { levels: 3, bytes: 30 }, [0, 2], [{ count: 1, why: 'bytes' }]],
    ['none over the bytes left', [31], { levels: 3, bytes: 30 }, [], [{ count: 1, why: 'bytes' }]],
    ['the first five of seven', [1, 1, 1, 1, 1, 1, 1], { levels: 3, bytes: 100 }, [0, 1, 2, 3, 4], [{ count: 2, why: 'count' }]],
  ])('hands on %s', (_, sizes, budget, picked, notes) => {
    expect(pickAttachedEmails(sizes, budget)).toEqual({ picked, notes: notes.map((note) => ({ kind: 'attached_not_read', ...note })) });
  });
});

describe('ownBytes', () => {
  const buffer = new ArrayBuffer(8);
  it.each<[string, ArrayBuffer | Uint8Array, boolean]>([
    ['a part’s own buffer: handed on as it is', buffer, true],
    ['a view of the whole buffer: as it is', new Uint8Array(buffer), true],
    ['a view leaving out the newline before the boundary: as it is', new Uint8Array(buffer, 0, 7), true],
    ['a view into a larger buffer (a stream of a .msg): copied, so the rest is not handed on', new Uint8Array(buffer, 2, 4), false],
  ])('%s', (_, bytes, same) => {
    const own = ownBytes(bytes);
    expect(own.byteLength).toBe(bytes.byteLength);
    expect(own.buffer === buffer).toBe(same);
  });
});

/** An email attaching `count` small emails (message/rfc822, disposition attachment). */
function attachingEmails(count: number): Uint8Array {
  const parts = Array.from(
    { length: count },
    (_, index) =>
      `--a\r\nContent-Type: message/rfc822; name="phish-${index}.eml"\r\nContent-Disposition: attachment; filename="phish-${index}.eml"\r\n\r\nFrom: p${index}@phish.example\r\nSubject: Phish ${index}\r\n\r\nhttps://phish${index}.example/\r\n`,
  );
  return new TextEncoder().encode(
    `From: pat@recipient.test\r\nSubject: Fwd: phishing\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="a"\r\n\r\n--a\r\nContent-Type: text/plain\r\n\r\nSee attached.\r\n${parts.join('')}--a--\r\n`,
  );
}

describe('readEmail hands on the attached emails its budget takes', () => {
  const nesting = selfNestingEmail(240, 64 * 1024);

  it('all of a dropped email’s, up to five', async () => {
    const message = await readMessage(attachingEmails(MAX_ATTACHED_EMAILS + 1));
    expect(message.attachedEmails?.map(({ name }) => name)).toEqual(['phish-0.eml', 'phish-1.eml', 'phish-2.eml', 'phish-3.eml', 'phish-4.eml']);
    expect(message.attachments).toHaveLength(MAX_ATTACHED_EMAILS + 1);
    expect(message.notes).toEqual([{ kind: 'attached_not_read', count: 1, why: 'count' }]);
  });

  it.each<[string, AttachedEmailBudget, string]>([
    ['below the last level', { levels: 0, bytes: 25_000_000 }, 'depth'],
    ['over the bytes its tree has left', { levels: 2, bytes: 60_000 }, 'bytes'],
  ])('none %s: listed and hashed, with a note', async (_, budget, why) => {
    const whole = await readMessage(nesting);
    const inner = whole.attachedEmails?.[0]?.bytes ?? expect.fail('the dropped email hands on its attached one');
    const read = await readEmail(nesting, 'nesting.eml', budget);
    const message = read.ok ? read.message : expect.fail(read.failure);
    expect(message.attachedEmails).toBeUndefined();
    expect(message.attachments).toEqual([{ name: 'level-1.eml', type: 'message/rfc822', size: inner.byteLength, sha256: sha256(inner) }]);
    expect(message.notes).toEqual([{ kind: 'attached_not_read', count: 1, why }]);
  });
});

describe('describeAttachments lists up to 100 attachments', () => {
  it.each<[number, EmailReadNote[]]>([
    [100, []],
    [101, [{ kind: 'attachments_capped', total: 101, kept: 100 }]],
  ])('%i attachments', async (count, expected) => {
    const found = Array.from({ length: count }, (_, index) => ({ name: `file-${index}.txt`, type: 'text/plain', inline: false, read: () => new TextEncoder().encode('x') }));
    const notes: EmailReadNote[] = [];
    const { attachments } = await describeAttachments(found, notes);
    expect([attachments.length, notes]).toEqual([Math.min(count, 100), expected]);
  });
});
