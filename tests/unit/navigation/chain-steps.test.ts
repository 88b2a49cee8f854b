import { describe, expect, it } from 'vitest';
import { CHAIN_MAX_HOPS, navigationCommitted, navigationStarted, openedFrom, type NavigationEvent } from '@/utils/navigation/chain-steps';
import type { TabNavigation } from '@/utils/storage/navigation-types';

// The way a tab took to its page, event by event, as Chromium's webNavigation
// gives them (Firefox gives the same without documentLifecycle and frameType).

type Step = ['before' | 'commit', Partial<NavigationEvent> & { url: string }] | ['opened', string];

let clock = 1_764_320_000_000;
/** Plays events on a tab's state, each a second after the last. */
function play(steps: readonly Step[], state: TabNavigation = {}): TabNavigation {
  return steps.reduce<TabNavigation>((now, [kind, detail]) => {
    if (kind === 'opened') return openedFrom(now, detail);
    const event: NavigationEvent = { tabId: 7, frameId: 0, timeStamp: (clock += 1000), documentLifecycle: 'active', frameType: 'outermost_frame', ...detail };
    return kind === 'before' ? navigationStarted(now, event) : navigationCommitted(now, event);
  }, state);
}

/** The way as the record reads it: how it began, from where, and each address with how it was left. */
function way(state: TabNavigation): string[] {
  const chain = state.chain;
  if (!chain) return [];
  return [`${chain.start}${chain.from ? ` from ${chain.from}` : ''}`, ...chain.hops.map((hop) => `${hop.url}${hop.left ? ` (${hop.left})` : ''}`)];
}

const SHORT = 'https://bit.ly/3xYz';
const BOUNCE = 'https://portal.example.com/out?url=https%3A%2F%2Fsecure-acme-login.com%2Fsignin';
const PHISH = 'https://secure-acme-login.com/signin';
const MAIL = 'https://mail.example.com/inbox';

/** A link followed from the mail page: the shortener answers 302 to the open redirect, which sends on by a meta refresh. */
const THROUGH_TWO: Step[] = [
  ['before', { url: MAIL }],
  ['commit', { url: MAIL, transitionType: 'typed', transitionQualifiers: ['from_address_bar'] }],
  ['before', { url: SHORT }],
  ['commit', { url: BOUNCE, transitionType: 'link', transitionQualifiers: ['server_redirect'] }],
  ['before', { url: PHISH }],
  ['commit', { url: PHISH, transitionType: 'link', transitionQualifiers: ['client_redirect'] }],
];

