import type { FoundAttachment } from './email-draft';
import { MAX_ATTACHED_EMAILS, MAX_ATTACHMENTS, MAX_EMAIL_BYTES } from './email-limits';
import type { AttachedEmail, EmailAttachment, EmailReadNote } from './email-types';

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

/**
 * The attachments described and hashed, at most MAX_ATTACHMENTS, with a note
 * when some were left out. One without a name is named after where it is
 * shown and its place in the list: "inline-2.png" (an image in the body),
 * "attachment-3.bin". The attached emails, up to MAX_ATTACHED_EMAILS, are
 * handed on with their bytes, to be read on their own.
 */
export async function describeAttachments(found: readonly FoundAttachment[], notes: EmailReadNote[]): Promise<{ attachments: EmailAttachment[]; attachedEmails: AttachedEmail[] }> {
  if (found.length > MAX_ATTACHMENTS) notes.push({ kind: 'attachments_capped', total: found.length, kept: MAX_ATTACHMENTS });
  const attachedEmails: AttachedEmail[] = [];
  const attachments = await Promise.all(
    found.slice(0, MAX_ATTACHMENTS).map(async (attachment, index) => {
      const bytes = attachment.read();
      const name = attachment.name || `${attachment.inline ? 'inline' : 'attachment'}-${index + 1}.${EXTENSIONS[attachment.type] ?? 'bin'}`;
      if (isEmail(attachment.type, name) && attachedEmails.length < MAX_ATTACHED_EMAILS && bytes.byteLength <= MAX_EMAIL_BYTES) {
        attachedEmails.push({ name, bytes: bytes instanceof Uint8Array ? bytes.slice() : new Uint8Array(bytes.slice(0)) });
      }
      return { name, type: attachment.type, size: bytes.byteLength, sha256: await sha256Hex(bytes) };
    }),
  );
  return { attachments, attachedEmails };
}

/** The SHA-256 of the bytes as lower-case hex (as utils/evidence/hash.ts, without a Blob: it runs on bytes in a worker). */
async function sha256Hex(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as BufferSource);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
