import { describe, expect, it } from 'vitest';
import { readSettingsText } from '@/components/settings/settings-input';

// What the settings form says of each typed value, and what it would save.

const GOOD = { reporterEmail: 'analyst@examplebank.example', keepDays: '30', refreshMinutes: '60', ownDomains: 'examplebank.example' };
const NONE = { email: null, days: null, minutes: null, domains: null };

describe('the typed settings', () => {
  it.each([
    ['all valid', {}, NONE],
    ['a reporter that is no address', { reporterEmail: 'analyst' }, { ...NONE, email: 'This is not a valid email address.' }],
    ['days out of range', { keepDays: '0' }, { ...NONE, days: 'Enter a whole number of days from 1 to 365.' }],
    ['half-typed days', { keepDays: '3.5' }, { ...NONE, days: 'Enter a whole number of days from 1 to 365.' }],
    ['minutes under the least', { refreshMinutes: '4' }, { ...NONE, minutes: 'Enter a whole number of minutes from 5 to 1440.' }],
    ['a line that is no domain', { ownDomains: 'examplebank.example\nnot a domain' }, { ...NONE, domains: 'Not a domain name: “not a domain”. Write one domain a line, like examplebank.com.' }],
    ['more domains than kept', { ownDomains: Array.from({ length: 51 }, (_, index) => `bank${index}.example`).join('\n') }, { ...NONE, domains: 'At most 50 domains.' }],
  ])('with %s say so', (_name, change, errors) => {
    expect(readSettingsText({ ...GOOD, ...change }).errors).toEqual(errors);
  });

  it('read as the numbers and domains saved', () => {
    expect(readSettingsText({ ...GOOD, keepDays: ' 14 ', ownDomains: 'examplebank.example\n\nexamplebank-login.example' })).toMatchObject({
      days: 14,
      minutes: 60,
      domains: ['examplebank.example', 'examplebank-login.example'],
    });
  });
});