describe('the way a tab took to its page', () => {
  it.each<[string, Step[], string[]]>([
    [
      'typed, straight there',
      [
        ['before', { url: PHISH }],
        ['commit', { url: PHISH, transitionType: 'typed' }],
      ],
      ['typed', PHISH],
    ],
    ['a link through a 302 and a meta refresh', THROUGH_TWO, [`link from ${MAIL}`, `${SHORT} (server_redirect)`, `${BOUNCE} (client_redirect)`, PHISH]],
    [
      'a form sent, then redirected',
      [
        ['before', { url: MAIL }],
        ['commit', { url: MAIL, transitionType: 'typed' }],
        ['before', { url: 'https://mail.example.com/go' }],
        ['commit', { url: PHISH, transitionType: 'form_submit', transitionQualifiers: ['server_redirect'] }],
      ],
      [`form from ${MAIL}`, 'https://mail.example.com/go (server_redirect)', PHISH],
    ],
    [
      'a link opened in a new tab: the opener’s page',
      [
        ['opened', MAIL],
        ['before', { url: 'about:blank' }],
        ['commit', { url: 'about:blank', transitionType: 'link' }],
        ['before', { url: PHISH }],
        ['commit', { url: PHISH, transitionType: 'link' }],
      ],
      [`link from ${MAIL}`, PHISH],
    ],
    ['a bookmark', [['commit', { url: PHISH, transitionType: 'auto_bookmark' }]], ['bookmark', PHISH]],
    [
      'a new user navigation starts a new way',
      [...THROUGH_TWO, ['before', { url: 'https://news.example/' }], ['commit', { url: 'https://news.example/', transitionType: 'typed' }]],
      ['typed', 'https://news.example/'],
    ],
    [
      'a reload keeps the way',
      [...THROUGH_TWO, ['before', { url: PHISH }], ['commit', { url: PHISH, transitionType: 'reload' }]],
      [`link from ${MAIL}`, `${SHORT} (server_redirect)`, `${BOUNCE} (client_redirect)`, PHISH],
    ],
    [
      'a page that refreshes itself adds nothing',
      [...THROUGH_TWO, ['before', { url: PHISH }], ['commit', { url: PHISH, transitionType: 'link', transitionQualifiers: ['client_redirect'] }]],
      [`link from ${MAIL}`, `${SHORT} (server_redirect)`, `${BOUNCE} (client_redirect)`, PHISH],
    ],
    [
      'back to the page: the way it was reached then',
      [
        ...THROUGH_TWO,
        ['commit', { url: 'https://news.example/', transitionType: 'typed' }],
        ['before', { url: PHISH }],
        ['commit', { url: PHISH, transitionType: 'link', transitionQualifiers: ['forward_back'] }],
      ],
      [`link from ${MAIL}`, `${SHORT} (server_redirect)`, `${BOUNCE} (client_redirect)`, PHISH],
    ],
    ['back to a page not seen before', [['commit', { url: PHISH, transitionType: 'link', transitionQualifiers: ['forward_back'] }]], ['back_forward', PHISH]],
    [
      'frames inside the page change nothing',
      [
        ...THROUGH_TWO,
        ['before', { url: 'https://ads.example/frame', frameId: 3, frameType: 'sub_frame' }],
        ['commit', { url: 'https://ads.example/frame', frameId: 3, frameType: 'sub_frame', transitionType: 'auto_subframe' }],
      ],
      [`link from ${MAIL}`, `${SHORT} (server_redirect)`, `${BOUNCE} (client_redirect)`, PHISH],
    ],
    ['a browser page leaves no way', [...THROUGH_TWO, ['commit', { url: 'chrome://newtab/', transitionType: 'typed' }]], []],
    [
      'Firefox: no lifecycle nor frame type',
      [
        ['before', { url: SHORT, documentLifecycle: undefined, frameType: undefined }],
        ['commit', { url: PHISH, transitionType: 'link', transitionQualifiers: ['server_redirect'], documentLifecycle: undefined, frameType: undefined }],
      ],
      ['link', `${SHORT} (server_redirect)`, PHISH],
    ],
  ])('%s', (_name, steps, expected) => {
    expect(way(play(steps))).toEqual(expected);
  });

  it('prerendered pages are kept apart until the tab shows one, then its way is the tab’s', () => {
    const search = play([['commit', { url: 'https://search.example/?q=acme', transitionType: 'typed' }]]);
    const prerender = { frameId: 4, documentLifecycle: 'prerender', documentId: 'DOC-4' };
    const readied = play(
      [
        ['before', { url: SHORT, ...prerender }],
        ['commit', { url: PHISH, transitionType: 'link', transitionQualifiers: ['server_redirect'], ...prerender }],
      ],
      search,
    );
    // Prerendering is not showing: the tab still shows the search.
    expect(way(readied)).toEqual(['typed', 'https://search.example/?q=acme']);
    const shown = play(
      [
        ['before', { url: PHISH }],
        ['commit', { url: PHISH, transitionType: 'link', documentId: 'DOC-4' }],
      ],
      readied,
    );
    expect(way(shown)).toEqual(['link from https://search.example/?q=acme', `${SHORT} (server_redirect)`, PHISH]);
    expect(shown.prerendered).toEqual({});
  });

  it('a page that refreshes to new addresses for ever keeps its first hop and the newest, counting those left out', () => {
    const loop: Step[] = Array.from({ length: 30 }, (_, index) => ['commit', { url: `https://loop.example/${index + 1}`, transitionType: 'link', transitionQualifiers: ['client_redirect'] }] as Step);
    const chain = play([['commit', { url: 'https://loop.example/0', transitionType: 'typed' }], ...loop]).chain!;
    expect(chain.hops).toHaveLength(CHAIN_MAX_HOPS);
    expect(chain.hops[0]!.url).toBe('https://loop.example/0');
    expect(chain.hops.at(-1)!.url).toBe('https://loop.example/30');
    expect(chain.skipped).toBe(31 - CHAIN_MAX_HOPS);
  });

  it('each hop keeps when the browser went to it', () => {
    const hops = play(THROUGH_TWO).chain!.hops;
    expect(hops.map((hop) => hop.at)).toEqual(hops.map((hop) => hop.at).toSorted((a, b) => a - b));
    expect(new Set(hops.map((hop) => hop.at)).size).toBe(3);
  });
});
