import { describe, expect, it } from 'vitest';
import { pageDetailsLines } from '@/utils/evidence/page-details';
import type { PageSnapshot } from '@/utils/evidence/collect-page-snapshot';

// Issue 41: the page details say what each credential form asks for and
// which frame it sits in, list every frame with whether it was read, and say
// every cap the page reached where it cut.

const PAGE: PageSnapshot = {
  url: 'https://phish.test/login',
  title: '',
  html: '',
  htmlChars: 0,
  truncated: false,
  forms: [
    {
      action: 'https://collect.frame-kit.test/p.php',
      method: 'post',
      inputs: [{ name: 'secret', type: 'password' }],
      frame: 'srcdoc',
      credentials: ['password', 'one_time_code'],
      fieldCount: 61,
    },
    { action: 'https://phish.test/decoy', method: 'get', inputs: [{ name: 'q', type: 'text' }] },
  ],
  links: ['https://out0.test/'],
  scriptOrigins: ['https://cdn.test'],
  iframeOrigins: ['https://pay.other.test'],
  frames: [
    { source: 'srcdoc', kind: 'srcdoc', read: true },
    { source: 'about:blank', kind: 'blank', read: true },
    { source: 'https://phish.test/inner', kind: 'same_origin', read: true },
    { source: 'https://pay.other.test', kind: 'cross_origin', read: false },
    { source: '', kind: 'sandboxed', read: false },
  ],
  limits: { forms: { found: 213 }, links: { found: 10_000, atLeast: true }, scriptOrigins: { found: 140 }, iframeOrigins: { found: 101 }, frames: { found: 80 }, textsCut: 3 },
};

describe('the page details of frames, credential forms and caps', () => {
  it('lists the credential form first with what it asks for and its frame, and says each cap where it cut', () => {
    expect(pageDetailsLines(PAGE)).toEqual([
      'Page details of https://phish.test/login',
      '3 texts (addresses, field names, the title) were longer than 1000 characters: each is cut, ending in “…”.',
      '',
      'Forms:',
      '  2 of 213 forms listed: those asking for a password, a card number or a one-time code first.',
      '  Form 1 sends to https://collect.frame-kit.test/p.php (POST) (in a frame: srcdoc)',
      '    This form sends to another site than the page.',
      '    Asks for a password, a one-time code: a credential form, listed before the others.',
      '    - secret (password) — password field',
      '    1 of 61 named fields listed: password, card and one-time code fields first.',
      '  Form 2 sends to https://phish.test/decoy (GET)',
      '    - q (text)',
      '',
      'Links to other sites:',
      '  1 of 10000+ links to other sites listed.',
      '  https://out0.test/',
      '',
      'Script origins:',
      '  1 of 140 script origins listed.',
      '  https://cdn.test',
      '',
      'Frame origins:',
      '  1 of 101 frame origins listed.',
      '  https://pay.other.test',
      '',
      "Frames (those of the page's own site, srcdoc and about:blank frames are read: their forms and links are in the lists above):",
      '  5 of 80 frames listed.',
      '  srcdoc — a frame whose HTML is written in the page (srcdoc), read',
      "  about:blank — a frame the page's script writes, read",
      "  https://phish.test/inner — the page's own site, read",
      '  https://pay.other.test — another site, which the browser keeps apart, not read',
      '  (no web address) — a sandboxed frame, which the browser keeps apart, not read',
      '',
    ]);
  });

  it.each([
    ['forms', { forms: { found: 3 } }, 'forms listed'],
    ['links', { links: { found: 3 } }, 'links to other sites listed'],
    ['script origins', { scriptOrigins: { found: 3 } }, 'script origins listed'],
    ['frame origins', { iframeOrigins: { found: 3 } }, 'frame origins listed'],
  ])('says nothing of a cap of %s the page did not reach', (_case, limits, sentence) => {
    const without = pageDetailsLines({ ...PAGE, limits: {} }).join('\n');
    const with_ = pageDetailsLines({ ...PAGE, limits }).join('\n');
    expect([without.includes(sentence), with_.includes(sentence)]).toEqual([false, true]);
  });

  it('has no Frames section for a page without frames', () => {
    const { frames: _frames, ...page } = PAGE;
    expect(pageDetailsLines(page).some((line) => line.startsWith('Frames ('))).toBe(false);
  });
});
