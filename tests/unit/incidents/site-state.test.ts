import { describe, expect, it } from 'vitest';
import { IncidentState } from '@/utils/api/schemas/incident';
import { siteFactsOf } from '@/utils/incidents/site-state';

// The state of the site as the service asserts it: only true says something.

describe('the facts of the site', () => {
  it.each([
    ['no state at all', null, []],
    ['every flag false: nothing asserted', { responsive: false, unresponsive: false, contentRemoved: false, redirect: false, warningBanner: false, inconclusive: false }, []],
    ['every flag null or absent: nothing asserted', { responsive: null, contentRemoved: null }, []],
    ['does not respond', { responsive: false, unresponsive: true }, ['unresponsive']],
    ['responds', { responsive: true, unresponsive: null }, ['responsive']],
    ['responds and does not respond at once: inconclusive, never both', { responsive: true, unresponsive: true }, ['inconclusive']],
    ['the pair and inconclusive: said once', { responsive: true, unresponsive: true, inconclusive: true }, ['inconclusive']],
    ['removed, redirecting, warned', { unresponsive: false, contentRemoved: true, redirect: true, warningBanner: true }, ['contentRemoved', 'redirect', 'warningBanner']],
    ['a malformed flag asserts nothing', { unresponsive: 'yes', redirect: 1 }, []],
  ])('%s', (_name, state, facts) => {
    expect(siteFactsOf(state === null ? null : IncidentState.parse(state))).toEqual(facts);
  });
});
