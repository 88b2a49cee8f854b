import { describe, expect, it } from 'vitest';
import { buildEvidenceRecord } from '@/utils/evidence/record';
import type { EvidenceContext } from '@/utils/storage/evidence-context';
import type { ChainEvidence, NavigationChain } from '@/utils/storage/navigation-types';

// The evidence record's account of the way the browser took to the reported
// page (issue 41): every address in order, with its role, how it sent the
// browser on and when; or why the way is not known.

const CONTEXT: EvidenceContext = {
  requestedUrl: 'https://secure-acme-login.com/signin',
  capturedAt: new Date('2026-11-28T10:00:00.000Z'),
  timeZone: 'UTC',
  browser: { name: 'Chrome', version: '156.0.8078.73', language: 'en-GB' },
  extensionVersion: '0.1.0',
};

const AT = Date.parse('2026-11-28T09:59:50.000Z');

const CHAIN: NavigationChain = {
  start: 'link',
  from: 'https://mail.example.com/inbox',
  hops: [
    { url: 'https://bit.ly/3xYz', at: AT, left: 'server_redirect' },
    { url: 'https://portal.example.com/out?url=https://secure-acme-login.com/signin', at: AT + 1_200, left: 'client_redirect' },
    { url: 'https://secure-acme-login.com/signin', at: AT + 2_450 },
  ],
};

/** The record's lines about the way, from its first line to the blank line after it. */
async function wayLines(navigation: ChainEvidence | undefined): Promise<string[]> {
  const lines = (await (await buildEvidenceRecord({ ...CONTEXT, ...(navigation ? { navigation } : {}) }, [])).text()).split('\n');
  const first = lines.findIndex((line) => line.startsWith('How the browser reached this page'));
  return first < 0 ? [] : lines.slice(first, lines.indexOf('', first));
}

describe('the way to the page in the evidence record', () => {
  it('lists every address in order: its role, how it sent the browser on, and when', async () => {
    expect(await wayLines({ state: 'recorded', chain: CHAIN })).toEqual([
      'How the browser reached this page (recorded by the extension in this tab):',
      '  Began with a link on https://mail.example.com/inbox',
      '  1. https://bit.ly/3xYz',
      '     URL shortener · sent on by a server redirect (HTTP 3xx) · 2026-11-28T09:59:50.000Z',
      '  2. https://portal.example.com/out?url=https://secure-acme-login.com/signin',
      '     Open redirect · sent on by a client redirect (a meta refresh or a script) · 2026-11-28T09:59:51.200Z',
      '  3. https://secure-acme-login.com/signin',
      '     Page reached · reached · 2026-11-28T09:59:52.450Z',
      '  A server redirect shows where it began and where it ended: addresses a server passed the browser through in between are not seen by the extension.',
    ]);
  });

  it.each<[string, NavigationChain, string[]]>([
    [
      'typed, straight there',
      { start: 'typed', hops: [{ url: 'https://secure-acme-login.com/signin', at: AT }] },
      ['  Began with an address typed or pasted in the address bar, or a search there', '  1. https://secure-acme-login.com/signin'],
    ],
    ['a form, its page unknown', { start: 'form', hops: [{ url: 'https://secure-acme-login.com/signin', at: AT }] }, ['  Began with a form', '  1. https://secure-acme-login.com/signin']],
    [
      'back in the history',
      { start: 'back_forward', hops: [{ url: 'https://secure-acme-login.com/signin', at: AT }] },
      ['  Began with Back or Forward in the tab’s history', '  1. https://secure-acme-login.com/signin'],
    ],
    [
      'a long way, cut',
      {
        start: 'other',
        skipped: 12,
        hops: [
          { url: 'https://loop.example/0', at: AT, left: 'client_redirect' },
          { url: 'https://loop.example/13', at: AT },
        ],
      },
      ['  Began some other way (a page’s script, another program, the browser itself)', '  1. https://loop.example/0', '  … 12 more addresses on the way left out …', '  2. https://loop.example/13'],
    ],
  ])('says how it began: %s', async (_name, chain, expected) => {
    const lines = await wayLines({ state: 'recorded', chain });
    expect(lines.filter((line) => !line.startsWith('     ')).slice(1)).toEqual(expected);
    expect(lines.join('\n')).not.toContain('server redirect shows');
  });

  it('keeps an address written to break the record on one line', async () => {
    const chain: NavigationChain = { start: 'link', hops: [{ url: 'https://evil.example/a\nReported by: someone@else.example', at: AT }] };
    expect(await wayLines({ state: 'recorded', chain })).not.toContain('Reported by: someone@else.example');
  });

  it.each<[string, ChainEvidence | undefined, string[]]>([
    ['the setting off', { state: 'off' }, ['How the browser reached this page: not recorded (the setting “Record how I reached each page” is off).']],
    ['nothing seen for the tab', { state: 'unseen' }, ['How the browser reached this page: not known (the tab was opened before recording started).']],
    ['a link, a selection or an email: nothing said', undefined, []],
  ])('says why the way is not listed: %s', async (_name, navigation, expected) => {
    expect(await wayLines(navigation)).toEqual(expected);
  });
});
