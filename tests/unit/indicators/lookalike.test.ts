import { describe, expect, it } from 'vitest';
import { findLookalike } from '@/utils/indicators/lookalike';

const OWN = ['examplebank.com', 'ibm.com', 'paypal.com'];

describe('findLookalike', () => {
  it.each<[string, ReturnType<typeof findLookalike>]>([
    // Not lookalikes: the own domains, names under them, other names.
    ['examplebank.com', null],
    ['EXAMPLEBANK.COM.', null],
    ['login.examplebank.com', null],
    ['evil.example', null],
    ['example.com', null],
    ['bank.com', null],
    ['203.0.113.7', null],
    ['localhost', null],
    ['', null],
    ['not a domain', null],
    // Short own names: only what looks the same.
    ['ibm.net', null],
    ['ibn.com', null],
    ['ibrn.com', { like: 'ibm.com', how: 'homoglyph' }],
    ['ibm.com.evil.example', { like: 'ibm.com', how: 'spelling' }],
    // Another script.
    ['xn--exmplebank-0qi.com', { like: 'examplebank.com', how: 'punycode' }],
    ['exаmplebank.com', { like: 'examplebank.com', how: 'punycode' }],
    ['login.xn--pypal-4ve.com', { like: 'paypal.com', how: 'punycode' }],
    ['xn--pypal-4ve.net', { like: 'paypal.com', how: 'punycode' }],
    ['ехамрlеbаnk.com', { like: 'examplebank.com', how: 'punycode' }],
    ['exаmplebank-secure.com', { like: 'examplebank.com', how: 'punycode' }],
    ['éxamplebank.com', { like: 'examplebank.com', how: 'punycode' }],
    // ASCII that reads alike.
    ['examp1ebank.com', { like: 'examplebank.com', how: 'homoglyph' }],
    ['exarnplebank.com', { like: 'examplebank.com', how: 'homoglyph' }],
    ['exampiebank.com', { like: 'examplebank.com', how: 'homoglyph' }],
    ['paypa1.co.uk', { like: 'paypal.com', how: 'homoglyph' }],
    ['www.paypa1.com', { like: 'paypal.com', how: 'homoglyph' }],
    // Spelling: a slip, another suffix, an added word, the own domain in front.
    ['exmaplebank.com', { like: 'examplebank.com', how: 'spelling' }],
    ['examplebnk.com', { like: 'examplebank.com', how: 'spelling' }],
    ['examplebanks.com', { like: 'examplebank.com', how: 'spelling' }],
    ['exampleblank.com', { like: 'examplebank.com', how: 'spelling' }],
    ['examplebamk.com', { like: 'examplebank.com', how: 'spelling' }],
    ['examplebank.net', { like: 'examplebank.com', how: 'spelling' }],
    ['mail.examplebank.co.uk', { like: 'examplebank.com', how: 'spelling' }],
    ['examplebank-secure.com', { like: 'examplebank.com', how: 'spelling' }],
    ['secure-examplebank.com', { like: 'examplebank.com', how: 'spelling' }],
    ['my-examplebank-login.net', { like: 'examplebank.com', how: 'spelling' }],
    ['examplebank.com.evil.example', { like: 'examplebank.com', how: 'spelling' }],
    ['examplebank.com-verify.evil.example', { like: 'examplebank.com', how: 'spelling' }],
    ['examplebank.evil.example', { like: 'examplebank.com', how: 'spelling' }],
    ['examplebank.github.io', { like: 'examplebank.com', how: 'spelling' }],
    // Two slips are not one.
    ['exmaplebnak.com', null],
    ['examplebankers.com', null],
  ])('%s', (domain, expected) => {
    expect(findLookalike(domain, OWN)).toEqual(expected);
  });

  it.each<[string, readonly string[], ReturnType<typeof findLookalike>]>([
    ['www.contoso.com', ['mail.contoso.com'], null],
    ['contoso.com', ['mail.contoso.com'], null],
    ['c0ntoso.com', ['mail.contoso.com'], { like: 'mail.contoso.com', how: 'homoglyph' }],
    ['examplebank.net', [], null],
    ['examplebank.net', ['*.invalid host'], null],
    ['xn--exmplebank-0qi.com', ['exаmplebank.com'], null],
  ])('%s against %j', (domain, own, expected) => {
    expect(findLookalike(domain, own)).toEqual(expected);
  });
});
