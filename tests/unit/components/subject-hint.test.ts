import { describe, expect, it } from 'vitest';
import { subjectHint } from '@/components/popup/subject-fields';
import { checkIndicator } from '@/utils/indicators/check';

// The line under the popup's subject field, as the user reads it while typing.

const WHAT_TO_TYPE = "The page's address, or any URL, domain, email address, phone number or IPv4 address.";

describe('the subject hint', () => {
  it.each([
    ['the check still loading', null, WHAT_TO_TYPE],
    ['an international domain', checkIndicator('bücher.example'), 'Shown as bücher.example; sent as xn--bcher-kva.example.'],
    ['a documentation address', checkIndicator('http://192.0.2.1/'), 'This address is reserved for documentation and examples.'],
    [
      'an unknown top-level domain',
      checkIndicator('https://examplebank.zzzz/'),
      'Not a known top-level domain — check the spelling. The service will judge it; you can still look it up or report it.',
    ],
    ['a phone number without warnings', checkIndicator('+44 20 7946 0100'), WHAT_TO_TYPE],
    ['text that is no indicator', checkIndicator('not a subject'), WHAT_TO_TYPE],
  ])('for %s says what it is', (_name, check, hint) => {
    expect(subjectHint(check)).toBe(hint);
  });
});
