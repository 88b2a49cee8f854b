import type { Attachment, Email, PostalMimeOptions } from 'postal-mime';
import { readBody } from './email-body';
import { EmailReadError, type EmailDraft, type FoundAttachment } from './email-draft';
import { headerBlock } from './email-format';
import { MAX_FORWARD_DEPTH, MAX_HEADER_BYTES, MAX_MIME_PARTS, MAX_NESTING_DEPTH } from './email-limits';
import type { EmailLink } from './email-types';
import { ExactPostalMime } from './exact-parts';
import { readHeaderFields } from './header-fields';
import { mailboxText } from './mailbox';
import { countMimeParts } from './mime-parts';

// An RFC 5322 message read with postal-mime. Forwarded messages (inline
// message/rfc822 parts) are read here rather than by postal-mime, one level
// at a time, so that the parts of one sent base64-encoded are counted before
// it is parsed: postal-mime would parse it whatever its size.

/** postal-mime's options: attachments as bytes, its limits ours; forwarded messages kept as parts, read below. */
const PARSE_OPTIONS: PostalMimeOptions = {
  attachmentEncoding: 'arraybuffer',
  maxNestingDepth: MAX_NESTING_DEPTH,
  maxRfc822NestingDepth: MAX_FORWARD_DEPTH,
  maxHeadersSize: MAX_HEADER_BYTES,
  forceRfc822Attachments: true,
};

/** One message of the email (the email itself, or one forwarded inside it), its forwards read into it. */
interface Level {
  email: Email;
  text: string;
  links: EmailLink[];
  attachments: FoundAttachment[];
  forwardsNotRead: boolean;
}

/** Parses with postal-mime (attachments as the bytes sent: exact-parts.ts); its throws are its limits (nesting, header size) or headers it cannot read. */
export async function parseEmail(input: Uint8Array | string): Promise<Email> {
  try {
    // The buffer itself when the view spans it: postal-mime copies a view (20 MB more for a 20 MB email).
    const whole = typeof input !== 'string' && input.byteOffset === 0 && input.byteLength === input.buffer.byteLength ? (input.buffer as ArrayBuffer) : input;
    return await new ExactPostalMime(PARSE_OPTIONS).parse(whole);
  } catch (error) {
    throw new EmailReadError(error instanceof Error && /nesting depth/i.test(error.message) ? 'too_deep' : 'malformed');
  }
}

/** Reads an .eml: its headers, its body and those of the messages forwarded in it, its attachments. */
export async function readEml(bytes: Uint8Array): Promise<EmailDraft> {
  const top = await readLevel(bytes, 0, { parts: 0 });
  return { format: 'eml', ...readHeaderFields(top.email), headersText: headerBlock(bytes), text: top.text, links: top.links, attachments: top.attachments, forwardsNotRead: top.forwardsNotRead };
}

async function readLevel(bytes: Uint8Array, depth: number, budget: { parts: number }): Promise<Level> {
  budget.parts += countMimeParts(bytes);
  if (budget.parts > MAX_MIME_PARTS) throw new EmailReadError('too_many_parts');
  const email = await parseEmail(bytes);
  const body = readBody(email.text, email.html);
  const level: Level = { email, text: body.text, links: body.links, attachments: [], forwardsNotRead: false };
  // A delivery or abuse report carries the message it is about as evidence, not as its text (as postal-mime does).
  const isReport = email.attachments.some((part) => part.mimeType === 'message/delivery-status' || part.mimeType === 'message/feedback-report');
  for (const part of email.attachments) {
    if (!isInlineForward(part) || isReport) {
      level.attachments.push(foundAttachment(part));
    } else if (depth >= MAX_FORWARD_DEPTH) {
      level.attachments.push(foundAttachment(part));
      level.forwardsNotRead = true;
    } else {
      const forward = await readLevel(toBytes(part.content), depth + 1, budget);
      level.text = level.text.trimEnd() + forwardedText(forward);
      level.links.push(...forward.links);
      level.attachments.push(...forward.attachments);
      level.forwardsNotRead ||= forward.forwardsNotRead;
    }
  }
  return level;
}

/** A message/rfc822 part shown in the body: postal-mime's rule, with its default options (no disposition counts as inline). */
function isInlineForward(part: Attachment): boolean {
  return part.mimeType === 'message/rfc822' && (part.disposition ?? 'inline') === 'inline';
}

function foundAttachment(part: Attachment): FoundAttachment {
  const content = part.content;
  return {
    name: part.filename,
    type: part.mimeType,
    inline: Boolean(part.related) || part.disposition === 'inline',
    read: () => (typeof content === 'string' ? new TextEncoder().encode(content) : content),
  };
}

function toBytes(content: Attachment['content']): Uint8Array {
  return typeof content === 'string' ? new TextEncoder().encode(content) : content instanceof Uint8Array ? content : new Uint8Array(content);
}

/** A forwarded message as a mail client shows it below the forwarding text: its main headers, then its body. */
function forwardedText(forward: Level): string {
  const fields = readHeaderFields(forward.email);
  const lines = [
    fields.from && `From: ${mailboxText(fields.from)}`,
    fields.date && `Date: ${fields.date}`,
    fields.subject && `Subject: ${fields.subject}`,
    fields.to.length > 0 && `To: ${fields.to.map(mailboxText).join(', ')}`,
  ].filter((line): line is string => typeof line === 'string');
  return `\n\n---------- Forwarded message ----------\n${lines.join('\n')}\n\n${forward.text.trim()}\n`;
}
