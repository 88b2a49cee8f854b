import { describe, expect, it } from 'vitest';
import { pageEvidenceFiles } from '@/utils/evidence/page-files';
import { takenPage } from '@/utils/evidence/page-details';
import type { PageSnapshot, ShadowPlace } from '@/utils/evidence/collect-page-snapshot';

// The details file of a page whose forms, links and origins sit in shadow
// roots: each is listed with the document's, saying where it was found.

const CLOSED: ShadowPlace = { mode: 'closed', host: '<login-box>' };
const OPEN: ShadowPlace = { mode: 'open', host: '<app-shell>' };

const SNAPSHOT: PageSnapshot = {
  url: 'https://phish.test/login',
  title: '',
  html: '<html></html>',
  htmlChars: 13,
  truncated: false,
  forms: [
    { action: 'https://phish.test/search', method: 'get', inputs: [{ name: 'q', type: 'text' }] },
    { action: 'https://collect.evil.test/p.php', method: 'post', inputs: [{ name: 'pass', type: 'password' }], place: CLOSED },
  ],
  links: ['https://acme.example/help'],
  scriptOrigins: [],
  iframeOrigins: [],
  shadow: {
    roots: 2,
    capped: false,
    links: [{ text: 'https://out.test/', place: OPEN }],
    scriptOrigins: [{ text: 'https://kit-cdn.test', place: CLOSED }],
    iframeOrigins: [],
  },
};

async function details(snapshot: PageSnapshot): Promise<string[]> {
  const [file] = pageEvidenceFiles(takenPage(snapshot), { source: false, details: true });
  return (await file!.text()).split('\n');
}

describe('page details of a page with shadow roots', () => {
  it('says how many roots were read, and lists their forms, links and origins with where each was found', async () => {
    expect(await details(SNAPSHOT)).toEqual([
      'Page details of https://phish.test/login',
      'Shadow roots read: 2. The page source shows each inside its host, as a <template shadowrootmode> element.',
      '',
      'Forms:',
      '  Form 1 sends to https://phish.test/search (GET)',
      '    - q (text)',
      '  Form 2 sends to https://collect.evil.test/p.php (POST) (in a closed shadow root of <login-box>)',
      '    This form sends to another site than the page.',
      '    - pass (password) — password field',
      '',
      'Links to other sites:',
      '  https://acme.example/help',
      '  https://out.test/ (in an open shadow root of <app-shell>)',
      '',
      'Script origins:',
      '  https://kit-cdn.test (in a closed shadow root of <login-box>)',
      '',
      'Frame origins:',
      '  none',
      '',
    ]);
  });

  it('says when the walk stopped at its caps', async () => {
    const capped = { ...SNAPSHOT, shadow: { ...SNAPSHOT.shadow!, roots: 500, capped: true } };
    expect((await details(capped)).slice(1, 3)).toEqual([
      'Shadow roots read: 500. The page source shows each inside its host, as a <template shadowrootmode> element.',
      'Stopped looking for shadow roots at a limit (500 roots, 32 levels deep, 1.5 seconds): any further ones are not listed here or in the page source.',
    ]);
  });

  it('says nothing of shadow roots for a page without any', async () => {
    const { shadow: _none, ...plain } = SNAPSHOT;
    expect((await details({ ...plain, forms: [] })).join('\n')).not.toMatch(/shadow/i);
  });
});
