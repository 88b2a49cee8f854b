import { useEffect, useRef, useState } from 'preact/hooks';
import type { OptionsSection } from '@/utils/messaging/protocol';
import { headingIdOf, placeOf, type SectionPlace } from './sections';

/** A place and how many times the user moved (0: as the page opened). */
type Arrival = SectionPlace & { moves: number };

/**
 * Scrolls to the element a place names and, when it is a form field, puts the
 * focus in it; waits for it a moment, as the settings form loads lazily.
 */
function bringIntoView(id: string, attempts = 40): void {
  const element = document.getElementById(id);
  if (!element) {
    if (attempts > 0) setTimeout(() => bringIntoView(id, attempts - 1), 50);
    return;
  }
  element.scrollIntoView();
  if (element.matches('input, select, textarea')) element.focus();
}

/**
 * The section the page's fragment names, following it: a link of the
 * navigation, Back and Forward change the fragment, a reload keeps it. Each
 * move the user makes puts the focus on the section's heading, so the section
 * is announced and the next Tab goes into it; the page's first place leaves
 * the focus where the browser puts it. `visited`: the sections shown so far,
 * so a section's content is built, and asks the service, only once opened,
 * and stays (with what was typed in it) when another one is shown.
 */
export function useSection(): { current: OptionsSection; visited: ReadonlySet<OptionsSection> } {
  const [arrival, setArrival] = useState<Arrival>(() => ({ ...placeOf(location.hash), moves: 0 }));
  const visited = useRef(new Set<OptionsSection>()).current;
  visited.add(arrival.section);

  useEffect(() => {
    const follow = () => setArrival((previous) => ({ ...placeOf(location.hash), moves: previous.moves + 1 }));
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);

  useEffect(() => {
    if (arrival.moves > 0) document.getElementById(headingIdOf(arrival.section))?.focus({ preventScroll: arrival.target !== null });
    if (arrival.target) bringIntoView(arrival.target);
  }, [arrival]);

  return { current: arrival.section, visited };
}
