import { describe, expect, it } from 'vitest';
import { unwrapSafeLink } from '@/utils/indicators/safe-links';

const safeLinks = (url: string, host = 'eur01.safelinks.protection.outlook.com') =>
  `https://${host}/?url=${encodeURIComponent(url)}&data=05%7C02%7Calice%40examplebank.com%7C0f1e2d%7C72f988bf%7C0%7C0%7C638400000000000000&sdata=AbCdEf%2BGh%3D&reserved=0`;

describe('unwrapSafeLink', () => {
  it.each<[string, string, string | null]>([
    ['Safe Links', safeLinks('https://evil.example/login?user=a&x=1'), 'https://evil.example/login?user=a&x=1'],
    ['Safe Links, US government cloud', safeLinks('http://evil.example/', 'gcc02.safelinks.protection.office365.us'), 'http://evil.example/'],
    ['Safe Links around a javascript: link', safeLinks('javascript:alert(1)'), null],
    ['Safe Links without its url parameter', 'https://eur01.safelinks.protection.outlook.com/?data=05%7C02', null],
    ['not Safe Links, only named like it', `https://safelinks.protection.outlook.com.evil.example/?url=${encodeURIComponent('https://x.example/')}`, null],
    [
      'URL Defense v1',
      'https://urldefense.proofpoint.com/v1/url?u=http://www.example.com/path%3Fa%3D1%26amp%3Bb%3D2&k=oIvRg1%2BdGAgOoM1BIlLLqw%3D%3D%0A&r=abc&m=def&s=123',
      'http://www.example.com/path?a=1&b=2',
    ],
    [
      'URL Defense v2',
      'https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_login-3Fuser-3Dalice-2540examplebank.com&d=DwMFaQ&c=euGZstcaTDllvimEN8b7jXrwqOf-v5A_CdpgnVfiiMM&r=x&m=y&s=z&e=',
      'https://evil.example/login?user=alice%40examplebank.com',
    ],
    [
      'URL Defense v3, Proofpoint’s own example',
      'https://urldefense.com/v3/__https://google.com:443/search?q=a*test&gs=ps__;Kw!-612Flbf0JcQFwgI7VnR0JbORAtNEQ8vrrg$',
      'https://google.com:443/search?q=a+test&gs=ps',
    ],
    ['URL Defense v3, a run of two', 'https://urldefense.com/v3/__https://evil.example/p?x=a**Ab__;Kys!!Abc$', 'https://evil.example/p?x=a++b'],
    ['URL Defense v3, characters outside ASCII', 'https://urldefense.com/v3/__https://evil.example/*/*__;w6kr!!Abc$', 'https://evil.example/é/+'],
    ['URL Defense v3, nothing replaced', 'https://urldefense.com/v3/__https://evil.example/path__;!!Abc$', 'https://evil.example/path'],
    ['URL Defense v3, one slash after the scheme', 'https://urldefense.com/v3/__https:/evil.example/path__;!!Abc$', 'https://evil.example/path'],
    ['URL Defense v3, fewer replaced characters than markers', 'https://urldefense.com/v3/__https://evil.example/**__;Kw!!Abc$', null],
    ['URL Defense v3, not base64', 'https://urldefense.com/v3/__https://evil.example/*__;K$w!!Abc$', null],
    ['Google redirect, q', 'https://www.google.com/url?q=https://evil.example/a&sa=D&source=editors&ust=1700000000000000&usg=AOvVaw0', 'https://evil.example/a'],
    ['Google redirect, url', 'https://www.google.co.uk/url?sa=t&rct=j&url=https%3A%2F%2Fevil.example%2Fb&usg=AOvVaw1', 'https://evil.example/b'],
    ['Google search, not a redirect', 'https://www.google.com/search?q=https://evil.example/', null],
    ['Barracuda', 'https://linkprotect.cudasvc.com/url?a=https%3a%2f%2fevil.example%2fpay&c=E,1,AbCdEf,,&typo=1', 'https://evil.example/pay'],
    ['Cisco Secure Email', 'https://secure-web.cisco.com/1qB3xZ9k-AbCdEfGhIj/https%3A%2F%2Fevil.example%2Fverify%3Fid%3D7', 'https://evil.example/verify?id=7'],
    ['Trend Micro', 'https://imsva91-ctp.trendmicro.com:443/wis/clicktime/v1/query?url=https%3a%2f%2fevil.example%2fx&umid=0A1B2C3D&auth=abc-def', 'https://evil.example/x'],
    ['Mimecast keeps only a token', 'https://protect-eu.mimecast.com/s/AbCdEfGhIjKlMn?domain=evil.example', null],
    ['Safe Links around URL Defense v2', safeLinks('https://urldefense.proofpoint.com/v2/url?u=http-3A__evil.example_&d=DwMFaQ&c=x&r=y'), 'http://evil.example/'],
    [
      'Google around Safe Links around Barracuda',
      `https://www.google.com/url?q=${encodeURIComponent(safeLinks('https://linkprotect.cudasvc.com/url?a=https%3a%2f%2fevil.example%2f3&c=E'))}`,
      'https://evil.example/3',
    ],
    [
      'four wrappers: unwrapped three times',
      `https://www.google.com/url?q=${encodeURIComponent(`https://www.google.com/url?q=${encodeURIComponent(`https://www.google.com/url?q=${encodeURIComponent('https://www.google.com/url?q=https://evil.example/4')}`)}`)}`,
      'https://www.google.com/url?q=https://evil.example/4',
    ],
    ['a plain link', 'https://evil.example/login', null],
    ['not a URL', 'click here', null],
    ['a mailto: link', 'mailto:alice@examplebank.com', null],
  ])('%s', (_, href, expected) => {
    expect(unwrapSafeLink(href)).toBe(expected);
  });
});
