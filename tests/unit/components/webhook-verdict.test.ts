import { describe, expect, it } from 'vitest';
import { verdictText } from '@/components/webhooks/use-verify-delivery';
import type { SignatureVerdict } from '@/utils/webhooks/verify-signature';

// "Verify a delivery" says what the check found (issue 39 moved it into the form's hook).
describe('the verdict of "Verify a delivery"', () => {
  it.each<[string, SignatureVerdict, RegExp]>([
    ['a valid delivery says how far its time is from the clock', { valid: true, ageSeconds: -12 }, /^Valid: .* the timestamp is 12 seconds from this computer's clock/],
    ['a stale one says how long ago it was signed', { valid: false, reason: 'stale', ageSeconds: 600 }, /signed 10 minutes ago, more than the 300 seconds/],
    ['a future one says how far ahead it is', { valid: false, reason: 'future', ageSeconds: -400 }, /is 7 minutes ahead of this computer's clock/],
    ['a bad signature says it does not match', { valid: false, reason: 'bad_signature' }, /^Not valid: the signature does not match\./],
    ['a missing secret asks for it', { valid: false, reason: 'missing_secret' }, /^Enter the subscription's signing secret\.$/],
  ])('%s', (_case, verdict, text) => {
    expect(verdictText(verdict)).toMatch(text);
  });
});
