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
// tests/unit/indicators/long-runs.test.ts for the runs and why the ceilings).
// Runs of 50,000 characters, which a quadratic pattern reads in seconds (link
// texts 200,000: the quadratic one took 1.6 s at 50,000); each ceiling is 10×
// the slowest run measured, 2 s at least: a guard, not a budget.

const LENGTH = 50_000;
const bytes = (text: string) => new TextEncoder().encode(text);

describe.each<[string, (text: string) => unknown, number, number]>([
  ['readHtml (text)', readHtml, LENGTH, 2_000],
  ['readHtml (a link and its text)', (text) => readHtml(`<a href="https://evil.example/${text}">${text}</a>`), LENGTH, 2_000],
  ['shownPlace', shownPlace, 200_000, 2_000],
  ['readAuthResults', (text) => readAuthResults(headersOf(`Authentication-Results: ${text}`, `Received-SPF: ${text}`)), LENGTH, 2_800],
  ['readReceivedChain', (text) => readReceivedChain(headersOf(`Received: ${text}`, `X-Originating-IP: ${text}`), { ownDomains: ['examplebank.com'], recipients: [text] }), LENGTH, 2_000],
  ['readMailDate', readMailDate, LENGTH, 2_000],
  ['withoutComments', withoutComments, LENGTH, 2_000],
  ['findTextLinks', (text) => findTextLinks(`https://${text}`), LENGTH, 2_000],
  ['countMimeParts', (text) => countMimeParts(bytes(`Content-Type: multipart/mixed; boundary="${text}"\n\n--${text}`)), LENGTH, 2_000],
  ['looksLikeEmail', (text) => looksLikeEmail(bytes(`From: ${text}`)), LENGTH, 2_000],
])('%s over a run of %i characters', (_name, read, length, ceilingMs) => {
  it.each(UNITS)('of %j stays under its ceiling', (unit) => {
    expect(millisecondsFor(read, longRun(unit, length))).toBeLessThan(ceilingMs);
  });

  it('of runs mixed at random stays under its ceiling', () => {
    fc.assert(
      fc.property(mixedRuns(length), (text) => millisecondsFor(read, text) < ceilingMs),
      { numRuns: 3 },
    );
  });
});
