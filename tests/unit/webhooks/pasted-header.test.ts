import { describe, expect, it } from 'vitest';
import { pastedHeaderValue } from '@/utils/webhooks/pasted-header';

describe('a pasted header value', () => {
  it.each([
    ['1768910400', 'X-Service-Timestamp', '1768910400'],
    ['  1768910400\n', 'X-Service-Timestamp', '1768910400'],
    ['X-Service-Timestamp: 1768910400', 'X-Service-Timestamp', '1768910400'],
    ['x-service-timestamp:1768910400', 'X-Service-Timestamp', '1768910400'],
    ['X-Service-Signature: sha256=ABCdef', 'X-Service-Signature', 'sha256=ABCdef'],
    ['X-Service-Event: webhook.test', 'X-Service-Signature', 'X-Service-Event: webhook.test'],
    ['', 'X-Service-Signature', ''],
  ])('%j as %s is %j', (pasted, name, value) => {
    expect(pastedHeaderValue(pasted, name)).toBe(value);
  });
});
