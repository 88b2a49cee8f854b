import { describe, expect, it } from 'vitest';
import { unwrapRedirect, unwrapSafeLink } from '@/utils/indicators/safe-links';

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
    // Symantec ClickTime, as real phishing carries it: a token path, the original in u, percent-encoded or without its scheme.
    ['Symantec ClickTime', 'https://clicktime.symantec.com/39e8TeBHakB1PfMJjJ1h1zf7Vc?u=http%3A%2F%2Fwww.evil.example%2Flogin', 'http://www.evil.example/login'],
    ['Symantec ClickTime, a regional host', 'https://eu1.clicktime.symantec.com/3AbCdEfGh?u=https%3A%2F%2Fevil.example%2F', 'https://evil.example/'],
    ['Symantec ClickTime, an IPv4 in hex and octal without its scheme', 'https://clicktime.symantec.com/3BCC63nXY1USLfHHTQnRWs?u=0x3E.0004.0x10.0256/cl/17/1', 'http://62.4.16.174/cl/17/1'],
    ['Symantec ClickTime without u', 'https://clicktime.symantec.com/3BCC63nXY1USLfHHTQnRWs', null],
    ['Google Web Light, u', 'https://googleweblight.com/i?u=https://evil.example/wl&hl=en', 'https://evil.example/wl'],
    ['Google Web Light, lite_url', 'http://googleweblight.com/?lite_url=http://evil.example/lite&ei=x', 'http://evil.example/lite'],
    ['Google AMP viewer, https', 'https://www.google.com/amp/s/evil.example/amp/page?x=1', 'https://evil.example/amp/page?x=1'],
    ['Google AMP viewer, http', 'https://www.google.co.uk/amp/evil.example/page', 'http://evil.example/page'],
    ['an /amp/ path on another host', 'https://evil.example/amp/s/bank.example/', null],
    ['VK away.php', 'https://vk.com/away.php?to=https%3A%2F%2Fevil.example%2Fvk&cc_key=', 'https://evil.example/vk'],
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
    // Names that only look like a rewriter's: the link goes to the sender's host, whose sender chose the parameter.
    ['a host that starts like Google’s', 'https://www.google.com.evil.example/url?q=https://bank.example/login', null],
    ['a host that ends like Google’s', 'https://notgoogle.com/url?q=https://bank.example/login', null],
    ['a host that only begins with Google’s name', 'https://www.google.co-evil.example/url?q=https://bank.example/login', null],
    ['Google, a country domain under com', 'https://google.com.au/url?q=https://evil.example/au', 'https://evil.example/au'],
    ['Google, a country domain', 'https://google.de/url?q=https://evil.example/de', 'https://evil.example/de'],
    ['Google, a country domain under co', 'https://www.google.co.uk/url?q=https://evil.example/uk', 'https://evil.example/uk'],
    ['a name sold under a private suffix, shaped like Google’s', 'https://google.com.de/url?q=https://bank.example/login', null],
    ['a subdomain of Google’s other than www', 'https://mail.google.com/url?q=https://evil.example/', null],
    ['a /url path on another host, with Barracuda’s parameter', 'https://evil.example/url?a=https%3a%2f%2fbank.example%2f', null],
    ['Barracuda’s host, another path', 'https://linkprotect.cudasvc.com/other?a=https%3a%2f%2fevil.example%2f', null],
    ['Trend Micro’s host, another path', 'https://www.trendmicro.com/en_us/search?url=https%3a%2f%2fevil.example%2f', null],
    ['Trend Micro’s path on another host', 'https://evil.example/wis/clicktime/v1/query?url=https%3a%2f%2fbank.example%2f', null],
    ['Cisco Secure Email over http', 'http://secure-web.cisco.com/1qB3xZ/https%3A%2F%2Fevil.example%2Fc', 'https://evil.example/c'],
    ['Cisco Secure Email, a token and nothing after it', 'https://secure-web.cisco.com/1qB3xZ9k-AbCdEf', null],
    ['Cisco Secure Email, a malformed escape', 'https://secure-web.cisco.com/1qB3xZ/https%3A%2F%2Fevil.example%2F%E0%A4%A', null],
    // URL Defense, what does not decode.
    ['URL Defense v1 without its k parameter', 'https://urldefense.proofpoint.com/v1/url?u=http://evil.example/&r=abc', null],
    ['URL Defense v1, a malformed escape', 'https://urldefense.proofpoint.com/v1/url?u=http://evil.example/%E0%A4%A&k=x', null],
    [
      'URL Defense v1, every HTML escape it may leave',
      'https://urldefense.proofpoint.com/v1/url?u=http://evil.example/a%26lt%3Bb%26gt%3Bc%26quot%3Bd%26%2339%3Be&k=x',
      'http://evil.example/a<b>c"d\'e',
    ],
    ['URL Defense v2 without its d or c parameter', 'https://urldefense.proofpoint.com/v2/url?u=http-3A__evil.example_&r=y', null],
    ['URL Defense v2, a malformed escape', 'https://urldefense.proofpoint.com/v2/url?u=http-3A__evil.example_-E0-A4-A&d=DwMFaQ', null],
    ['URL Defense, another version', 'https://urldefense.com/x/v3/__https://evil.example/__;!!Abc$', null],
    ['URL Defense v3 without its markers', 'https://urldefense.com/v3/https://evil.example/', null],
    ['URL Defense v3, a malformed escape', 'https://urldefense.com/v3/__https://evil.example/%E0%A4%A__;!!Abc$', null],
    ['URL Defense v3, a colon and one slash later in the path', 'https://urldefense.com/v3/__https://evil.example/a:/b__;!!Abc$', 'https://evil.example/a:/b'],
    ['URL Defense v3, its base64 padded', 'https://urldefense.com/v3/__https://evil.example/p?x=a*b__;Kw==!!Abc$', 'https://evil.example/p?x=a+b'],
    ['URL Defense v3, base64 with its URL-safe minus', 'https://urldefense.com/v3/__https://evil.example/*x*y*__;fn5-!!Abc$', 'https://evil.example/~x~y~'],
    ['URL Defense v3, base64 with its URL-safe underscore', 'https://urldefense.com/v3/__https://evil.example/a*x*y*__;Pz8_!!Abc$', 'https://evil.example/a?x?y?'],
    ['URL Defense v3, base64 of one character too many', 'https://urldefense.com/v3/__https://evil.example/*__;K!!Abc$', null],
    ['URL Defense v3, bytes that are not UTF-8', 'https://urldefense.com/v3/__https://evil.example/*__;_w!!Abc$', null],
    ['URL Defense v3, a run of an unknown length', 'https://urldefense.com/v3/__https://evil.example/a**~b__;Kys!!Abc$', null],
    // What is around the link, and what it is.
    ['URL Defense v3, an = inside its base64', 'https://urldefense.com/v3/__https://evil.example/*__;K=w!!Abc$', null],
    ['spaces around a Cisco link', '  https://secure-web.cisco.com/1qB3xZ/https%3A%2F%2Fevil.example%2Fs ', 'https://evil.example/s'],
    ['spaces around the link', '  https://www.google.com/url?q=https://evil.example/a  ', 'https://evil.example/a'],
    ['spaces around the link inside', 'https://www.google.com/url?q=%20https://evil.example/t%20', 'https://evil.example/t'],
    ['an ftp: link shaped like Google’s', 'ftp://www.google.com/url?q=https://evil.example/', null],
    ['a plain link', 'https://evil.example/login', null],
    ['not a URL', 'click here', null],
    ['a mailto: link', 'mailto:alice@examplebank.com', null],
  ])('%s', (_, href, expected) => {
    expect(unwrapSafeLink(href)).toBe(expected);
  });
});

