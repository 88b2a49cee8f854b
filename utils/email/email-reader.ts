import { DROPPED_EMAIL_BUDGET, describeAttachments } from './email-attachments';
import { EmailReadError, type EmailDraft } from './email-draft';
import { isOleFile, looksLikeEmail, withoutBom } from './email-format';
import { MAX_EMAIL_BYTES, MAX_TEXT_CHARS } from './email-limits';
import { keepLinks } from './email-links';
import type { AttachedEmailBudget, EmailMessage, EmailReadFailure, EmailReadNote } from './email-types';
import { readEml } from './eml-reader';
import { readMsg } from './msg-reader';

// The one door to the email readers. Pure, no DOM: it runs in a Web Worker
// (the caller loads it lazily there, with postal-mime, msgreader and
// htmlparser2) and in node for the tests. Nothing in the email is fetched.

/** An email read, or why it could not be. */
export type EmailReadResult = { ok: true; message: EmailMessage } | { ok: false; failure: EmailReadFailure };

/**
 * Reads an email file, an RFC 5322 message (.eml) or an Outlook .msg, told
 * apart by their bytes (the name is the sender's to choose), into what the
 * review window shows: headers, body text, links and hashed attachments,
 * within the limits of email-limits.ts. `_fileName` is not used: the bytes
 * decide. `budget`: what its attached emails may take (a dropped email's
 * whole budget unless it is attached itself). A throw is a bug of ours, not
 * a bad email (the worker reports it as "malformed").
 */
export async function readEmail(bytes: Uint8Array, _fileName: string, budget: AttachedEmailBudget = DROPPED_EMAIL_BUDGET): Promise<EmailReadResult> {
  if (bytes.byteLength > MAX_EMAIL_BYTES) return { ok: false, failure: 'too_large' };
  try {
    const content = withoutBom(bytes);
    let draft: EmailDraft;
    if (isOleFile(content)) draft = await readMsg(content);
    else if (looksLikeEmail(content)) draft = await readEml(content);
    else return { ok: false, failure: 'not_email' };
    return { ok: true, message: await finishMessage(draft, budget) };
  } catch (error) {
    if (error instanceof EmailReadError) return { ok: false, failure: error.failure };
    throw error;
  }
}

/** The draft within the caps, its attachments hashed, with a note for each cap reached. */
async function finishMessage(draft: EmailDraft, budget: AttachedEmailBudget): Promise<EmailMessage> {
  const { forwardsNotRead, text, links, attachments, ...fields } = draft;
  const notes: EmailReadNote[] = forwardsNotRead ? [{ kind: 'nested_not_read' }] : [];
  // One kind of line end, whatever the part was sent with.
  const keptText = capText(text.replace(/\r\n?/g, '\n'), notes);
  const keptLinks = keepLinks(links, notes);
  const described = await describeAttachments(attachments, notes, budget);
  return { ...fields, text: keptText, links: keptLinks, attachments: described.attachments, ...(described.attachedEmails.length > 0 ? { attachedEmails: described.attachedEmails } : {}), notes };
}

function capText(text: string, notes: EmailReadNote[]): string {
  if (text.length <= MAX_TEXT_CHARS) return text;
  // Not between the two halves of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(MAX_TEXT_CHARS - 1)) ? MAX_TEXT_CHARS - 1 : MAX_TEXT_CHARS;
  notes.push({ kind: 'text_capped', kept: end });
  return text.slice(0, end);
}
