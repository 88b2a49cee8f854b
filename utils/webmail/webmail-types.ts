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
  /** Outlook's ItemId of the message (its `GetItem`); Outlook's messages leave `legacyId` and `permId` empty. */
  itemId?: string;
}

/** The open conversation as read from the page: its messages, the one to take first, and what the original's address needs. */
export interface WebmailConversation {
  account: number;
  token: string;
  subject: string;
  messages: WebmailMessage[];
  /** The index of the last expanded message: the one the user is reading. */
  chosen: number;
  /** Outlook on the web's conversation (absent: Gmail's): where its service answers, and what the page shows of the open email. */
  outlook?: { service: string; shown: OutlookShown | null };
}

/** What an Outlook tab shows of the open email: read when its original cannot be had. */
export interface OutlookShown {
  sender: string;
  subject: string;
  /** The message body's markup as the page shows it (its links with it). */
  html: string;
}

/**
 * A reading's outcome: a value or the failure's kind. `shownOnly`: the email
 * was rebuilt from what Outlook's page shows, without its headers;
 * `provider`: an Outlook tab's failure, said with Outlook's own menu items.
 */
export type WebmailResult<T> = { ok: true; value: T; shownOnly?: boolean } | { ok: false; failure: WebmailFailure; provider?: 'outlook' };
