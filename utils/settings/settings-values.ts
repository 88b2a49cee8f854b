import { INCIDENT_STATUSES, type IncidentStatus } from '../api/schemas/incident-vocabulary';
import type { ReportAction } from '../storage/report-types';
import { isHostnameSyntax } from '../indicators/hostname';

// The settings' shape, defaults and repair: pure, so the policy reader
// (managed.ts) and the stored item (settings.ts) both use them without
// importing each other.

/** What each report carries by default; every report can change it. */
export interface EvidenceDefaults {
  /** A stamped screenshot of the visible tab. */
  screenshot: boolean;
  /** The page's HTML source, capped. */
  pageSource: boolean;
  /** Forms (where credentials would go), outbound links, script and frame origins. */
  pageDetails: boolean;
}

/** The user's reporting settings. */
export interface Settings {
  /** Sent as `reportedBy`, so the reporter receives status emails; '' for none. */
  reporterEmail: string;
  defaultAction: ReportAction;
  /** Sub-client reported for when the report names none; '' for the key's own client. */
  defaultClientId: string;
  evidence: EvidenceDefaults;
  /**
   * A selection's report also sends its page's screenshot and source (as `evidence` chooses) without the user
   * ticking them: off by default, the page selected from may be internal (issue 44).
   */
  selectionPageEvidence: boolean;
  /**
   * The background keeps how each tab reached its page (redirects, shorteners) and a page's report sends it:
   * off by default, it needs the `webNavigation` permission (issue 41).
   */
  recordNavigation: boolean;
  /**
   * The screenshot is followed by one of the whole page (scrolled and joined, issue 41): off by default, it scrolls
   * the page in front of the user for seconds on a long page, and the popup captures as it opens.
   */
  wholePageScreenshot: boolean;
  /** ISO 3166 country for phone numbers written without +; '' for none. */
  phoneCountry: string;
  /** False while the user has not chosen a phone country: the browser's region gives it (phone-country.ts). */
  phoneCountryChosen: boolean;
  /** Menu and shortcut reports open the review window instead of going at once. */
  confirmBeforeSend: boolean;
  /** Evidence of reports that reached the service is deleted from this browser after this many days. */
  keepSentEvidenceDays: number;
  /** Minutes between background status refreshes. */
  refreshMinutes: number;
  /** Status changes that raise a notification. */
  notifyStatuses: IncidentStatus[];
  /** "My reports" also lists the account's other incidents (GET /v1/incidents from the start), not only this extension's reports. */
  includeAccountIncidents: boolean;
  /**
   * The organisation's own domains (ASCII, lower-case): an email's lookalikes of
   * them, display names naming them, and the recipient's own mail servers are
   * told from these.
   */
  ownDomains: string[];
}

export const DEFAULT_SETTINGS: Settings = {
  reporterEmail: '',
  defaultAction: 'tkd',
  defaultClientId: '',
  evidence: { screenshot: true, pageSource: true, pageDetails: true },
  selectionPageEvidence: false,
  recordNavigation: false,
  wholePageScreenshot: false,
  phoneCountry: '',
  phoneCountryChosen: false,
  confirmBeforeSend: false,
  keepSentEvidenceDays: 30,
  refreshMinutes: 15,
  notifyStatuses: ['action_required', 'approval_required', 'takedown_success', 'takedown_attempt_failed'],
  includeAccountIncidents: false,
  ownDomains: [],
};

/** At most this many own domains are kept. */
export const OWN_DOMAINS_MAX = 50;

