import { isApiErrorInfo, toApiErrorInfo, type ApiErrorInfo } from '../api/errors';
import type { IndicatorProblem } from '../indicators/types';

// Problems are what every feature shows when something did not work: a kind
// the UI switches on, and facts. Plain data, so they cross messaging intact;
// sentences.ts alone turns them into sentences.

/** Why a value typed by the user was refused before anything was sent. */
export type InputReason =
  | 'url_empty'
  | 'url_invalid'
  | 'url_not_https'
  | 'url_http_not_loopback'
  | 'url_credentials'
  | 'url_query'
  | 'key_empty'
  | 'key_whitespace'
  | 'key_short'
  /** The key field was left empty for a service at another origin: the saved key goes only to its own. */
  | 'key_new_origin'
  /** The organisation's policy sets a key but no service URL: nothing is sent. */
  | 'policy_url_missing';

export type Problem =
  | ApiErrorInfo
  | { kind: 'invalid_input'; reason: InputReason }
  /** A URL, domain, email, phone or IPv4 that cannot be reported as written. */
  | { kind: 'invalid_indicator'; reason: IndicatorProblem }
  | { kind: 'not_configured' }
  /** The host permission for the service origin is not granted (declined, or removed later). */
  | { kind: 'permission_missing'; origin: string; declined?: boolean }
  /** While connecting: the service refused this key. */
  | { kind: 'key_rejected'; origin: string }
  /** While connecting: nothing answered at the address. */
  | { kind: 'unreachable'; origin: string }
  /** While connecting: something answered, but not as the incident API does. */
  | { kind: 'not_the_api'; origin: string; status?: number }
  /** A page could not reach the extension's background. */
  | { kind: 'background_unreachable' }
  /** The report is no longer saved in this browser. */
  | { kind: 'report_missing' }
  /** The report is being sent already, or has been sent. */
  | { kind: 'report_busy' }
  /** The extension stopped while the report's request was in flight: it may or may not have arrived. */
  | { kind: 'interrupted' }
  /** A check found no incident for the subject: the report did not arrive. */
  | { kind: 'not_received' }
  | { kind: 'not_listed_yet' }
  /** The browser was offline: the report waits and is sent when the network is back. */
  | { kind: 'offline' }
  /** The page cannot be captured or read (browser pages, the web store, a closed tab). */
  /** `reason`: the page took too long, or left the reported site while it was captured; none: the browser refused. */
  | { kind: 'capture_failed'; what: 'screenshot' | 'page' | 'whole_page'; reason?: 'timeout' | 'navigated' }
  /** The extension may not read this tab: the user has to click the toolbar button or the menu on it. */
  | { kind: 'no_tab_access' }
  /** A part of a page, loaded after it showed, could not be: most often the extension was updated since the page opened. */
  | { kind: 'code_not_loaded' }
  /** The reports kept in this browser (IndexedDB) could not be read; `newer`: a newer version of the extension changed them beyond what this one reads (its database version). */
  | { kind: 'reports_unreadable'; newer?: number }
  /** A report could not be written to this browser's outbox, so nothing was sent; `full`: the browser had no room left. */
  | { kind: 'report_not_saved'; full?: boolean };

/** An Error that carries a Problem, for code paths that throw (the connected client's credentials). */
export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.kind);
    this.name = 'ProblemError';
  }
}

const OWN_KINDS: readonly string[] = [
  'invalid_input',
  'invalid_indicator',
  'not_configured',
  'permission_missing',
  'key_rejected',
  'unreachable',
  'not_the_api',
  'background_unreachable',
  'report_missing',
  'report_busy',
  'interrupted',
  'not_received',
  'not_listed_yet',
  'offline',
  'capture_failed',
  'no_tab_access',
  'code_not_loaded',
  'reports_unreadable',
  'report_not_saved',
];

/** The problem of a report whose write to the outbox failed: nothing was sent (QuotaExceededError: no room left). */
export function notSavedProblem(error: unknown): Problem {
  const full = (error instanceof Error || error instanceof DOMException) && error.name === 'QuotaExceededError';
  return full ? { kind: 'report_not_saved', full } : { kind: 'report_not_saved' };
}

/** True for a value that already is a Problem (for example one received over messaging). */
export function isProblem(value: unknown): value is Problem {
  if (isApiErrorInfo(value)) return true;
  return typeof value === 'object' && value !== null && OWN_KINDS.includes((value as { kind?: unknown }).kind as string);
}

/** Turns anything thrown into a Problem: a ProblemError's own, an ApiError's facts, or an unexpected failure. */
export function toProblem(error: unknown): Problem {
  if (error instanceof ProblemError) return error.problem;
  if (isProblem(error) && !isApiErrorInfo(error)) return error;
  return toApiErrorInfo(error);
}
