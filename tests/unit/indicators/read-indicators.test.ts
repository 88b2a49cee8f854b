import { describe, expect, it } from 'vitest';
import { readIndicators } from '@/utils/indicators/find';
import { longRun, millisecondsFor } from '../long-runs';

// Issue 44, point 4: seven indicators selected gave four rows; the phone,
// `acrne[.]example` and `intranet.corp` vanished without a word. Whatever the
// finder sees that looks like an indicator is now a row or "not recognised",
// with its reason.

/** What the user sees: the rows' values, and the not-recognised items with their reason. */
function seen(input: string, country?: string): { rows: string[]; notRecognised: string[] } {
  const { found, notRecognised } = readIndicators(input, country ? { defaultCountry: country } : {});
  return {
    rows: found.map(({ text, check }) => (check.ok ? `${check.indicator.type} ${check.indicator.value}` : `✗ ${check.problem} ${text}`)),
    notRecognised: notRecognised.map(({ text, check }) => `${text}: ${check.ok ? check.indicator.warnings.join(',') : check.problem}`),
  };
}

/** The selection: seven indicators on one line, as a ticket holds them. */
const SEVEN = 'Seen: https://login-acme.example.com/verify billing@acme-support.com +1 415 555 0199 203.0.113.7 acrne[.]example intranet.corp login-acme.example.com';

describe('readIndicators: nothing selected vanishes', () => {
  it('the issue’s seven: six rows, and intranet.corp not recognised with its reason', () => {
    expect(seen(SEVEN)).toEqual({
      rows: ['url https://login-acme.example.com/verify', 'email billing@acme-support.com', 'phone +14155550199', 'ipv4 203.0.113.7', 'domain acrne.example', 'domain login-acme.example.com'],
      notRecognised: ['intranet.corp: domain_unknown_suffix'],
    });
  });

  it.each<[string, string, string[], string[], string?]>([
    ['a phone right before an IPv4 on one line', '+1 415 555 0199 203.0.113.7', ['phone +14155550199', 'ipv4 203.0.113.7'], []],
    ['a phone in brackets', 'Call (+1 415 555 0199) now', ['phone +14155550199'], []],
    ['a phone in square brackets', '[+1 415 555 0199]', ['phone +14155550199'], []],
    ['a phone written with dots', 'phone +1.415.555.0199', ['phone +14155550199'], []],
    ['a phone with an extension, read with a country', 'Call +1 415 555 0199 ext. 12', ['phone +14155550199'], [], 'US'],
    ['a phone run into a year', 'Call +1 415 555 0199 2024', [], ['+1 415 555 0199 2024: phone_invalid']],
    ['a local number without a default country', 'Call 020 7946 0100 today', [], ['020 7946 0100: phone_needs_country']],
    ['a defanged name under an unknown top-level domain', 'Lookalike: acrne[.]example', ['domain acrne.example'], []],
    ['a defanged name with (dot) and a path', 'see acrne(dot)example/login', ['url http://acrne.example/login'], []],
    ['an internal name', 'Hosted on intranet.corp and acme.local/login', [], ['intranet.corp: domain_unknown_suffix', 'acme.local/login: domain_unknown_suffix']],
    ['a public suffix alone', 'registered under co.uk', [], ['co.uk: domain_public_suffix']],
  ])('%s', (_case, text, rows, notRecognised, country) => {
    expect(seen(text, country)).toEqual({ rows, notRecognised });
  });

  it.each([
    ['file names', 'See the attached report.pdf, notes.txt and app.js'],
    ['numbers, amounts, versions and dates', 'Paid 1.50 on 05/12/2024 for order 123456789, version v2.3b'],
    ['a sentence that begins without its blank', 'Nuestro país.Se trata de una oferta'],
    ['a dot put inside a word, mid-sentence', 'Unusual sign.in activity'],
    ['plain prose', 'Please look into this today.'],
  ])('keeps prose out of "not recognised": %s', (_case, text) => {
    expect(seen(text)).toEqual({ rows: [], notRecognised: [] });
  });

  it('lists each not-recognised item once, in the order written', () => {
    expect(seen('intranet.corp, 020 7946 0100, INTRANET.corp and intranet.corp').notRecognised).toEqual(['intranet.corp: domain_unknown_suffix', '020 7946 0100: phone_needs_country']);
  });

  it.each(['a[.]', 'a(dot)', '0 12 ', '+1 2 '])('reads a 100,000-character run of %j in linear time (10× ceiling guard)', (unit) => {
    expect(millisecondsFor((text) => readIndicators(text), longRun(unit, 100_000))).toBeLessThan(4_500);
  });
});
