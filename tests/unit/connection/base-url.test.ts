import { describe, expect, it } from 'vitest';
import { checkBaseUrl, isLoopbackHost } from '@/utils/connection/base-url';

describe('checkBaseUrl', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com', 'https://api.example.com', 'https://api.example.com/*'],
    ['  https://api.example.com/  ', 'https://api.example.com', 'https://api.example.com', 'https://api.example.com/*'],
    ['https://api.example.com/v1', 'https://api.example.com', 'https://api.example.com', 'https://api.example.com/*'],
    ['https://api.example.com/tenant-a/', 'https://api.example.com/tenant-a', 'https://api.example.com', 'https://api.example.com/*'],
    ['https://api.example.com:8443', 'https://api.example.com:8443', 'https://api.example.com:8443', 'https://api.example.com/*'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787', 'http://127.0.0.1:8787', 'http://127.0.0.1/*'],
    ['http://localhost:3000/', 'http://localhost:3000', 'http://localhost:3000', 'http://localhost/*'],
  ])('accepts %s', (input, baseUrl, origin, permissionPattern) => {
    expect(checkBaseUrl(input)).toEqual({ ok: true, address: { baseUrl, origin, permissionPattern } });
  });

  it.each([
    ['', /Enter the service URL/],
    ['api.example.com', /not a URL/],
    ['http://api.example.com', /must start with https:\/\/ \(plain http is allowed only for 127\.0\.0\.1 or localhost\)/],
    ['http://192.168.1.10', /must start with https:\/\//],
    ['ftp://api.example.com', /must start with https:\/\//],
    ['https://user:pw@api.example.com', /user name and password/],
    ['https://api.example.com/?x=1', /without \? or #/],
  ])('rejects %j with a sentence', (input, message) => {
    const result = checkBaseUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['[::1]', true],
    ['128.0.0.1', false],
    ['localhost.evil.example', false],
    ['127.0.0.1.evil.example', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
