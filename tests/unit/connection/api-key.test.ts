import { describe, expect, it } from 'vitest';
import { checkApiKey, maskApiKey } from '@/utils/connection/api-key';

describe('maskApiKey', () => {
  it('shows only the last four characters', () => {
    expect(maskApiKey('sbx_managed_demo_0001')).toBe('••••0001');
  });
});

describe('checkApiKey', () => {
  it.each([
    ['', 'Enter the API key.'],
    ['abc def ghi', 'The API key contains spaces or line breaks; paste it again without them.'],
    ['short', 'This key is too short to be an API key; paste the whole key.'],
    ['sbx_managed_demo_0001', null],
  ])('%j → %j', (key, expected) => {
    expect(checkApiKey(key)).toBe(expected);
  });
});
