import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { OPTIONS_SECTIONS, type OptionsSection } from '@/utils/messaging/protocol';
import { headingIdOf, SECTION_NAMES } from './sections';

/**
 * The options page's sections as links, the current one marked: each is a
 * fragment of the page's address, so Back, Forward, a reload and a bookmark
 * find the same section. Following the link of the section already shown
 * changes no fragment: its heading takes the focus all the same.
 */
export function OptionsNav({ current }: { current: OptionsSection }): JSX.Element {
  return (
    <nav class="options-nav" aria-label={i18n.t('options.nav_label')}>
      <ul>
        {OPTIONS_SECTIONS.map((section) => (
          <li key={section}>
            <a
              href={`#${section}`}
              aria-current={section === current ? 'page' : undefined}
              onClick={() => {
                if (location.hash === `#${section}`) document.getElementById(headingIdOf(section))?.focus();
              }}
            >
              {SECTION_NAMES[section]()}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
