import { i18n } from '#i18n';
import { OPTIONS_SECTIONS, type OptionsSection } from '@/utils/messaging/protocol';

/** Where a fragment of the options page leads: the section shown, and the element in it to bring into view, if any. */
export interface SectionPlace {
  section: OptionsSection;
  /** An element's id inside the section (`my-reports`, `insights`); a row (`#report-<id>`) is brought into view by its table. */
  target: string | null;
}

/**
 * Fragments in use before the page had sections, each mapped to the section
 * that holds it now: a summary notification opened `#my-reports`, Insights
 * was `#insights` (both cards of My reports).
 */
const OLD_FRAGMENTS: Record<string, SectionPlace> = {
  'my-reports': { section: 'reports', target: 'my-reports' },
  insights: { section: 'reports', target: 'insights' },
};

/** Settings fields a link may lead to (the setup checklist, a problem's fix link): each in Reporting. */
const FIELD_FRAGMENTS = new Set(['settings-reporter', 'settings-own-domains', 'settings-country']);

const isSection = (name: string): name is OptionsSection => (OPTIONS_SECTIONS as readonly string[]).includes(name);

/**
 * The place a fragment names: `#reports` a section, `#report-<id>` a report's
 * row in My reports (a notification's click, utils/background/reporting.ts),
 * a settings field (`#settings-country`) Reporting with that field, an old fragment its section; anything else the first section, Connection.
 */
export function placeOf(hash: string): SectionPlace {
  const name = hash.replace(/^#/, '');
  if (isSection(name)) return { section: name, target: null };
  if (name.startsWith('report-')) return { section: 'reports', target: null };
  if (FIELD_FRAGMENTS.has(name)) return { section: 'reporting', target: name };
  return OLD_FRAGMENTS[name] ?? { section: 'connection', target: null };
}

/** Each section's name, as its link in the navigation and its heading say it. */
export const SECTION_NAMES: Record<OptionsSection, () => string> = {
  connection: () => i18n.t('options.section.connection'),
  reporting: () => i18n.t('options.section.reporting'),
  reports: () => i18n.t('my_reports.heading'),
  account: () => i18n.t('account.heading'),
  webhooks: () => i18n.t('webhooks.heading'),
  backup: () => i18n.t('options.section.backup'),
  about: () => i18n.t('options.section.about'),
};

/** The id of a section's heading: it takes the focus when the section is opened. */
export const headingIdOf = (section: OptionsSection): string => `section-${section}-heading`;
