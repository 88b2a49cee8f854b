import { describe, expect, it, vi } from 'vitest';
import type { OutboxReport, ReportState } from '@/utils/storage/report-types';
import { badgeFor, notificationFor, reportIdOfNotification } from '@/utils/report/report-feedback';
import { CONTEXT } from './fixtures';

function report(state: ReportState, extra: Partial<OutboxReport> = {}): OutboxReport {
  return {
    id: 'r1',
    createdAt: '',
    updatedAt: '',
    state,
    action: 'tkd',
    subject: { type: 'url', value: 'https://phish.example/login' },
    fields: {},
    files: [],
    origin: 'menu',
    attempts: 1,
    ...extra,
  };
}

describe('report feedback', () => {
  it.each<[ReportState, string, string, string]>([
    ['draft', '', '#57606a', 'Takedown Reporter'],
    ['queued', '…', '#57606a', 'Takedown Reporter — the report from this tab: Not sent yet: queued'],
    ['sending', '…', '#57606a', 'Takedown Reporter — the report from this tab: Not sent yet: sending…'],
    ['sent', '✓', '#1a7f37', 'Takedown Reporter — the report from this tab: Sent: status not known yet'],
    ['duplicate', '✓', '#1a7f37', 'Takedown Reporter — the report from this tab: Already an incident'],
    ['failed', '!', '#b42318', 'Takedown Reporter — the report from this tab: Not sent: failed'],
    ['unknown', '!', '#b42318', 'Takedown Reporter — the report from this tab: Maybe sent: not confirmed'],
  ])('badges %s as "%s", and says it in the title', (state, text, color, title) => {
    expect(badgeFor({ state })).toEqual({ text, color, title });
  });

  it.each<[string, OutboxReport, { title: string; message: string }]>([
    ['sent for takedown', report('sent', { incident: { id: 'inc_1' } }), { title: 'Reported for takedown', message: 'https://phish.example/login — incident inc_1. Click to open it.' }],
    ['sent for monitoring', report('sent', { action: 'monitor' }), { title: 'Reported for monitoring', message: 'https://phish.example/login' }],
    [
      'a duplicate linked',
      report('duplicate', { incident: { id: 'inc_2', status: 'case_building' } }),
      { title: 'Already an incident', message: 'https://phish.example/login is already an incident (status: Case building). Click to open it.' },
    ],
    [
      'a duplicate of an unknown status',
      report('duplicate', { incident: { id: 'inc_3', status: 'under_legal_review' } }),
      { title: 'Already an incident', message: 'https://phish.example/login is already an incident (status: Other (under_legal_review)). Click to open it.' },
    ],
    [
      'waiting for the network',
      report('queued', { waitingForNetwork: true }),
      { title: 'Waiting for the network', message: 'https://phish.example/login\nThe browser is offline. The report is kept and will be sent when the network is back.' },
    ],
    ['a duplicate not found', report('duplicate'), { title: 'Already an incident', message: 'https://phish.example/login' }],
    [
      'sent without the page content, which took too long',
      report('sent', { incident: { id: 'inc_4' }, evidence: { ...CONTEXT, notCaptured: [{ kind: 'capture_failed', what: 'page', reason: 'timeout' }] } }),
      {
        title: 'Reported for takedown',
        message: 'https://phish.example/login — incident inc_4. Click to open it.\nThe page took too long to give its content (it may be very large or busy). The report goes without page details.',
      },
    ],
    [
      'a duplicate whose tab left the site during capture',
      report('duplicate', { evidence: { ...CONTEXT, notCaptured: [{ kind: 'capture_failed', what: 'screenshot', reason: 'navigated' }] } }),
      {
        title: 'Already an incident',
        message: 'https://phish.example/login\nThe tab left the reported site while it was captured, so the screenshot would show another page. The report goes without it.',
      },
    ],
    [
      'failed',
      report('failed', { lastProblem: { kind: 'server_error', status: 502 } }),
      { title: 'Report not sent', message: 'https://phish.example/login\nThe service had a problem (HTTP 502). Try again in a few minutes.' },
    ],
    [
      'unknown',
      report('unknown', { lastProblem: { kind: 'interrupted' } }),
      {
        title: 'Report may not have arrived',
        message: 'https://phish.example/login\nThe extension stopped while this report was being sent, so it may or may not have arrived. Check it, or send it again.',
      },
    ],
  ])('notifies %s', (_name, given, expected) => {
    expect(notificationFor(given)).toEqual(expected);
  });

  it.each([
    ['report:abc-1', 'abc-1'],
    ['report:', ''],
    ['other:abc', null],
    ['abc', null],
  ])('reads the report of notification %s', (id, expected) => {
    expect(reportIdOfNotification(id)).toBe(expected);
  });
});

