// What the review window ticks for reporting at first (default-pick.ts sets it
// on each finding of an analysis), apart from email-types.ts so that the
// pick's own types import nothing.

/** Why a finding is not ticked at first, when the user must be told. */
export type PickReason =
  /** The receiving server's DMARC or SPF check shows this sender forged: it is the brand imitated. */
  | 'forged'
  /** A header not shown to be the receiving server's says DMARC or SPF failed for this sender. */
  | 'forged_claimed'
  /** A well-known brand's own address or domain: most likely the brand imitated. */
  | 'brand'
  /** A page of a well-known brand's own site, not one its users put there. */
  | 'brand_site'
  /** Only in links the reader never sees. */
  | 'hidden'
  /** Only as an image, stylesheet or tracker the email loads. */
  | 'resource'
  /** Only as a redirector a link passes through. */
  | 'wrapper'
  /** The organisation's own. */
  | 'own_domain';

/** Whether a finding is ticked for reporting at first, and why not when that needs saying (default-pick.ts). */
export interface EmailPick {
  ticked: boolean;
  reason?: PickReason;
}
