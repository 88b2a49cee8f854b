import type { ComponentChildren, JSX } from 'preact';
import type { OptionsSection as Section } from '@/utils/messaging/protocol';
import { headingIdOf, SECTION_NAMES } from './sections';

interface OptionsSectionProps {
  section: Section;
  current: Section;
  /** Shown before: its content stays built while another section is shown. */
  visited: boolean;
  children: ComponentChildren;
}

/**
 * One section of the options page, under its heading. Only the current
 * section shows: a link of the navigation brings its section to the top of
 * the page at once, heading first, rather than scrolling a page some 6,500 px
 * tall to it (issue 21). A section's content is built the first time it is
 * shown and kept after, hidden, so what was typed in it stays.
 */
export function OptionsSection({ section, current, visited, children }: OptionsSectionProps): JSX.Element {
  const heading = headingIdOf(section);
  return (
    <section id={`section-${section}`} class="options-section" aria-labelledby={heading} hidden={section !== current}>
      <h2 id={heading} tabIndex={-1}>
        {SECTION_NAMES[section]()}
      </h2>
      {visited && children}
    </section>
  );
}
