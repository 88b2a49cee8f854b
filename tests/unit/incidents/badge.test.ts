import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ReportState } from '@/utils/storage/report-types';
import { BADGE_TEXT_COLOR, badgeCount, paintBadge } from '@/utils/incidents/badge';
import { badgeFor } from '@/utils/report/report-feedback';
import { WAITING_BADGE_COLOR } from '@/utils/incidents/status-notifications';
import { contrast, hexRgb } from '../../support/contrast';

// The toolbar badge (issue 11): readable (its text is set white, on a
// background dark enough for it), short, and said in words in the title.

const STATES: ReportState[] = ['draft', 'queued', 'sending', 'sent', 'duplicate', 'failed', 'unknown'];
/** WCAG 2 (1.4.3): small text needs 4.5:1, and a badge's text is about 9 px. */
const TEXT_CONTRAST = 4.5;

describe('badge colours', () => {
  it('text is white', () => {
    expect(BADGE_TEXT_COLOR).toBe('#ffffff');
  });

  it.each([['the waiting count', WAITING_BADGE_COLOR], ...STATES.filter((state) => badgeFor({ state }).text).map((state) => [`a report ${state}`, badgeFor({ state }).color])])(
    `%s: white text on %s reads at ${TEXT_CONTRAST}:1 or more`,
    (_what, background) => {
      const ratio = contrast(hexRgb(BADGE_TEXT_COLOR), hexRgb(background!));
      expect(ratio, `${background}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    },
  );
});

describe('badge counts', () => {
  it.each([
    [0, ''],
    [-1, ''],
    [Number.NaN, ''],
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '99+'],
    [123_456, '99+'],
  ])('%d reads "%s"', (count, text) => {
    expect(badgeCount(count)).toBe(text);
  });

  it('are four characters at most', () => {
    for (let count = 0; count <= 2000; count += 1) expect(badgeCount(count).length).toBeLessThanOrEqual(4);
  });
});

describe('badge titles', () => {
  it.each(STATES.filter((state) => badgeFor({ state }).text))('a report %s: the title says in words what the badge shows', (state) => {
    const { title } = badgeFor({ state });
    expect(title).toMatch(/^Takedown Reporter — the report from this tab: \S/);
  });

  it('no badge: the title is the extension’s name only', () => {
    expect(badgeFor({ state: 'draft' })).toMatchObject({ text: '', title: 'Takedown Reporter' });
  });
});

describe('paintBadge', () => {
  it('paints every tab without a tab id, one tab with it', async () => {
    const calls: unknown[] = [];
    const record = (name: string) => async (details: unknown) => void calls.push([name, details]);
    Object.assign(fakeBrowser, {
      action: { setBadgeBackgroundColor: record('color'), setBadgeTextColor: record('text color'), setBadgeText: record('text'), setTitle: record('title') },
    });
    const badge = { text: '7', color: '#9a6700', title: 'seven' };
    await paintBadge(badge);
    await paintBadge(badge, 3);
    expect(calls).toEqual([
      ['color', { color: '#9a6700' }],
      ['text color', { color: '#ffffff' }],
      ['text', { text: '7' }],
      ['title', { title: 'seven' }],
      ['color', { tabId: 3, color: '#9a6700' }],
      ['text color', { tabId: 3, color: '#ffffff' }],
      ['text', { tabId: 3, text: '7' }],
      ['title', { tabId: 3, title: 'seven' }],
    ]);
  });

  it('sends the four calls at once, in order, without waiting for each answer (one round trip before a report leaves)', async () => {
    const calls: string[] = [];
    // The browser has not answered yet: each call waits until the test lets it.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const record = (name: string) => (details: { text?: string }) => {
      calls.push(`${name}${details.text ?? ''}`);
      return answered;
    };
    Object.assign(fakeBrowser, {
      action: { setBadgeBackgroundColor: record('color'), setBadgeTextColor: record('text color'), setBadgeText: record('text '), setTitle: record('title') },
    });
    const first = paintBadge({ text: '…', color: '#0969da', title: 'sending' }, 3);
    const second = paintBadge({ text: '✓', color: '#1a7f37', title: 'sent' }, 3);
    expect(calls).toEqual(['color', 'text color', 'text …', 'title', 'color', 'text color', 'text ✓', 'title']);
    answer();
    await Promise.all([first, second]);
  });
});
