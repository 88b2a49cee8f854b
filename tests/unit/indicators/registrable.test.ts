import { describe, expect, it } from 'vitest';
import { addressHost, asciiHost, indicatorHost, isUnder, registrableDomain } from '@/utils/indicators/registrable';
import type { Indicator } from '@/utils/indicators/types';

describe('asciiHost', () => {
  it.each<[string, string | null]>([
    ['Mail.Evil.Example.', 'mail.evil.example'],
    [' пример.рф ', 'xn--e1afmkfd.xn--p1ai'],
    ['ｅｘａｍｐｌｅ.com', 'example.com'],
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8::1', null],
    ['evil.example/path', null],
    ['user@evil.example', null],
    ['two words', null],
    ['', null],
  ])('%j', (name, expected) => {
    expect(asciiHost(name)).toBe(expected);
  });
});

describe('registrableDomain', () => {
  it.each<[string, string]>([
    ['mail.evil.co.uk', 'evil.co.uk'],
    ['evil.example', 'evil.example'],
    ['user.github.io', 'github.io'],
    ['203.0.113.7', '203.0.113.7'],
    ['localhost', 'localhost'],
  ])('%s', (host, expected) => {
    expect(registrableDomain(host)).toBe(expected);
  });
});

describe('isUnder', () => {
  it.each<[string, string, boolean]>([
    ['examplebank.com', 'examplebank.com', true],
    ['mx.examplebank.com', 'examplebank.com', true],
    ['notexamplebank.com', 'examplebank.com', false],
    ['examplebank.com.evil.example', 'examplebank.com', false],
  ])('%s under %s', (host, domain, expected) => {
    expect(isUnder(host, domain)).toBe(expected);
  });
});

describe('addressHost', () => {
  it.each<[string, string]>([
    ['Alice@Mail.ExampleBank.com', 'mail.examplebank.com'],
    ['"a@b"@evil.example', 'evil.example'],
    ['no-at-sign', ''],
    ['x@[203.0.113.7]', ''],
  ])('%s', (address, expected) => {
    expect(addressHost(address)).toBe(expected);
  });
});

describe('indicatorHost', () => {
  const of = (type: Indicator['type'], value: string): Indicator => ({ type, value, warnings: [] });
  it.each<[Indicator, string | null]>([
    [of('url', 'https://login.evil.example/a'), 'login.evil.example'],
    [of('domain', 'evil.example.'), 'evil.example'],
    [of('email', 'ceo@evil.example'), 'evil.example'],
    [of('ipv4', '203.0.113.7'), null],
    [of('phone', '+31612345678'), null],
  ])('%j', (indicator, expected) => {
    expect(indicatorHost(indicator)).toBe(expected);
  });
});
