import type { FoundAttachment } from './email-draft';
import { MAX_ATTACHED_BYTES, MAX_ATTACHED_DEPTH, MAX_ATTACHED_EMAILS, MAX_ATTACHMENTS } from './email-limits';
import type { AttachedEmail, AttachedEmailBudget, EmailAttachment, EmailReadNote } from './email-types';

/** File name extensions for the types an unnamed part usually has; others get ".bin". */
const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/bmp': 'bmp',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'text/calendar': 'ics',
  'application/ics': 'ics',
  'text/plain': 'txt',
  'text/html': 'html',
  'text/csv': 'csv',
  'message/rfc822': 'eml',
  'message/delivery-status': 'txt',
  'application/vnd.ms-outlook': 'msg',
};

/** True for an attachment that is an email itself: a message/rfc822 part, an Outlook item, or a file named so. */
function isEmail(type: string, name: string): boolean {
  return type === 'message/rfc822' || type === 'application/vnd.ms-outlook' || /\.(eml|msg)$/i.test(name);
}

/** What a dropped email's attached emails may take: every level the reader goes, the whole bytes budget. */
export const DROPPED_EMAIL_BUDGET: AttachedEmailBudget = { levels: MAX_ATTACHED_DEPTH, bytes: MAX_ATTACHED_BYTES };

/**
 * Which of the attached emails of `sizes` bytes are handed on to be read:
 * none below the last level, at most MAX_ATTACHED_EMAILS, and together
 * within the bytes left (issue 38: an email attaching itself 240 levels
 * deep). A note for each reason some were not.
 */
export function pickAttachedEmails(sizes: readonly number[], budget: AttachedEmailBudget): { picked: number[]; notes: EmailReadNote[] } {
  const skipped = { depth: 0, count: 0, bytes: 0 };
  const picked: number[] = [];
  let bytesLeft = budget.bytes;
  sizes.forEach((size, index) => {
    if (budget.levels <= 0) skipped.depth++;
    else if (picked.length >= MAX_ATTACHED_EMAILS) skipped.count++;
    else if (size > bytesLeft) skipped.bytes++;
    else {
      picked.push(index);
      bytesLeft -= size;
    }
  });
  const notes = (['depth', 'count', 'bytes'] as const).flatMap((why): EmailReadNote[] => (skipped[why] > 0 ? [{ kind: 'attached_not_read', count: skipped[why], why }] : []));
  return { picked, notes };
}

/**
 * The attachments described and hashed, at most MAX_ATTACHMENTS, with a note
 * when some were left out. One without a name is named after where it is
 * shown and its place in the list: "inline-2.png" (an image in the body),
 * "attachment-3.bin". The attached emails the budget takes (pickAttachedEmails)
 * are handed on with their bytes, to be read on their own; the others are
 * only listed and hashed, as any attachment.
 */
export async function describeAttachments(
  found: readonly FoundAttachment[],
  notes: EmailReadNote[],
  budget: AttachedEmailBudget = DROPPED_EMAIL_BUDGET,
): Promise<{ attachments: EmailAttachment[]; attachedEmails: AttachedEmail[] }> {
  if (found.length > MAX_ATTACHMENTS) notes.push({ kind: 'attachments_capped', total: found.length, kept: MAX_ATTACHMENTS });
  const read = found.slice(0, MAX_ATTACHMENTS).map((attachment, index) => ({
    name: attachment.name || `${attachment.inline ? 'inline' : 'attachment'}-${index + 1}.${EXTENSIONS[attachment.type] ?? 'bin'}`,
    type: attachment.type,
    bytes: attachment.read(),
  }));
  const emails = read.filter(({ type, name }) => isEmail(type, name));
  const { picked, notes: budgetNotes } = pickAttachedEmails(
    emails.map(({ bytes }) => bytes.byteLength),
    budget,
  );
  notes.push(...budgetNotes);
  const attachedEmails = picked.map((index) => ({ name: emails[index]!.name, bytes: ownBytes(emails[index]!.bytes) }));
  const attachments = await Promise.all(read.map(async ({ name, type, bytes }) => ({ name, type, size: bytes.byteLength, sha256: await sha256Hex(bytes) })));
  return { attachments, attachedEmails };
}

/** The most bytes of its buffer an attachment's view may leave out and still be handed on without a copy: the newline the parser left out (exact-parts.ts). */
const LEFT_OUT_BYTES = 1;

/**
 * An attachment's bytes to hand on, the worker transferring their buffer:
 * the part's own buffer as it is (no copy of a 20 MB email, issue 38), a
 * copy of a view into a larger buffer (a stream of a whole .msg).
 */
export function ownBytes(bytes: ArrayBuffer | Uint8Array): Uint8Array {
  if (!(bytes instanceof Uint8Array)) return new Uint8Array(bytes);
  return bytes.buffer.byteLength - bytes.byteLength <= LEFT_OUT_BYTES ? bytes : bytes.slice();
}

/** The SHA-256 of the bytes as lower-case hex (as utils/evidence/hash.ts, without a Blob: it runs on bytes in a worker). */
async function sha256Hex(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as BufferSource);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
