import { describe, expect, it } from 'vitest';
import { findEmailIndicators } from '@/utils/email/email-indicators';
import { findIndicators } from '@/utils/indicators/find';
import { messageOf } from './message';

// Issue 44, point 4: a selection and an email's text are read by one finder
// with one rule set. The same text, through either door, gives the same
// indicators: the same values, in the same order.

const SAFE_LINK = 'https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example%2Flogin&data=05%7C02&reserved=0';

/** A found indicator as a row shows it. */
const shown = ({ text, check }: { text: string; check: ReturnType<typeof findIndicators>[number]['check'] }) =>
  check.ok ? `${check.indicator.type} ${check.indicator.value}` : `✗ ${check.problem} ${text}`;

/** What the selection door lists: the review window's rows for a selection or a pasted list. */
function throughSelection(text: string, country?: string): string[] {
  return findIndicators(text, country ? { defaultCountry: country } : {}).map(shown);
}

/** What the email door lists from the same text as an email's text part (not the wrappers it also names as such). */
function throughEmail(text: string, country?: string): string[] {
  const findings = findEmailIndicators(messageOf({ text }), { hops: [] }, { ownDomains: [], ...(country ? { defaultCountry: country } : {}) });
  return findings.filter(({ where }) => where.includes('body')).map(shown);
}

describe('one finder for selections, lists and emails', () => {
  it.each<[string, string, string[], string?]>([
    [
      'the issue’s seven indicators on one line',
      'Seen: https://login-acme.example.com/verify billing@acme-support.com +1 415 555 0199 203.0.113.7 acrne[.]example intranet.corp login-acme.example.com',
      ['url https://login-acme.example.com/verify', 'email billing@acme-support.com', 'phone +14155550199', 'ipv4 203.0.113.7', 'domain acrne.example', 'domain login-acme.example.com'],
    ],
    ['a phone before an IPv4', '+1 415 555 0199 203.0.113.7', ['phone +14155550199', 'ipv4 203.0.113.7']],
    [
      'a list, one a line, defanged',
      'hxxps://pay-acme[.]example/checkout\nrefunds[at]acme-billing[.]com\n(+44 20 7946 0958)',
      ['url https://pay-acme.example/checkout', 'email refunds@acme-billing.com', 'phone +442079460958'],
    ],
    ['a local number with the default country', 'Call 020 7946 0100', ['phone +442079460100'], 'GB'],
    ['a Safe Links URL: the page it leads to', `Open ${SAFE_LINK} now`, ['url https://evil.example/login']],
    ['what does not check, with its reason', 'Visit 999.1.1.1 or ceo@-evil.example.com', ['✗ ipv4_invalid 999.1.1.1', '✗ email_invalid ceo@-evil.example.com']],
  ])('%s: the same through both doors', (_case, text, expected, country) => {
    expect(throughSelection(text, country)).toEqual(expected);
    expect(throughEmail(text, country)).toEqual(expected);
  });

  it('a selection says which link scanner it unwrapped, as the email does', () => {
    expect(findIndicators(`Open ${SAFE_LINK}`)).toEqual([expect.objectContaining({ text: 'https://evil.example/login', unwrappedFrom: SAFE_LINK })]);
  });
});
