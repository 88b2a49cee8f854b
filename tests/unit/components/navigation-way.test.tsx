import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { NavigationWay } from '@/components/popup/navigation-way';
import { ReviewRow } from '@/components/review/review-row';
import { chainRowsFor, mergeRows, rowsFor } from '@/components/review/review-state';
import { checkIndicator, findIndicators } from '@/utils/indicators/find';
import { readTabChain } from '@/utils/navigation/tab-chain';
import { writeTabNavigation } from '@/utils/storage/navigation-chains';
import type { ChainEvidence, NavigationChain } from '@/utils/storage/navigation-types';
import type { OutboxReport } from '@/utils/storage/report-types';
import { CONTEXT } from '../report/fixtures';
import { useDomWindow } from './dom';

// The way the tab took to its page, where the user sees it (issue 41): above
// the popup's report, and as rows of the review window a menu report opens.

const { mount } = useDomWindow();

const PAGE = 'https://secure-acme-login.com/signin';
const CHAIN: NavigationChain = {
  start: 'link',
  hops: [
    { url: 'https://bit.ly/3xYz', at: 1, left: 'server_redirect' },
    { url: `https://portal.example.com/out?url=${encodeURIComponent(PAGE)}`, at: 2, left: 'client_redirect' },
    { url: PAGE, at: 3 },
  ],
};
const source = (navigation: ChainEvidence): Pick<OutboxReport, 'evidence'> => ({ evidence: { ...CONTEXT, requestedUrl: PAGE, navigation } });

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the way in the review window', () => {
  it('offers every hop: the page ticked, each redirector unticked with its role', () => {
    const rows = mergeRows([], chainRowsFor(source({ state: 'recorded', chain: CHAIN }), 'tkd', checkIndicator), rowsFor(findIndicators(PAGE), 'tkd'));
    expect(rows.map((row) => [row.found.check.ok && row.found.check.indicator.value, row.selected, row.way?.role, row.way?.step])).toEqual([
      ['https://bit.ly/3xYz', false, 'shortener', 1],
      [CHAIN.hops[1]!.url, false, 'open_redirect', 2],
      [PAGE, true, 'page', 3],
    ]);
  });

  it.each<[string, ChainEvidence | undefined]>([
    ['the setting off', { state: 'off' }],
    ['nothing seen', { state: 'unseen' }],
    ['straight to the page', { state: 'recorded', chain: { start: 'typed', hops: [{ url: PAGE, at: 1 }] } }],
    ['no page evidence at all', undefined],
  ])('adds no row for %s', (_name, navigation) => {
    expect(chainRowsFor(navigation ? source(navigation) : { evidence: undefined }, 'tkd', checkIndicator)).toEqual([]);
  });

  it('says each hop’s role and step', () => {
    const [row] = chainRowsFor(source({ state: 'recorded', chain: CHAIN }), 'tkd', checkIndicator);
    const root = mount(
      <ul>
        <ReviewRow row={row!} index={0} comment="" disabled={false} hasEvidence onToggle={() => {}} onAction={() => {}} onReport={() => {}} onFollowedUp={() => {}} />
      </ul>,
    );
    expect(root.querySelector('.review-way')?.textContent).toBe('URL shortener — step 1 of 3 on the way to the reported page');
  });
});

describe('the way in the popup', () => {
  it('lists each hop’s host with its role, in order', async () => {
    await writeTabNavigation(7, { chain: CHAIN });
    let root!: HTMLElement;
    await act(async () => {
      root = mount(<NavigationWay tabId={7} />);
    });
    await vi.waitFor(() => expect(root.querySelectorAll('li')).toHaveLength(3));
    expect(root.querySelector('#navigation-way-label')?.textContent).toBe('How this tab got here');
    expect([...root.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['bit.ly (URL shortener)', 'portal.example.com (Open redirect)', 'secure-acme-login.com (Page reached)']);
  });

  it('shows nothing when the browser went straight to the page', async () => {
    await writeTabNavigation(7, { chain: { start: 'typed', hops: [{ url: PAGE, at: 1 }] } });
    let root!: HTMLElement;
    await act(async () => {
      root = mount(<NavigationWay tabId={7} />);
      // The same read as the component's, answered after it.
      expect(await readTabChain(7)).toBeDefined();
    });
    expect(root.innerHTML).toBe('');
  });
});
