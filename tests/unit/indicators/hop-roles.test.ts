import { describe, expect, it } from 'vitest';
import { hopRoles } from '@/utils/indicators/hop-roles';

// What each address on the way to a page did there (issue 41): the page the
// browser reached last, a known URL shortener, an open redirect (its address
// carries the next one in a query value), or another redirect.

const PAGE = 'https://secure-acme-login.com/signin';

describe('the role of each address on the way to a page', () => {
  it.each<[string, string[], string[]]>([
    ['the page alone', [PAGE], ['page']],
    ['bit.ly', ['https://bit.ly/3xYz', PAGE], ['shortener', 'page']],
    ['t.co', ['https://t.co/AbC123', PAGE], ['shortener', 'page']],
    ['tinyurl.com with www.', ['https://www.tinyurl.com/abc', PAGE], ['shortener', 'page']],
    ['s.id, t.ly and is.gd', ['https://s.id/x', 'https://t.ly/y', 'https://is.gd/z', PAGE], ['shortener', 'shortener', 'shortener', 'page']],
    ['a shortener’s look-alike is not one', ['https://bit.ly.evil.example/x', PAGE], ['redirect', 'page']],
    ['the next address in a query value', ['https://www.google.com/url?q=https://secure-acme-login.com/signin&sa=D', PAGE], ['open_redirect', 'page']],
    ['the next address encoded twice', ['https://portal.example.com/out?u=https%253A%252F%252Fsecure-acme-login.com%252Fsignin', PAGE], ['open_redirect', 'page']],
    ['the next host without a scheme', ['https://t.example.net/r?to=secure-acme-login.com/signin', PAGE], ['open_redirect', 'page']],
    ['the next host after //', ['https://t.example.net/r?to=//secure-acme-login.com/signin', PAGE], ['open_redirect', 'page']],
    ['a query value naming another site', ['https://portal.example.com/out?u=https://elsewhere.example/', PAGE], ['redirect', 'page']],
    ['a site sending on within itself', ['https://secure-acme-login.com/start?next=https://secure-acme-login.com/signin', PAGE], ['redirect', 'page']],
    ['an attacker’s own redirector', ['https://tds.kit-host.com/r/8f3a', PAGE], ['redirect', 'page']],
    [
      'a shortener, then an open redirect, then a redirector',
      ['https://bit.ly/x', 'https://portal.example.com/out?url=https://tds.kit-host.com/r', 'https://tds.kit-host.com/r', PAGE],
      ['shortener', 'open_redirect', 'redirect', 'page'],
    ],
    ['another port of the same machine is another site', ['http://127.0.0.1:8081/out?to=http://127.0.0.1:8082/bounce', 'http://127.0.0.1:8082/bounce', PAGE], ['open_redirect', 'redirect', 'page']],
    ['an address that cannot be read', ['not a url', PAGE], ['redirect', 'page']],
  ])('%s', (_name, urls, roles) => {
    expect(hopRoles(urls.map((url) => ({ url })))).toEqual(roles);
  });
});
