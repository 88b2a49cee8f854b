// What the email reader takes, in one place: the review window says these
// figures to the user, and the tests build emails just past them.

/** The biggest file read: 25 MB, what the big mail services accept for a whole message. */
export const MAX_EMAIL_BYTES = 25 * 1024 * 1024;

/** MIME parts counted over the email and the forwarded messages read inside it; more is a MIME bomb. */
export const MAX_MIME_PARTS = 500;

/** Multiparts nested inside each other; postal-mime rejects the parse beyond it. */
export const MAX_NESTING_DEPTH = 20;

/** Forwarded messages read inside forwarded messages; deeper ones stay attachments. */
export const MAX_FORWARD_DEPTH = 3;

/** Header bytes over every part; postal-mime rejects the parse beyond it. */
export const MAX_HEADER_BYTES = 1_000_000;

/** Links kept; a newsletter has hundreds, and the review window lists each one. */
export const MAX_LINKS = 2_000;

/** Characters of body text kept. */
export const MAX_TEXT_CHARS = 500_000;

/** Attachments described and hashed. */
export const MAX_ATTACHMENTS = 100;

/** Attached emails handed on to be read themselves (a user who forwards phishing attaches it). */
export const MAX_ATTACHED_EMAILS = 5;

/** Levels of attached emails read below the email dropped (issue 38): an attachment of an attachment of an attachment; deeper ones are listed and hashed, not read. */
export const MAX_ATTACHED_DEPTH = 3;

/** Bytes the attached emails of one dropped email take together, every level counted (issue 38), as much as one dropped email: beyond, they are listed and hashed, not read. */
export const MAX_ATTACHED_BYTES = 25 * 1024 * 1024;
