import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '@/utils/api/loopback';
import { checkBaseUrl } from '@/utils/connection/base-url';

describe('checkBaseUrl', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com', 'https://api.example.com', 'https://api.example.com/*'],
    ['  https://api.example.com/  ', 'https://api.example.com', 'https://api.example.com', 'https://api.example.com/*'],
    ['https://api.example.com/v1', 'https://api.example.com', 'https://api.example.com', 'https://api.example.com/*'],
    ['https://api.example.com/tenant-a/', 'https://api.example.com/tenant-a', 'https://api.example.com', 'https://api.example.com/*'],
    ['https://api.example.com:8443', 'https://api.example.com:8443', 'https://api.example.com:8443', 'https://api.example.com/*'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787', 'http://127.0.0.1:8787', 'http://127.0.0.1/*'],
    ['http://localhost:3000/', 'http://localhost:3000', 'http://localhost:3000', 'http://localhost/*'],
    ['https://api.example.com//', 'https://api.example.com', 'https://api.example.com', 'https://api.example.com/*'],
    ['https://api.example.com/v1beta', 'https://api.example.com/v1beta', 'https://api.example.com', 'https://api.example.com/*'],
    ['https://api.example.com/v1/', 'https://api.example.com', 'https://api.example.com', 'https://api.example.com/*'],
  ])('accepts %s', (input, baseUrl, origin, permissionPattern) => {
    expect(checkBaseUrl(input)).toEqual({ ok: true, address: { baseUrl, origin, permissionPattern } });
  });

  it.each([
    ['', 'url_empty'],
    ['   ', 'url_empty'],
    ['https://', 'url_invalid'],
    ['http://', 'url_invalid'],
    ['http://api.example.com', 'url_http_not_loopback'],
    ['http://192.168.1.10', 'url_http_not_loopback'],
    ['ftp://api.example.com', 'url_not_https'],
    ['ftp://127.0.0.1', 'url_not_https'],
    ['https://user:pw@api.example.com', 'url_credentials'],
    ['https://user@api.example.com', 'url_credentials'],
    ['https://:pw@api.example.com', 'url_credentials'],
    ['https://api.example.com/?x=1', 'url_query'],
    ['https://api.example.com/#top', 'url_query'],
  ])('rejects %j: %s', (input, reason) => {
    expect(checkBaseUrl(input)).toEqual({ ok: false, reason });
  });
});

describe('checkBaseUrl: what people paste', () => {
  it.each([
    ['127.0.0.1:8787/v1', 'http://127.0.0.1:8787'],
    ['127.0.0.1:8787/v1/', 'http://127.0.0.1:8787'],
    ['  127.0.0.1:8787/  ', 'http://127.0.0.1:8787'],
    ['localhost:3000', 'http://localhost:3000'],
    ['[::1]:8787/v1', 'http://[::1]:8787'],
    ['api.example.com', 'https://api.example.com'],
    ['api.example.com/v1/', 'https://api.example.com'],
    ['api.example.com/tenant-a/v1', 'https://api.example.com/tenant-a'],
    ['//api.example.com', 'https://api.example.com'],
    ['HTTPS://API.Example.com/V1', 'https://api.example.com/V1'],
    ['localhost.evil.example', 'https://localhost.evil.example'],
  ])('%j will connect to %s', (input, baseUrl) => {
    const checked = checkBaseUrl(input);
    expect(checked.ok && checked.address.baseUrl).toBe(baseUrl);
  });

  it.each([
    ['http://api.example.com/v1', 'url_http_not_loopback'],
    ['http://192.168.1.10:8787', 'url_http_not_loopback'],
    ['user:pw@api.example.com', 'url_credentials'],
    ['api.example.com/?key=1', 'url_query'],
    ['not a url at all', 'url_invalid'],
  ])('still refuses %j: %s', (input, reason) => {
    expect(checkBaseUrl(input)).toEqual({ ok: false, reason });
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['127.0.0.10', true],
    ['127.100.200.255', true],
    ['a127.0.0.1', false],
    ['127.0.0.1000', false],
    ['localhost', true],
    ['[::1]', true],
    ['128.0.0.1', false],
    ['localhost.evil.example', false],
    ['127.0.0.1.evil.example', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
