import { describe, expect, it } from 'vitest';
import { placeOf } from '@/components/options/sections';

// The options page's addresses: each section's own, a notification's row,
// the fragments in use before the page had sections, and anything else.

describe('the place a fragment of the options page names', () => {
  it.each([
    ['#connection', 'connection', null],
    ['#reporting', 'reporting', null],
    ['#reports', 'reports', null],
    ['#account', 'account', null],
    ['#webhooks', 'webhooks', null],
    ['#backup', 'backup', null],
    ['#about', 'about', null],
    // A report notification's click (utils/background/reporting.ts): its table brings the row into view.
    ['#report-r1501', 'reports', null],
    // Before the sections: the summary notification's, and Insights'.
    ['#my-reports', 'reports', 'my-reports'],
    ['#insights', 'reports', 'insights'],
    // The setup checklist's links and the phone fix link: Reporting, with the field focused.
    ['#settings-reporter', 'reporting', 'settings-reporter'],
    ['#settings-own-domains', 'reporting', 'settings-own-domains'],
    ['#settings-country', 'reporting', 'settings-country'],
    ['#settings-other', 'connection', null],
    ['', 'connection', null],
    ['#', 'connection', null],
    ['#nothing-here', 'connection', null],
    ['#Reports', 'connection', null],
  ])('%j: section %s, target %s', (hash, section, target) => {
    expect(placeOf(hash)).toEqual({ section, target });
  });
});
