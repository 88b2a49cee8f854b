import type { FoundIndicator } from '../indicators/find';
import type { EmailPick } from './email-pick';

// An email as the review window shows it: read by email-reader.ts (postal-mime
// for .eml, msgreader for .msg), never rendered, then analysed by the pure
// functions beside it. Plain data, so it crosses from the reading worker intact.

/** A mailbox as a header names it; `name` is '' when there is none. */
export interface Mailbox {
  name: string;
  address: string;
}

/** One top-level header, unfolded, in the order the email has them. */
export interface EmailHeader {
  /** Lower-case: "received". */
  key: string;
  /** As written: "Received". */
  name: string;
  /** Unfolded, encoded words left as they are. */
  value: string;
}

/** A link the email holds: an HTML anchor's target, or a URL written in the text. */
export interface EmailLink {
  href: string;
  /** The anchor's text, for an HTML link ('' for an image link). */
  text?: string;
  in: 'html' | 'text';
  /** An HTML link the reader never sees: no text and no image, or inside an element CSS or `hidden` hides (html-text.ts). */
  hidden?: true;
  /**
   * 'resource': not a link but what the HTML loads by itself (an image, a
   * stylesheet, a CSS url(), a background): the tracking pixel's host. One
   * per host, the first URL seen (html-text.ts).
   */
  kind?: 'resource';
}

/** An attachment, described and hashed, never opened. */
export interface EmailAttachment {
  name: string;
  type: string;
  size: number;
  sha256: string;
}

/** An email attached to the email (a user's "forward as attachment"): read on its own, as the evidence of its indicators. */
export interface AttachedEmail {
  name: string;
  /** Empty in the reading the review window keeps: its bytes are in the attached email's own file then. */
  bytes: Uint8Array;
}

/** What the reader left out to stay within its caps; said to the user beside the email. */
export type EmailReadNote =
  | { kind: 'links_capped'; total: number; kept: number }
  | { kind: 'text_capped'; kept: number }
  | { kind: 'attachments_capped'; total: number; kept: number }
  /** Forwarded messages nested deeper than the reader goes: kept as attachments. */
  | { kind: 'nested_not_read' }
  /** More indicators than the review window lists (analyse-email.ts): the first `kept` of `total` are. */
  | { kind: 'findings_capped'; total: number; kept: number }
  /** Attached emails listed and hashed but not read: too deep below the email dropped, over its tree's bytes, or more than are read per email. */
  | { kind: 'attached_not_read'; count: number; why: 'depth' | 'bytes' | 'count' };

/** What the emails attached to an email may still take (issue 38): the levels below it, and the bytes left of the budget its dropped email's tree shares. */
export interface AttachedEmailBudget {
  /** Levels of attached emails still read below this email; 0: its attached emails are listed, not read. */
  levels: number;
  /** Bytes its attached emails may take together. */
  bytes: number;
}

/** An email read from its file: what the headers and the body say, as text. */
export interface EmailMessage {
  format: 'eml' | 'msg';
  /** Decoded. */
  subject: string | null;
  /** ISO 8601 when the Date header could be read, else as written. */
  date: string | null;
  from: Mailbox | null;
  sender: Mailbox | null;
  replyTo: Mailbox[];
  to: Mailbox[];
  cc: Mailbox[];
  /** The envelope sender (Return-Path), without brackets. */
  returnPath: string | null;
  messageId: string | null;
  headers: EmailHeader[];
  /** The header block as written (for the headers file sent as evidence). */
  headersText: string;
  /** The body as plain text: the text part, or the HTML part's text (scripts and styles left out). */
  text: string;
  links: EmailLink[];
  attachments: EmailAttachment[];
  /** Emails attached to it (message/rfc822, .eml, .msg), at most MAX_ATTACHED_EMAILS; absent when none. */
  attachedEmails?: AttachedEmail[];
  notes: EmailReadNote[];
}

/** One authentication result the receiving server wrote (Authentication-Results, Received-SPF): what the headers say, not checked by us. */
export interface AuthResult {
  /** spf, dkim, dmarc, arc… lower-case. */
  method: string;
  /** pass, fail, softfail, neutral, none, temperror, permerror… lower-case; an open set. */
  result: string;
  /** What it was about: header.d=…, smtp.mailfrom=…, header.from=… */
  detail?: string;
  /** The server that wrote it (the authserv-id). */
  by?: string;
  /** Written by the receiving side (auth-trust.ts): its authserv-id is the topmost Received hop's or an own domain's, among that side's headers. Otherwise the sender may have written it. */
  trusted: boolean;
}

