import { describe, expect, it } from 'vitest';
import { checkIndicator } from '@/utils/indicators/check';
import { ipv4Warning, parseIpv4 } from '@/utils/indicators/ipv4';

const ok = (type: string, value: string, warnings: string[] = []) => ({ ok: true, indicator: { type, value, warnings } });
const idn = (type: string, value: string, display: string) => ({ ok: true, indicator: { type, value, display, warnings: [] } });
const bad = (type: string | null, problem: string) => ({ ok: false, type, problem });

describe('checkIndicator', () => {
  it.each<[string, unknown]>([
    ['https://evil.example.com/login?x=1', ok('url', 'https://evil.example.com/login?x=1')],
    ['  hxxps://evil[.]example[.]com/login ', ok('url', 'https://evil.example.com/login')],
    ['HTTP://EVIL.EXAMPLE.COM', ok('url', 'http://evil.example.com/')],
    ['https://пример.рф/вход', idn('url', 'https://xn--e1afmkfd.xn--p1ai/%D0%B2%D1%85%D0%BE%D0%B4', 'https://пример.рф/%D0%B2%D1%85%D0%BE%D0%B4')],
    ['https://xn--pypal-4ve.com/signin', idn('url', 'https://xn--pypal-4ve.com/signin', 'https://p\u0430ypal.com/signin')],
    ['https://user.github.io/phish', ok('url', 'https://user.github.io/phish')],
    ['http://203.0.113.7/admin', ok('url', 'http://203.0.113.7/admin', ['ipv4_documentation'])],
    ['ftp://evil.example.com/file', bad('url', 'url_scheme')],
    ['https://evil.notatld/login', ok('url', 'https://evil.notatld/login', ['domain_unknown_suffix'])],
    ['https://login.acme.test/', ok('url', 'https://login.acme.test/', ['domain_unknown_suffix'])],
    ['https://intranet/', ok('url', 'https://intranet/', ['domain_unknown_suffix'])],
    ['https://-evil.example.com/', bad('url', 'url_invalid')],
    ['https://evil_.example.com/', ok('url', 'https://evil_.example.com/')],
    ['https://printer.local/', ok('url', 'https://printer.local/', ['domain_unknown_suffix'])],
    ['co.uk', ok('domain', 'co.uk', ['domain_public_suffix'])],
    ['co.uk.', ok('domain', 'co.uk.', ['domain_public_suffix'])],
    ['evil.example.com.', ok('domain', 'evil.example.com.')],
    ['northwind-help[.]example', ok('domain', 'northwind-help.example', ['domain_unknown_suffix'])],
    ['evil..example.com', bad('domain', 'domain_invalid')],
    ['evil-.example.com', bad('domain', 'domain_invalid')],
    [`${'a'.repeat(64)}.example.com`, bad('domain', 'domain_invalid')],
    [`${'a'.repeat(63)}.example.com`, ok('domain', `${'a'.repeat(63)}.example.com`)],
    [`${'abcdefghi.'.repeat(25)}comx`, bad('domain', 'domain_invalid')],
    [`${'abcdefghi.'.repeat(25)}com`, ok('domain', `${'abcdefghi.'.repeat(25)}com`)],
    ['github.io', ok('domain', 'github.io')],
    ['call https://evil.example.com now', bad(null, 'unrecognised')],
    ['+31 6 1234 5678 ext', bad(null, 'unrecognised')],
    ['203.0.113.7.evil.com', ok('domain', '203.0.113.7.evil.com')],
    ['x203.0.113.7', bad('domain', 'domain_invalid')],
    ['TEL:+31612345678', ok('phone', '+31612345678')],
    ['evil.example.com/a b', bad(null, 'unrecognised')],
    ['https://', bad('url', 'url_invalid')],
    ['evil.example.com', ok('domain', 'evil.example.com')],
    ['Evil[.]Example[.]co[.]uk', ok('domain', 'evil.example.co.uk')],
    ['пример.рф', idn('domain', 'xn--e1afmkfd.xn--p1ai', 'пример.рф')],
    ['support@пример.рф', idn('email', 'support@xn--e1afmkfd.xn--p1ai', 'support@пример.рф')],
    ['evil.example.com/login?x=1', ok('url', 'http://evil.example.com/login?x=1')],
    ['report.notatld', ok('domain', 'report.notatld', ['domain_unknown_suffix'])],
    ['support@northwind-help[.]example', ok('email', 'support@northwind-help.example', ['domain_unknown_suffix'])],
    ['ceo@intranet.corp', ok('email', 'ceo@intranet.corp', ['domain_unknown_suffix'])],
    ['ceo@203.0.113.7', bad('email', 'email_invalid')],
    ['ceo@-evil.example.com', bad('email', 'email_invalid')],
    ['a@b..com', bad('email', 'email_invalid')],
    ['ceo@evil.example.com', ok('email', 'ceo@evil.example.com')],
    ['CEO[at]Evil[.]Example[.]com', ok('email', 'CEO@evil.example.com')],
    ['mailto:ceo@evil.example.com', ok('email', 'ceo@evil.example.com')],
    ['ceo@localhost', bad('email', 'email_invalid')],
    ['ceo@@evil.example.com', bad('email', 'email_invalid')],
    ['+31 6 1234 5678', ok('phone', '+31612345678')],
    ['tel:+1-202-555-0143', ok('phone', '+12025550143')],
    ['+31 6 12', bad('phone', 'phone_invalid')],
    ['06 1234 5678', bad('phone', 'phone_needs_country')],
    ['203.0.113.7', ok('ipv4', '203.0.113.7', ['ipv4_documentation'])],
    ['8.8.8.8', ok('ipv4', '8.8.8.8')],
    ['8[.]8[.]8[.]8', ok('ipv4', '8.8.8.8')],
    ['10.1.2.3', ok('ipv4', '10.1.2.3', ['ipv4_private'])],
    ['256.1.1.1', bad('ipv4', 'ipv4_invalid')],
    ['010.1.1.1', bad('ipv4', 'ipv4_invalid')],
    ['', bad(null, 'empty')],
    ['   ', bad(null, 'empty')],
    ['just some words', bad(null, 'unrecognised')],
  ])('%j', (input, expected) => {
    expect(checkIndicator(input)).toEqual(expected);
  });

  it('reads a local phone number with the default country', () => {
    expect(checkIndicator('06 1234 5678', { defaultCountry: 'NL' })).toEqual(ok('phone', '+31612345678'));
    expect(checkIndicator('(202) 555-0143', { defaultCountry: 'US' })).toEqual(ok('phone', '+12025550143'));
    expect(checkIndicator('06 1234 5678', { defaultCountry: 'US' })).toEqual(bad('phone', 'phone_invalid'));
  });
});

