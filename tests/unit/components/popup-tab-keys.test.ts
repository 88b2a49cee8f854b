import { describe, expect, it } from 'vitest';
import { tabAfterKey } from '@/components/popup/popup-tabs';

// The popup's tabs follow the WAI-ARIA tabs pattern: the keys move between them, wrapping round.
describe('the keys of the popup tabs', () => {
  it.each([
    ['report', 'ArrowRight', 'lookup'],
    ['lookup', 'ArrowRight', 'report'],
    ['report', 'ArrowLeft', 'lookup'],
    ['lookup', 'ArrowLeft', 'report'],
    ['lookup', 'Home', 'report'],
    ['report', 'End', 'lookup'],
    ['report', 'Enter', undefined],
    ['lookup', 'a', undefined],
  ] as const)('from %s, %s goes to %s', (selected, key, tab) => {
    expect(tabAfterKey(selected, key)).toBe(tab);
  });
});
