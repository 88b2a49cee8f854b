import type { EmailHeader, EmailMessage, Mailbox } from '@/utils/email/email-types';

// Emails for the analysis tests, built as the reader would give them: only
// what a test is about is written out, the rest is empty.

/** One header as the reader gives it: `key` lower-case, the value unfolded. */
function header(name: string, value: string): EmailHeader {
  return { key: name.toLowerCase(), name, value };
}

/** Headers from `Name: value` lines, in order. */
export function headersOf(...lines: string[]): EmailHeader[] {
  return lines.map((line) => {
    const colon = line.indexOf(':');
    return header(line.slice(0, colon), line.slice(colon + 1).trim());
  });
}

/** A mailbox: `"Name" <address>` written as (address, name). */
export function mailbox(address: string, name = ''): Mailbox {
  return { name, address };
}

/** An email with nothing in it but `partial`. */
export function messageOf(partial: Partial<EmailMessage> = {}): EmailMessage {
  return {
    format: 'eml',
    subject: null,
    date: null,
    from: null,
    sender: null,
    replyTo: [],
    to: [],
    cc: [],
    returnPath: null,
    messageId: null,
    headers: [],
    headersText: '',
    text: '',
    links: [],
    attachments: [],
    notes: [],
    ...partial,
  };
}
