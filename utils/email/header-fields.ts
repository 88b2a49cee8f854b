import type { Address, Email } from 'postal-mime';
import type { EmailHeader, EmailMessage, Mailbox } from './email-types';

// The fields of a header block as postal-mime read it. A header it could not
// make sense of is dropped alone: the rest of the email is still worth reading.

/** The fields an email's headers give, whether from an .eml or a .msg's transport headers. */
export type HeaderFields = Pick<EmailMessage, 'subject' | 'date' | 'from' | 'sender' | 'replyTo' | 'to' | 'cc' | 'returnPath' | 'messageId' | 'headers'>;

/** A field name as RFC 5322 3.6.8 spells it; postal-mime keeps a garbage line as a "header" named after the whole line. */
const FIELD_NAME = /^[\x21-\x39\x3b-\x7e]+$/;

/** An address with one '@' and something either side; what postal-mime makes of "<<<@@@>>>" is not one. */
const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/;

/** The mailboxes of an address list, groups opened, each with an address. */
export function toMailboxes(addresses: readonly Address[] | undefined): Mailbox[] {
  return (addresses ?? [])
    .flatMap((address) => (address.group ? address.group : [address]))
    .flatMap((mailbox) => (ADDRESS.test(mailbox.address) ? [{ name: mailbox.name, address: mailbox.address }] : []));
}

/** A single mailbox (From, Sender), or null when the header has no readable address. */
function toMailbox(address: Address | undefined): Mailbox | null {
  return toMailboxes(address ? [address] : [])[0] ?? null;
}

/** The fields of the top-level header block, decoded. */
export function readHeaderFields(email: Email): HeaderFields {
  const headers: EmailHeader[] = email.headers.filter((header) => FIELD_NAME.test(header.key)).map((header) => ({ key: header.key, name: header.originalKey, value: header.value }));
  return {
    subject: email.subject ?? null,
    // postal-mime gives ISO 8601 when the Date parses, else the header as written.
    date: email.date || null,
    from: toMailbox(email.from),
    sender: toMailbox(email.sender),
    replyTo: toMailboxes(email.replyTo),
    to: toMailboxes(email.to),
    cc: toMailboxes(email.cc),
    returnPath: email.returnPath && ADDRESS.test(email.returnPath) ? email.returnPath : null,
    messageId: email.messageId ?? null,
    headers,
  };
}
