import { describe, expect, it } from 'vitest';
import { findIndicators } from '@/utils/indicators/find';
import { toReportFields } from '@/utils/indicators/to-report';

const summary = (input: string, country?: string) =>
  findIndicators(input, country ? { defaultCountry: country } : {}).map(({ text, check }) => (check.ok ? `${check.indicator.type} ${check.indicator.value}` : `✗ ${check.problem} ${text}`));

describe('findIndicators', () => {
  it('finds each kind in a defanged selection, in order, each once', () => {
    const text = [
      'Phishing kit at hxxps://login-acme[.]example[.]com/verify?session=1.',
      'Mail came from billing[at]acme-support[.]example[.]com (also billing@acme-support.example.com).',
      'Hosted on 203[.]0[.]113[.]7, with a backup domain acme-secure[.]example[.]net.',
      'Call-back number: +31 6 1234 5678!',
    ].join('\n');
    expect(summary(text)).toEqual([
      'url https://login-acme.example.com/verify?session=1',
      'email billing@acme-support.example.com',
      'ipv4 203.0.113.7',
      'domain acme-secure.example.net',
      'phone +31612345678',
    ]);
  });

  it('does not find a URL’s host or an email’s domain again as a domain', () => {
    expect(summary('See https://evil.example.com/a and ceo@evil.example.org')).toEqual(['url https://evil.example.com/a', 'email ceo@evil.example.org']);
  });

  it('reads local numbers with the default country', () => {
    expect(summary('Bel 06 1234 5678 of 020 123 4567', 'NL')).toEqual(['phone +31612345678', 'phone +31201234567']);
  });

  it('keeps what does not check, with its reason, so the user can see and fix it', () => {
    expect(summary('Visit 999.1.1.1, or ceo@intranet..notatld')).toEqual(['✗ ipv4_invalid 999.1.1.1', '✗ email_invalid ceo@intranet..notatld']);
  });

  it('keeps a URL or email under an unknown top-level domain, with its warning, but not a bare name in prose', () => {
    const found = findIndicators('Visit http://intranet.notatld/ or write to ceo@northwind-help[.]example; see notes.txt and co.uk');
    expect(found.map(({ check }) => (check.ok ? [check.indicator.value, check.indicator.warnings] : check.problem))).toEqual([
      ['http://intranet.notatld/', ['domain_unknown_suffix']],
      ['ceo@northwind-help.example', ['domain_unknown_suffix']],
    ]);
    expect(summary('evil.example.com and 10.0.0.1 on acme.example.org')).toEqual(['domain evil.example.com', 'ipv4 10.0.0.1', 'domain acme.example.org']);
  });

  it('finds nothing in plain prose, and file names are not domains', () => {
    expect(summary('Please look into this today. See the attached report.pdf and notes.txt')).toEqual([]);
  });

  it.each([
    ['a sentence that begins without its blank', 'Nuestro país.Se trata de una oferta', []],
    ['the same after a word', 'All rights reserved.No longer wish to receive these?', []],
    ['a dot put inside a word, mid-sentence', 'Microsoft account\nUnusual sign.in activity\nWe detected', []],
    ['a word-TLD domain standing alone on its line', 'Visit zoom.us\nZoom Video Communications', ['domain zoom.us']],
    ['a word-TLD domain with a path', 'please sign.in/verify order', ['url http://sign.in/verify']],
    ['a name capitalised as a whole', 'Shop at Example.Com today', ['domain example.com']],
    ['a brand in front of a word TLD', 'Confirm at paypal.com.br-secure.in today', ['domain paypal.com.br-secure.in']],
    ['a lookalike on a ccTLD', 'Log in at login-microsoft.co now', ['domain login-microsoft.co']],
  ])('prose is not read as a domain: %s', (_case, text, found) => {
    expect(summary(text)).toEqual(found);
  });

  it.each([
    ['an address after a long run without blanks', `${'QUJD+/9z'.repeat(200)}\nWrite to refunds@acme-billing.example.com`, ['email refunds@acme-billing.example.com']],
    ['an address after a local part of more than 64 characters: its domain only', `${'a'.repeat(65)}@evil.example.com`, ['domain evil.example.com']],
    ['a name that starts with a letter outside ASCII, whole', 'Visit ñandú.com.ar now', ['domain xn--and-6ma2c.com.ar']],
    ['a phone among long runs of digits, read without a country only when written with +', `${'1 '.repeat(100)} call +31 6 1234 5678 or 06 1234 5678`, ['phone +31612345678']],
  ])('%s', (_case, text, found) => {
    expect(summary(text)).toEqual(found);
  });

  it('a bulk list, one per line, deduplicated', () => {
    expect(summary('evil.example.com\nEVIL.example.com\nhxxp://evil[.]example[.]com\n8.8.8.8\n8.8.8.8')).toEqual(['domain evil.example.com', 'url http://evil.example.com/', 'ipv4 8.8.8.8']);
  });
});

describe('toReportFields', () => {
  it.each([
    [{ type: 'url', value: 'https://evil.example/login', warnings: [] }, { url: 'https://evil.example/login' }],
    [{ type: 'domain', value: 'evil.example', warnings: [] }, { url: 'evil.example' }],
    [
      { type: 'email', value: 'ceo@evil.example', warnings: [] },
      { incidentType: 'email', subject: 'ceo@evil.example' },
    ],
    [
      { type: 'phone', value: '+31612345678', warnings: [] },
      { incidentType: 'phone', subject: '+31612345678' },
    ],
    [
      { type: 'ipv4', value: '203.0.113.7', warnings: ['ipv4_documentation'] },
      { incidentType: 'ipv4', subject: '203.0.113.7' },
    ],
  ] as const)('%j → %j', (indicator, fields) => {
    expect(toReportFields({ ...indicator, warnings: [...indicator.warnings] })).toEqual(fields);
  });
});
