import type { Address, Email } from 'postal-mime';
import { cleanAddress } from './address-clean';
import { readAddressList, readFirstMailbox } from './address-list';
import type { EmailHeader, EmailMessage, Mailbox } from './email-types';

// The fields of a header block as postal-mime read it, the addresses read
// from the headers as written (address-list.ts: as mail clients read them).
// A header that cannot be made sense of is dropped alone: the rest of the
// email is still worth reading.

/** The fields an email's headers give, whether from an .eml or a .msg's transport headers. */
export type HeaderFields = Pick<EmailMessage, 'subject' | 'date' | 'from' | 'sender' | 'replyTo' | 'to' | 'cc' | 'returnPath' | 'messageId' | 'headers'>;

/** A field name as RFC 5322 3.6.8 spells it; postal-mime keeps a garbage line as a "header" named after the whole line. */
const FIELD_NAME = /^[\x21-\x39\x3b-\x7e]+$/;

/** The mailboxes of an address list given as fields (a .msg's recipients), groups opened, each with a clean address. */
export function toMailboxes(addresses: readonly Address[] | undefined): Mailbox[] {
  return (addresses ?? [])
    .flatMap((address) => (address.group ? address.group : [address]))
    .flatMap((mailbox) => {
      const address = cleanAddress(mailbox.address);
      return address ? [{ name: mailbox.name, address }] : [];
    });
}

/** The values of every header named `key` (lower-case), in order. */
function valuesOf(headers: readonly EmailHeader[], key: string): string[] {
  return headers.filter((header) => header.key === key).map((header) => header.value);
}

/** The fields of the top-level header block, decoded. */
export function readHeaderFields(email: Email): HeaderFields {
  const headers: EmailHeader[] = email.headers.filter((header) => FIELD_NAME.test(header.key)).map((header) => ({ key: header.key, name: header.originalKey, value: header.value }));
  return {
    subject: email.subject ?? null,
    // postal-mime gives ISO 8601 when the Date parses, else the header as written.
    date: email.date || null,
    from: readFirstMailbox(valuesOf(headers, 'from')),
    sender: readFirstMailbox(valuesOf(headers, 'sender')),
    replyTo: valuesOf(headers, 'reply-to').flatMap(readAddressList),
    to: valuesOf(headers, 'to').flatMap(readAddressList),
    cc: valuesOf(headers, 'cc').flatMap(readAddressList),
    returnPath: readFirstMailbox(valuesOf(headers, 'return-path'))?.address ?? null,
    messageId: email.messageId ?? null,
    headers,
  };
}
