import { describe, expect, it } from 'vitest';
import { findTextLinks, keepLinks } from '@/utils/email/email-links';
import type { EmailLink, EmailReadNote } from '@/utils/email/email-types';

describe('findTextLinks', () => {
  it.each([
    ['a link ending a sentence', 'Go to https://a.example/x. Now', ['https://a.example/x']],
    ['in brackets, after a comma', '(see https://a.example/x), or http://b.example/?q=1&r=2!', ['https://a.example/x', 'http://b.example/?q=1&r=2']],
    ['in quotes and angle brackets', '"https://a.example/q" <https://b.example/>', ['https://a.example/q', 'https://b.example/']],
    ['any case of the scheme', 'HTTPS://A.example/X', ['HTTPS://A.example/X']],
    ['not a defanged one, nor a bare domain', 'hxxps://a[.]example and www.b.example', []],
  ])('%s', (_, text, hrefs) => {
    expect(findTextLinks(text)).toEqual(hrefs.map((href) => ({ href, in: 'text' })));
  });
});

describe('keepLinks', () => {
  it('keeps each link once: the same target with another text or place is another link', () => {
    const links: EmailLink[] = [
      { href: 'https://a.example/', text: 'A', in: 'html' },
      { href: 'https://a.example/', text: 'A', in: 'html' },
      { href: 'https://a.example/', text: 'Other', in: 'html' },
      { href: 'https://a.example/', in: 'text' },
      { href: 'https://a.example/', in: 'text' },
      { href: 'https://a.example/', text: 'A', in: 'html', hidden: true },
      { href: 'https://a.example/', in: 'html', kind: 'resource' },
      { href: 'https://a.example/', in: 'html' },
    ];
    const notes: EmailReadNote[] = [];
    expect(keepLinks(links, notes)).toEqual([links[0], links[2], links[3], links[5], links[6], links[7]]);
    expect(notes).toEqual([]);
  });

  it('keeps the first 2,000 of more, and says how many there were once each', () => {
    const links: EmailLink[] = Array.from({ length: 2_003 }, (_, index) => ({ href: `https://a.example/${index % 2_001}`, in: 'text' }));
    const notes: EmailReadNote[] = [];
    const kept = keepLinks(links, notes);
    expect([kept.length, kept[1_999]?.href]).toEqual([2_000, 'https://a.example/1999']);
    expect(notes).toEqual([{ kind: 'links_capped', total: 2_001, kept: 2_000 }]);
  });

  it('keeps exactly 2,000 without a note', () => {
    const notes: EmailReadNote[] = [];
    expect(
      keepLinks(
        Array.from({ length: 2_000 }, (_, index) => ({ href: `https://a.example/${index}`, in: 'text' as const })),
        notes,
      ),
    ).toHaveLength(2_000);
    expect(notes).toEqual([]);
  });
});
