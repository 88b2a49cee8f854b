import { describe, expect, it } from 'vitest';
import { readMailDate } from '@/utils/email/mail-date';

describe('readMailDate', () => {
  it.each<[string, string | undefined]>([
    ['Tue, 2 Jan 2024 10:00:00 +0100 (CET)', '2024-01-02T09:00:00.000Z'],
    [' Mon, 01 Jan 2024 04:05:06 -0800 (PST)', '2024-01-01T12:05:06.000Z'],
    ['2 Jan 2024 10:00 +0000', '2024-01-02T10:00:00.000Z'],
    ['Tue, 2 January 2024 10:00:00 +0530', '2024-01-02T04:30:00.000Z'],
    ['Tue, 2 Jan 2024 10:00:00.123 +0000', '2024-01-02T10:00:00.000Z'],
    ['Tue, 2 Jan 2024 10:00:00 EST', '2024-01-02T15:00:00.000Z'],
    ['Tue, 2 Jan 2024 10:00:00 GMT', '2024-01-02T10:00:00.000Z'],
    ['Tue, 2 Jan 2024 10:00:00 A', '2024-01-02T10:00:00.000Z'],
    ['Tue, 2 Jan 2024 10:00:00', '2024-01-02T10:00:00.000Z'],
    ['Sat, 31 Dec 99 23:59:60 +0000', '1999-12-31T23:59:59.000Z'],
    ['Sun, 2 Jan 24 10:00:00 +0000', '2024-01-02T10:00:00.000Z'],
    // Two digits: 00–49 this century, 50–99 the last; three digits from 1900.
    ['Sun, 2 Jan 49 10:00:00 +0000', '2049-01-02T10:00:00.000Z'],
    ['Mon, 2 Jan 50 10:00:00 +0000', '1950-01-02T10:00:00.000Z'],
    ['Tue, 2 Jan 124 10:00:00 +0000', '2024-01-02T10:00:00.000Z'],
    ['2 Jan 2024 10:60:00 +0000', undefined],
    ['2 Jan 2024 10:00:61 +0000', undefined],
    ['2 Jan 2024 99:00:00 +0000', undefined],
    ['0 Jan 2024 10:00:00 +0000', undefined],
    ['31 Feb 2024 10:00:00 +0000', undefined],
    ['2 Foo 2024 10:00:00 +0000', undefined],
    ['2 Jan 2024 24:00:00 +0000', undefined],
    ['2024-01-02T10:00:00Z', undefined],
    ['', undefined],
  ])('%j', (text, expected) => {
    expect(readMailDate(text)).toBe(expected);
  });
});
