import { hasInvisible, revealInvisible } from '../indicators/invisible';
import type { EmailMessage, EmailWarning } from './email-types';
import { mailboxText } from './mailbox';

// A From, a subject or an attachment name that holds characters a mail
// client shows nothing for, or that turn the text around: a display name
// `\u202Emoc.knabelpmaxe@troppus` reads as support@examplebank.com, an
// attachment `invoice\u202Efdp.exe` as invoiceexe.pdf (Trojan Source,
// CVE-2021-42574). The review window shows them revealed; this says why.

/** One warning for each of From, the subject and each attachment name that holds invisible or direction-changing characters, with the text revealed. */
export function hiddenCharacterWarnings(message: EmailMessage): EmailWarning[] {
  const fields: (readonly [field: 'from' | 'subject' | 'attachment', text: string])[] = [
    ...(message.from ? [['from', mailboxText(message.from)] as const] : []),
    ...(message.subject ? [['subject', message.subject] as const] : []),
    ...message.attachments.map(({ name }) => ['attachment', name] as const),
  ];
  return fields.flatMap(([field, text]) => (hasInvisible(text) ? [{ kind: 'hidden_characters', field, shown: revealInvisible(text) } as const] : []));
}