describe('the badge', () => {
  it('shows on the report tab with white text and its title, in MV3 (action) and MV2 (browserAction)', async () => {
    const { fakeBrowser } = await import('wxt/testing/fake-browser');
    const { showBadge } = await import('@/utils/report/report-feedback');
    const calls: unknown[] = [];
    const action = {
      setBadgeBackgroundColor: async (details: unknown) => void calls.push(['color', details]),
      setBadgeTextColor: async (details: unknown) => void calls.push(['text color', details]),
      setBadgeText: async (details: unknown) => void calls.push(['text', details]),
      setTitle: async (details: unknown) => void calls.push(['title', details]),
    };
    Object.assign(fakeBrowser, { action });
    await showBadge({ state: 'failed', tabId: 4 });
    Object.assign(fakeBrowser, { action: undefined, browserAction: action });
    await showBadge({ state: 'sent', tabId: 5 });
    await showBadge({ state: 'sent' });
    expect(calls).toEqual([
      ['color', { tabId: 4, color: '#b42318' }],
      ['text color', { tabId: 4, color: '#ffffff' }],
      ['text', { tabId: 4, text: '!' }],
      ['title', { tabId: 4, title: 'Takedown Reporter — the report from this tab: Not sent: failed' }],
      ['color', { tabId: 5, color: '#1a7f37' }],
      ['text color', { tabId: 5, color: '#ffffff' }],
      ['text', { tabId: 5, text: '✓' }],
      ['title', { tabId: 5, title: 'Takedown Reporter — the report from this tab: Sent: status not known yet' }],
    ]);
  });

  it('still shows, text colour left to the browser, where the browser cannot set it', async () => {
    const { fakeBrowser } = await import('wxt/testing/fake-browser');
    const { showBadge } = await import('@/utils/report/report-feedback');
    const calls: string[] = [];
    Object.assign(fakeBrowser, {
      action: {
        setBadgeBackgroundColor: async () => void calls.push('color'),
        setBadgeText: async () => void calls.push('text'),
        setTitle: async () => void calls.push('title'),
      },
    });
    await showBadge({ state: 'sending', tabId: 4 });
    expect(calls).toEqual(['color', 'text', 'title']);
  });

  it('is skipped quietly when the tab is gone', async () => {
    const { fakeBrowser } = await import('wxt/testing/fake-browser');
    const { showBadge } = await import('@/utils/report/report-feedback');
    Object.assign(fakeBrowser, { action: { setBadgeBackgroundColor: async () => Promise.reject(new Error('No tab with id: 4.')), setBadgeText: async () => {} } });
    await expect(showBadge({ state: 'sent', tabId: 4 })).resolves.toBeUndefined();
  });
});

describe('the result notification', () => {
  it('is created under the report id with the title and text of the result', async () => {
    const { fakeBrowser } = await import('wxt/testing/fake-browser');
    const { notifyResult } = await import('@/utils/report/report-feedback');
    const create = vi.spyOn(fakeBrowser.notifications, 'create').mockResolvedValue('report:r1' as never);
    await notifyResult(report('sent', { incident: { id: 'inc_1' } }));
    expect(create).toHaveBeenCalledWith('report:r1', {
      type: 'basic',
      iconUrl: `chrome-extension://${fakeBrowser.runtime.id}/icon/128.png`,
      title: 'Reported for takedown',
      message: 'https://phish.example/login — incident inc_1. Click to open it.',
    });
  });

  it('of a failure without a known reason says only the subject', () => {
    expect(notificationFor(report('failed'))).toEqual({ title: 'Report not sent', message: 'https://phish.example/login' });
  });
});
