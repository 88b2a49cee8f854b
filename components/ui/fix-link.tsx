import type { JSX } from 'preact';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { PAGE_PATHS, optionsPath } from '@/utils/messaging/protocol';
import type { Problem } from '@/utils/problems/kinds';

/** The options section where what a problem's sentence asks for is done ("check it in the settings"), if it is there. */
function sectionFixing(problem: Problem): 'connection' | null {
  switch (problem.kind) {
    case 'not_configured':
    case 'permission_missing':
    case 'unauthorized':
    case 'network':
      return 'connection';
    case 'invalid_request':
      return problem.refusal === 'invalid_base_url' ? 'connection' : null;
    default:
      return null;
  }
}

/** A link to the phone-country setting, in a new tab: a local number reads once it is set. */
export function phoneCountryLink(): JSX.Element {
  return (
    <a href={browser.runtime.getURL(`${PAGE_PATHS.options}#settings-country`)} target="_blank" rel="noopener">
      {i18n.t('options.fix_link.phone_country')}
    </a>
  );
}

/**
 * A link that opens the options page, in a new tab, on the section where the
 * problem is fixed; undefined when it is fixed elsewhere. For pages other than
 * the options page: the review window and the incident page.
 */
export function fixLink(problem: Problem): JSX.Element | undefined {
  // A local number without a country: the link leads to the phone country itself.
  if (problem.kind === 'invalid_indicator' && problem.reason === 'phone_needs_country') return phoneCountryLink();
  const section = sectionFixing(problem);
  if (!section) return undefined;
  return (
    <a href={browser.runtime.getURL(optionsPath(section))} target="_blank" rel="noopener">
      {i18n.t(`options.fix_link.${section}`)}
    </a>
  );
}