/** One Received header: a server handing the email on. */
export interface ReceivedHop {
  /** The host the server says it received from, as it names it. */
  fromHost?: string;
  /** The IPv4 it received from, when the header gives one. */
  fromIp?: string;
  /** The server that wrote the header. */
  byHost?: string;
  /** The protocol: SMTP, ESMTPS… */
  with?: string;
  /** ISO 8601, when the date after the ';' could be read. */
  at?: string;
  /** The header's value, unfolded. */
  raw: string;
}

/** The Received chain, oldest hop first, and the IPv4 the email came from. */
export interface ReceivedChain {
  hops: ReceivedHop[];
  /** The first hop's sender outside the recipient's own servers; absent when none can be told. */
  originatingIp?: string;
  /**
   * Set when that sender is a mail provider's relay (Google, Microsoft,
   * SendGrid… by its hop's reverse name): the provider, and the relay's IPv4.
   * When the provider's own hops or X-Originating-IP show the sender behind
   * the relay, originatingIp is that sender's and `ip` the relay's; else
   * both are the relay's.
   */
  originatingRelay?: { provider: string; ip: string };
}

/** Something in the email a user can act on. */
export type EmailWarning =
  /** The display name names a brand of the settings' domains while the address is elsewhere. */
  | { kind: 'display_name_brand'; name: string; brand: string; domain: string }
  /** The display name holds another address or domain than the one it sends from. */
  | { kind: 'display_name_address'; name: string; shown: string; domain: string }
  /** A person's name on a free-mail address, writing to an organisation (executive impersonation). */
  | { kind: 'display_name_person_freemail'; name: string; domain: string }
  /** Replies go to another domain than the sender's. */
  | { kind: 'reply_to_elsewhere'; replyTo: string; fromDomain: string }
  /** A link whose text shows one domain while its target is another. */
  | { kind: 'link_text_mismatch'; text: string; shownDomain: string; targetDomain: string }
  /** A domain in the email that imitates one of the settings' domains. */
  | { kind: 'lookalike'; domain: string; like: string; how: 'homoglyph' | 'punycode' | 'spelling' }
  /** From, the subject or an attachment name holds invisible or direction-changing characters (hidden-characters.ts); `shown` is the text with them revealed as ⟨U+XXXX⟩. */
  | { kind: 'hidden_characters'; field: 'from' | 'subject' | 'attachment'; shown: string };

/** Where in the email an indicator was found. */
export type FoundWhere =
  | 'from'
  | 'sender'
  | 'reply_to'
  | 'return_path'
  | 'link'
  | 'link_text'
  | 'body'
  | 'received'
  /** A link the reader never sees (no text, hidden by its style). */
  | 'link_hidden'
  /** A host the HTML loads by itself: an image, a stylesheet, a tracking pixel. */
  | 'resource'
  /** A redirector or link scanner a link goes through (its destination is listed apart). */
  | 'wrapper';

/** An indicator from an email, with every place it was found. */
export interface EmailFinding extends FoundIndicator {
  where: FoundWhere[];
  /** The safe-link rewriter's URL it was unwrapped from (Safe Links, URL Defense…). */
  unwrappedFrom?: string;
  /** Ticked at first or not, set by the analysis (absent before it). */
  pick?: EmailPick;
}

/** What the analysis needs from the settings. */
export interface EmailAnalysisOptions {
  /** The organisation's own domains (settings): lookalikes, brand names, the recipient's servers. */
  ownDomains: readonly string[];
  /** ISO 3166 country for phone numbers written without +. */
  defaultCountry?: string;
}

/** An email read and analysed: what the review window shows above its indicators. */
export interface EmailAnalysis {
  message: EmailMessage;
  auth: AuthResult[];
  received: ReceivedChain;
  warnings: EmailWarning[];
  findings: EmailFinding[];
}

/** What a reading cut short did not finish (issue 38): shown beside what it did read. */
export interface EmailUnfinished {
  /** The time limit ended it, or the reader failed (out of memory) after reading the email. */
  why: 'timeout' | 'failed';
  /** What is missing: every warning and indicator ('analysis'), or some of the indicators in the text ('text'). */
  missing: 'analysis' | 'text';
}

/** Why an email could not be read; said beside the file's name. */
export type EmailReadFailure =
  /** Over the 25 MB the reader takes. */
  | 'too_large'
  /** Neither an RFC 5322 message nor an Outlook .msg. */
  | 'not_email'
  /** More MIME parts than the reader takes (a MIME bomb). */
  | 'too_many_parts'
  /** Parts nested deeper than the reader goes. */
  | 'too_deep'
  /** The headers could not be read. */
  | 'malformed'
  /** Reading took longer than the reader waits. */
  | 'timeout';
