import { describe, expect, it } from 'vitest';
import { shownPlace } from '@/utils/email/link-text';

// What a link's text shows its reader as a place: a URL or a domain, else nothing.

describe('shownPlace', () => {
  it.each<[string, string | null]>([
    ['https://www.examplebank.com/login', 'www.examplebank.com'],
    ['www.examplebank.com', 'www.examplebank.com'],
    ['(examplebank.com).', 'examplebank.com'],
    ['Click here', null],
    ['', null],
    ['help@examplebank.com', null],
    ['report.pdf', null],
  ])('%j', (text, host) => {
    expect(shownPlace(text)?.host ?? null).toBe(host);
  });
});