describe('a host too long for the URL parser', () => {
  // Node 24.21's URL.canParse says yes to these and its new URL throws: the check says no instead of throwing.
  it.each([`${'Z'.repeat(50_000)}.com`, `http://${'Z'.repeat(50_000)}`, `${'Z'.repeat(50_000)}.com/path`])('is read without throwing (%#)', (text) => {
    expect(() => checkIndicator(text)).not.toThrow();
  });
});

describe('IPv4 ranges', () => {
  it.each<[string, string | undefined]>([
    ['8.8.8.8', undefined],
    ['10.0.0.1', 'ipv4_private'],
    ['172.16.0.1', 'ipv4_private'],
    ['172.31.255.255', 'ipv4_private'],
    ['172.32.0.1', undefined],
    ['192.168.1.1', 'ipv4_private'],
    ['127.0.0.1', 'ipv4_loopback'],
    ['169.254.10.10', 'ipv4_link_local'],
    ['100.64.0.1', 'ipv4_shared'],
    ['100.128.0.1', undefined],
    ['192.0.2.1', 'ipv4_documentation'],
    ['198.51.100.1', 'ipv4_documentation'],
    ['203.0.113.255', 'ipv4_documentation'],
    ['224.0.0.1', 'ipv4_multicast'],
    ['0.1.2.3', 'ipv4_reserved'],
    ['240.0.0.1', 'ipv4_reserved'],
    ['255.255.255.255', 'ipv4_reserved'],
  ])('%s → %s', (address, warning) => {
    expect(ipv4Warning(parseIpv4(address)!)).toBe(warning);
  });

  it.each(['1.2.3', '1.2.3.4.5', '1.2.3.x', '1.2.3.256', '01.2.3.4', '1..2.3', ''])('%j is not a dotted quad', (text) => {
    expect(parseIpv4(text)).toBeUndefined();
  });
});
