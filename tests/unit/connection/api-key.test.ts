import { describe, expect, it } from 'vitest';
import { checkApiKey, maskApiKey } from '@/utils/connection/api-key';

describe('maskApiKey', () => {
  it('shows only the last four characters', () => {
    expect(maskApiKey('sbx_managed_demo_0001')).toBe('••••0001');
    expect(maskApiKey('abc')).toBe('••••abc');
  });
});

describe('checkApiKey', () => {
  it.each([
    ['', 'key_empty'],
    ['abc def ghi', 'key_whitespace'],
    ['abc\ndefghi', 'key_whitespace'],
    ['short', 'key_short'],
    ['1234567', 'key_short'],
    ['12345678', null],
    ['sbx_managed_demo_0001', null],
  ])('%j → %j', (key, expected) => {
    expect(checkApiKey(key)).toBe(expected);
  });
});