/** One own domain as stored (ASCII, lower-case, no trailing dot), or null when it is not a domain name. */
function ownDomainOf(text: string): string | null {
  const written = text.trim().replace(/^\*\./, '').replace(/\.$/, '');
  if (!written || /[\s/:@?#]/.test(written)) return null;
  // The URL parser gives the ASCII (punycode) form of an internationalised name.
  const host = URL.canParse(`http://${written}`) ? new URL(`http://${written}`).hostname : '';
  return host.includes('.') && isHostnameSyntax(host) && !/^[\d.]+$/.test(host) ? host : null;
}

/** The own domains written one a line (or comma-separated): those that are domains, once each, and the lines that are not. */
export function readOwnDomains(text: string): { domains: string[]; invalid: string[] } {
  const domains: string[] = [];
  const invalid: string[] = [];
  for (const line of text.split(/[\n,]/)) {
    if (!line.trim()) continue;
    const domain = ownDomainOf(line);
    if (domain === null) invalid.push(line.trim());
    else if (!domains.includes(domain)) domains.push(domain);
  }
  return { domains, invalid };
}

/** Allowed range of `refreshMinutes`: alarms fire at most about every minute; once a day at least. */
export const REFRESH_MINUTES_RANGE = { min: 5, max: 1440 } as const;

/** Allowed range of `keepSentEvidenceDays`. */
export const KEEP_DAYS_RANGE = { min: 1, max: 365 } as const;

function pick<T>(value: unknown, valid: (candidate: unknown) => candidate is T, fallback: T): T {
  return valid(value) ? value : fallback;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isAction = (value: unknown): value is ReportAction => value === 'tkd' || value === 'monitor';
const isCountry = (value: unknown): value is string => typeof value === 'string' && /^([A-Z]{2})?$/.test(value);
const isRefreshMinutes = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= REFRESH_MINUTES_RANGE.min && (value as number) <= REFRESH_MINUTES_RANGE.max;
const isStatusList = (value: unknown): value is IncidentStatus[] => Array.isArray(value) && value.every((status) => (INCIDENT_STATUSES as readonly unknown[]).includes(status));
const isDomainList = (value: unknown): value is string[] => Array.isArray(value) && value.every((domain) => typeof domain === 'string');
const isKeepDays = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= KEEP_DAYS_RANGE.min && (value as number) <= KEEP_DAYS_RANGE.max;

/** Settings from whatever is stored: each unusable field falls back to its default alone. */
export function normaliseSettings(stored: unknown): Settings {
  const raw = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const evidence = (typeof raw.evidence === 'object' && raw.evidence !== null ? raw.evidence : {}) as Record<string, unknown>;
  const defaults = DEFAULT_SETTINGS;
  return {
    reporterEmail: pick(raw.reporterEmail, isString, defaults.reporterEmail).trim(),
    defaultAction: pick(raw.defaultAction, isAction, defaults.defaultAction),
    defaultClientId: pick(raw.defaultClientId, isString, defaults.defaultClientId).trim(),
    evidence: {
      screenshot: pick(evidence.screenshot, isBoolean, defaults.evidence.screenshot),
      pageSource: pick(evidence.pageSource, isBoolean, defaults.evidence.pageSource),
      pageDetails: pick(evidence.pageDetails, isBoolean, defaults.evidence.pageDetails),
    },
    selectionPageEvidence: pick(raw.selectionPageEvidence, isBoolean, defaults.selectionPageEvidence),
    recordNavigation: pick(raw.recordNavigation, isBoolean, defaults.recordNavigation),
    wholePageScreenshot: pick(raw.wholePageScreenshot, isBoolean, defaults.wholePageScreenshot),
    phoneCountry: pick(raw.phoneCountry, isCountry, defaults.phoneCountry),
    phoneCountryChosen: pick(raw.phoneCountryChosen, isBoolean, defaults.phoneCountryChosen),
    confirmBeforeSend: pick(raw.confirmBeforeSend, isBoolean, defaults.confirmBeforeSend),
    keepSentEvidenceDays: pick(raw.keepSentEvidenceDays, isKeepDays, defaults.keepSentEvidenceDays),
    refreshMinutes: pick(raw.refreshMinutes, isRefreshMinutes, defaults.refreshMinutes),
    notifyStatuses: [...new Set(pick(raw.notifyStatuses, isStatusList, defaults.notifyStatuses))],
    includeAccountIncidents: pick(raw.includeAccountIncidents, isBoolean, defaults.includeAccountIncidents),
    // Each entry that is not a domain is dropped alone.
    ownDomains: readOwnDomains(pick(raw.ownDomains, isDomainList, defaults.ownDomains).join('\n')).domains.slice(0, OWN_DOMAINS_MAX),
  };
}

/**
 * The settings to store over what is stored: fields this version does not
 * know (a newer version's, after going back to an older one) are kept, so the
 * newer version finds them again; those it knows are replaced.
 */
export function keepUnknownFields(stored: unknown, settings: Settings): Record<string, unknown> {
  const raw = (typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {}) as Record<string, unknown>;
  const evidence = typeof raw.evidence === 'object' && raw.evidence !== null ? raw.evidence : {};
  return { ...raw, ...settings, evidence: { ...evidence, ...settings.evidence } };
}
