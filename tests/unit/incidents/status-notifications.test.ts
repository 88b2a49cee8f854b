import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { StatusChange } from '@/utils/incidents/refresh';
import { incidentIdOfNotification, notificationsFor, notifyStatusChanges, showWaitingBadge, SUMMARY_NOTIFICATION } from '@/utils/incidents/status-notifications';
import { handleStatusNotificationClick } from '@/utils/background/status';
import { DEFAULT_SETTINGS } from '@/utils/settings/settings';

const change = (incidentId: string, to: string, from = 'pending_review'): StatusChange => ({ incidentId, subject: `https://${incidentId}.example/`, from, to });
const CHOSEN = DEFAULT_SETTINGS.notifyStatuses;

beforeEach(() => {
  fakeBrowser.reset();
});

describe('status change notifications', () => {
  it('are one per change, for the statuses chosen only', () => {
    expect(notificationsFor([change('a', 'approval_required'), change('b', 'case_building'), change('c', 'takedown_success', 'takedown_in_progress')], CHOSEN)).toEqual([
      { id: 'status:a', title: 'Status changed: Approval required', message: 'https://a.example/\nPending review → Approval required. Click to open the incident.' },
      { id: 'status:c', title: 'Status changed: Taken down', message: 'https://c.example/\nTakedown in progress → Taken down. Click to open the incident.' },
    ]);
  });

  it('name an unknown status "Other (value)", as every view does', () => {
    expect(notificationsFor([change('a', 'under_legal_review')], ['under_legal_review'])[0]?.title).toBe('Status changed: Other (under_legal_review)');
  });

  it('are three at most; four or more become one summary, counted by status, most first', () => {
    expect(notificationsFor([change('a', 'closed'), change('b', 'closed'), change('c', 'closed')], ['closed'])).toHaveLength(3);
    const many = [change('b', 'action_required'), change('a', 'takedown_success'), change('c', 'takedown_success'), change('d', 'takedown_success'), change('e', 'closed')];
    expect(notificationsFor(many, CHOSEN)).toEqual([
      { id: SUMMARY_NOTIFICATION, title: '4 incidents changed status', message: '3 × Taken down, 1 × Action required from you. Click to see them in My reports.' },
    ]);
  });

  it('are none when nothing chosen changed', () => {
    expect(notificationsFor([change('a', 'closed')], CHOSEN)).toEqual([]);
    expect(notificationsFor([change('a', 'approval_required')], [])).toEqual([]);
  });

  it('are created under their ids with the extension icon', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create').mockResolvedValue('x' as never);
    await notifyStatusChanges([change('inc_9', 'action_required')], CHOSEN);
    expect(create).toHaveBeenCalledWith('status:inc_9', {
      type: 'basic',
      iconUrl: `chrome-extension://${fakeBrowser.runtime.id}/icon/128.png`,
      title: 'Status changed: Action required from you',
      message: 'https://inc_9.example/\nPending review → Action required from you. Click to open the incident.',
    });
  });

  it.each([
    ['status:inc_1', 'inc_1'],
    ['status:', ''],
    [SUMMARY_NOTIFICATION, null],
    ['report:r1', null],
  ])('%s is about incident %s', (id, incidentId) => {
    expect(incidentIdOfNotification(id)).toBe(incidentId);
  });

  it.each([
    ['status:inc/1', `chrome-extension://${fakeBrowser.runtime.id}/incident.html#inc%2F1`],
    [SUMMARY_NOTIFICATION, `chrome-extension://${fakeBrowser.runtime.id}/options.html#reports`],
  ])('clicking %s opens %s and clears it', async (id, url) => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
    const clear = vi.spyOn(fakeBrowser.notifications, 'clear').mockResolvedValue(true as never);
    await handleStatusNotificationClick(id);
    expect(create).toHaveBeenCalledWith({ url });
    expect(clear).toHaveBeenCalledWith(id);
  });

  it('a click on a notification not ours opens nothing', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await handleStatusNotificationClick('report:r1');
    expect(create).not.toHaveBeenCalled();
  });
});

describe('the waiting badge', () => {
  it.each([
    [2, '2', 'Takedown Reporter — 2 incidents wait for you (approval or action required)'],
    [1, '1', 'Takedown Reporter — 1 incident waits for you (approval or action required)'],
    [99, '99', 'Takedown Reporter — 99 incidents wait for you (approval or action required)'],
    [100, '99+', 'Takedown Reporter — 100 incidents wait for you (approval or action required)'],
    [2500, '99+', 'Takedown Reporter — 2500 incidents wait for you (approval or action required)'],
    [0, '', 'Takedown Reporter'],
  ])('for %i shows "%s" in white on every tab, and the number in words in the title', async (count, text, title) => {
    const calls: unknown[] = [];
    Object.assign(fakeBrowser, {
      action: {
        setBadgeBackgroundColor: async (details: unknown) => void calls.push(['color', details]),
        setBadgeTextColor: async (details: unknown) => void calls.push(['text color', details]),
        setBadgeText: async (details: unknown) => void calls.push(['text', details]),
        setTitle: async (details: unknown) => void calls.push(['title', details]),
      },
    });
    await showWaitingBadge(count);
    expect(calls).toEqual([
      ['color', { color: '#9a6700' }],
      ['text color', { color: '#ffffff' }],
      ['text', { text }],
      ['title', { title }],
    ]);
  });

  it('shows in MV2 (browserAction), where the text colour may not be settable', async () => {
    const calls: unknown[] = [];
    Object.assign(fakeBrowser, {
      action: undefined,
      browserAction: {
        setBadgeBackgroundColor: async (details: unknown) => void calls.push(['color', details]),
        setBadgeText: async (details: unknown) => void calls.push(['text', details]),
        setTitle: async (details: unknown) => void calls.push(['title', details]),
      },
    });
    await showWaitingBadge(3);
    expect(calls).toEqual([
      ['color', { color: '#9a6700' }],
      ['text', { text: '3' }],
      ['title', { title: 'Takedown Reporter — 3 incidents wait for you (approval or action required)' }],
    ]);
  });
});
