import type { EmailLink, EmailMessage, EmailReadFailure } from './email-types';

// What the .eml and .msg readers hand to email-reader.ts: everything found,
// before the caps are applied and the attachments hashed, in one shape.

/** An attachment as found, its bytes read only when it is described. */
export interface FoundAttachment {
  /** As the email names it; null when it does not. */
  name: string | null;
  /** Lower-case MIME type. */
  type: string;
  /** Shown in the body (an inline image) rather than attached: names an unnamed one "inline-N". */
  inline: boolean;
  read: () => ArrayBuffer | Uint8Array;
}

/** An email read, before the caps. */
export interface EmailDraft extends Omit<EmailMessage, 'links' | 'attachments' | 'notes'> {
  links: EmailLink[];
  attachments: FoundAttachment[];
  /** A forwarded message was nested deeper than the reader goes, or is an embedded .msg: kept as an attachment, not read. */
  forwardsNotRead: boolean;
}

/** Why a reader stopped; email-reader.ts turns it into the failure it returns. */
export class EmailReadError extends Error {
  constructor(readonly failure: EmailReadFailure) {
    super(`Email not read: ${failure}`);
  }
}
