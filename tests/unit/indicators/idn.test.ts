import { describe, expect, it } from 'vitest';
import { unicodeForm } from '@/utils/indicators/idn';

describe('unicodeForm', () => {
  it.each<[string, string | undefined]>([
    ['xn--e1afmkfd.xn--p1ai', 'пример.рф'],
    ['https://xn--e1afmkfd.xn--p1ai/xn--path?q=xn--q#xn--f', 'https://пример.рф/xn--path?q=xn--q#xn--f'],
    ['http://login.xn--e1afmkfd.xn--p1ai:8080/', 'http://login.пример.рф:8080/'],
    ['refunds@xn--e1afmkfd.xn--p1ai', 'refunds@пример.рф'],
    ['xn--user@example.com', undefined],
    ['https://example.com/xn--e1afmkfd', undefined],
    ['example.com', undefined],
    ['axn--b.example', undefined],
    ['', undefined],
    // A label that starts like punycode without being it (a Cloud Run service name): shown as written, not a thrown error.
    ['https://xn--b-123shop-xbazskd3dq-uc.a.run.app/?id=1', undefined],
  ])('%s', (value, expected) => {
    expect(unicodeForm(value)).toBe(expected);
  });
});
