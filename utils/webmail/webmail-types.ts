/**
 * Why the email open in a webmail tab could not be read: each has a sentence
 * (i18n `webmail.failure.<kind>`) that says what to do instead.
 */
export type WebmailFailure = 'no_access' | 'not_signed_in' | 'no_message' | 'refused' | 'not_email' | 'page_changed';

/** One message of the open conversation, as the page shows it: for the user to pick another. */
export interface WebmailMessage {
  /** Gmail's hex id (`data-legacy-message-id`), the "Download message" `th`. */
  legacyId: string;
  /** Gmail's decimal id (`data-message-id`'s `#msg-f:<decimal>`), the "Show original" `permmsgid`. */
  permId: string;
  sender: string;
  date: string;
}

/** The open conversation as read from the page: its messages, the one to take first, and what the original's address needs. */
export interface WebmailConversation {
  account: number;
  token: string;
  subject: string;
  messages: WebmailMessage[];
  /** The index of the last expanded message: the one the user is reading. */
  chosen: number;
}

/** A reading's outcome: a value or the failure's kind. */
export type WebmailResult<T> = { ok: true; value: T } | { ok: false; failure: WebmailFailure };
