import { i18n } from '#i18n';
import { checkEmail } from '@/utils/drafts/draft-edit';
import { KEEP_DAYS_RANGE, OWN_DOMAINS_MAX, readOwnDomains, REFRESH_MINUTES_RANGE } from '@/utils/settings/settings';
import { wholeNumberIn } from '../ui/number-field';

/** The settings the form holds as typed, so a half-typed number or domain list is not lost. */
export interface SettingsText {
  reporterEmail: string;
  keepDays: string;
  refreshMinutes: string;
  ownDomains: string;
}

/** What the typed settings read as, and the sentence for each that cannot be saved (null when it can). */
export interface SettingsReading {
  days: number | null;
  minutes: number | null;
  domains: string[];
  errors: { email: string | null; days: string | null; minutes: string | null; domains: string | null };
}

/** Why the own-domains list cannot be saved: lines that are no domain, or more domains than kept. */
function ownDomainsError(domains: ReturnType<typeof readOwnDomains>): string | null {
  if (domains.invalid.length > 0) return i18n.t('settings.own_domains_invalid', [domains.invalid.map((line) => `“${line}”`).join(', ')]);
  if (domains.domains.length > OWN_DOMAINS_MAX) return i18n.t('settings.own_domains_too_many', [String(OWN_DOMAINS_MAX)]);
  return null;
}

/** Reads the typed settings once, for both the errors shown and the save, so the two never disagree. */
export function readSettingsText(text: SettingsText): SettingsReading {
  const days = wholeNumberIn(text.keepDays, KEEP_DAYS_RANGE);
  const minutes = wholeNumberIn(text.refreshMinutes, REFRESH_MINUTES_RANGE);
  const domains = readOwnDomains(text.ownDomains);
  return {
    days,
    minutes,
    domains: domains.domains,
    errors: {
      email: checkEmail(text.reporterEmail) ? null : i18n.t('report.form.reporter_invalid'),
      days: days === null ? i18n.t('settings.keep_days_invalid', [String(KEEP_DAYS_RANGE.min), String(KEEP_DAYS_RANGE.max)]) : null,
      minutes: minutes === null ? i18n.t('status_refresh.refresh_minutes_invalid', [String(REFRESH_MINUTES_RANGE.min), String(REFRESH_MINUTES_RANGE.max)]) : null,
      domains: ownDomainsError(domains),
    },
  };
}
