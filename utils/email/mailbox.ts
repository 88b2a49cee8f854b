import type { Mailbox } from './email-types';

/** A mailbox as a person reads it: "Name <address>", or the address alone. */
export function mailboxText(mailbox: Mailbox): string {
  return mailbox.name ? `${mailbox.name} <${mailbox.address}>` : mailbox.address;
}
