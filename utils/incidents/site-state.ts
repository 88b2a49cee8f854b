import type { IncidentState } from '../api/schemas/incident';

// The state of the site as the service asserts it (spec: IncidentState). Only
// a flag that is true says something: false, null and absent assert nothing,
// so no sentence is ever made of them, and a pair that contradicts itself is
// said to be inconclusive rather than shown twice.

/** One fact about the site, as a sentence's key. */
export type SiteFact = 'unresponsive' | 'responsive' | 'contentRemoved' | 'redirect' | 'warningBanner' | 'inconclusive';

/** The facts the service asserts, in reading order; none when it asserts nothing (or sent no state). */
export function siteFactsOf(state: IncidentState | null | undefined): SiteFact[] {
  if (!state) return [];
  const facts = new Set<SiteFact>();
  // Responds and does not respond at once: the service cannot tell.
  if (state.responsive === true && state.unresponsive === true) facts.add('inconclusive');
  else if (state.unresponsive === true) facts.add('unresponsive');
  else if (state.responsive === true) facts.add('responsive');
  for (const flag of ['contentRemoved', 'redirect', 'warningBanner', 'inconclusive'] as const) if (state[flag] === true) facts.add(flag);
  return [...facts];
}