describe('unwrapRedirect', () => {
  it.each<[string, string, string | null]>([
    ['a gateway as unwrapSafeLink', 'https://clicktime.symantec.com/3AbC?u=https%3A%2F%2Fevil.example%2F', 'https://evil.example/'],
    ['an open redirect, url percent-encoded', 'https://bank.example/logout?url=https%3A%2F%2Fevil.example%2Fphish', 'https://evil.example/phish'],
    ['an open redirect, redirect as written', 'https://shop.example/r?redirect=https://evil.example/r', 'https://evil.example/r'],
    ['a newsletter’s click tracker', 'https://click.news.example/track?id=7&u=https%3A%2F%2Fshop.example%2Fsale', 'https://shop.example/sale'],
    ['the URL in base64', `https://t.example/c?dest=${btoa('https://evil.example/b64')}`, 'https://evil.example/b64'],
    ['a tracker around a gateway', `https://t.example/c?r=${encodeURIComponent('https://vk.com/away.php?to=https://evil.example/2')}`, 'https://evil.example/2'],
    ['a host named like a gateway', `https://safelinks.protection.outlook.com.evil.example/?url=${encodeURIComponent('https://x.example/')}`, 'https://x.example/'],
    ['a site’s link back to itself', 'https://login.bank.example/?return=https://www.bank.example/home', null],
    ['a Google search for a URL', 'https://www.google.com/search?q=https://evil.example/', null],
    ['a parameter that only mentions a URL', 'https://evil.example/share?text=see%20https://x.example/', null],
    ['base64 that is not of a URL', 'https://evil.example/c?d=aHR0cHM6Ly9ub3QgYSB1cmw', null],
    ['a plain link', 'https://evil.example/login?id=https', null],
  ])('%s', (_, href, expected) => {
    expect(unwrapRedirect(href)).toBe(expected);
  });
});
