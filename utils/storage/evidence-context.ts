import type { Problem } from '../problems/kinds';
import type { ChainEvidence } from './navigation-types';

// The evidence context is part of a stored report (report-types.ts), so its
// shape lives with the stored shapes; utils/evidence builds and reads it.

/** The email a report's indicator was read from (review window, issue 23). */
export interface EmailEvidence {
  fileName: string;
  subject?: string;
  /** "Name <address>". */
  from?: string;
  /** The Date header, as read. */
  date?: string;
  messageId?: string;
  /** The email file itself went, or only its headers and text (it was over the upload limit). */
  attached: 'original' | 'headers_and_text';
}

/** How much of the page the whole-page screenshot shows (issue 41). CSS pixels. */
export interface WholePageShot {
  /** The page's full height. */
  pageHeight: number;
  /** The height the image shows, from the top: the page's, or less at the cap (WHOLE_PAGE_MAX_PX) or the time limit. */
  height: number;
  /** Share of the screen's pixels the image keeps (1: none scaled). */
  scale: number;
}

/** Where and how the evidence was captured. */
export interface EvidenceContext {
  /** The address the report is about (for a link report, the link); '' for an email's indicator. */
  requestedUrl: string;
  /** The email the indicator was read from. */
  email?: EmailEvidence;
  /** The address the tab showed when captured, when it differs or is known. */
  currentUrl?: string;
  title?: string;
  capturedAt: Date;
  /** IANA time zone of the browser, e.g. Europe/Amsterdam. */
  timeZone: string;
  browser: { name: string; version: string; language: string };
  extensionVersion: string;
  /** The reporter's email, when set. */
  reporter?: string;
  /** Parts that could not be captured (the page took too long, left the site…): the report went without them. */
  notCaptured?: Extract<Problem, { kind: 'capture_failed' }>[];
  /** Reported from selected text whose page is not named nor attached: it may be internal (issue 44). */
  pageWithheld?: true;
  /** How the browser reached the reported page (a page's own report only; issue 41): the way, or why there is none. */
  navigation?: ChainEvidence;
  /** Set when a whole-page screenshot was sent beside the visible one. */
  wholePage?: WholePageShot;
}
