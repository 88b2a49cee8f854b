import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAuthResults } from '@/utils/email/auth-results';
import { looksLikeEmail } from '@/utils/email/email-format';
import { findTextLinks } from '@/utils/email/email-links';
import { withoutComments } from '@/utils/email/header-text';
import { readHtml } from '@/utils/email/html-text';
import { shownPlace } from '@/utils/email/link-text';
import { readMailDate } from '@/utils/email/mail-date';
import { countMimeParts } from '@/utils/email/mime-parts';
import { readReceivedChain } from '@/utils/email/received';
import { longRun, millisecondsFor, mixedRuns, UNITS } from '../long-runs';
import { headersOf } from './message';

// The email's readers of outside input (its headers, HTML, link texts) run in
// time linear in it, as the indicator finders do (see
// tests/unit/indicators/long-runs.test.ts for the runs). Runs of 50,000
// characters, which a quadratic pattern reads in seconds; each ceiling is 10×
// the slowest run measured, 500 ms at least: a guard, not a budget.

const LENGTH = 50_000;
const bytes = (text: string) => new TextEncoder().encode(text);

describe.each<[string, (text: string) => unknown, number]>([
  ['readHtml (text)', readHtml, 500],
  ['readHtml (a link and its text)', (text) => readHtml(`<a href="https://evil.example/${text}">${text}</a>`), 1_500],
  ['shownPlace', shownPlace, 500],
  ['readAuthResults', (text) => readAuthResults(headersOf(`Authentication-Results: ${text}`, `Received-SPF: ${text}`)), 2_800],
  ['readReceivedChain', (text) => readReceivedChain(headersOf(`Received: ${text}`, `X-Originating-IP: ${text}`), { ownDomains: ['examplebank.com'], recipients: [text] }), 500],
  ['readMailDate', readMailDate, 500],
  ['withoutComments', withoutComments, 500],
  ['findTextLinks', (text) => findTextLinks(`https://${text}`), 500],
  ['countMimeParts', (text) => countMimeParts(bytes(`Content-Type: multipart/mixed; boundary="${text}"\n\n--${text}`)), 500],
  ['looksLikeEmail', (text) => looksLikeEmail(bytes(`From: ${text}`)), 500],
])('%s over a 50,000-character run', (_name, read, ceilingMs) => {
  it.each(UNITS)('of %j stays under its ceiling', (unit) => {
    expect(millisecondsFor(read, longRun(unit, LENGTH))).toBeLessThan(ceilingMs);
  });

  it('of runs mixed at random stays under its ceiling', () => {
    fc.assert(
      fc.property(mixedRuns(LENGTH), (text) => millisecondsFor(read, text) < ceilingMs),
      { numRuns: 3 },
    );
  });
});
