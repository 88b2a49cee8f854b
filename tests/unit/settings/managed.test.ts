import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  applyPolicy,
  forgetLoadedPolicy,
  isManaged,
  loadManagedPolicy,
  MANAGEABLE_SETTINGS,
  managedView,
  mirrorManagedPolicy,
  readManagedView,
  readPolicy,
  watchManagedPolicy,
  watchManagedView,
  type ManagedPolicy,
} from '@/utils/settings/managed';
import { DEFAULT_SETTINGS, readSettings, saveSettings, watchSettings, type Settings } from '@/utils/settings/settings';

const NONE: ManagedPolicy = { settings: {}, evidence: {} };

beforeEach(() => {
  fakeBrowser.reset();
  forgetLoadedPolicy();
});

describe('the organisation’s policy', () => {
  it.each<[string, unknown, ManagedPolicy]>([
    ['nothing', undefined, NONE],
    ['not an object', 'tkd', NONE],
    [
      'the connection and who manages it, trimmed',
      { baseUrl: ' https://api.acme.example ', apiKey: 'key_0123456789', managedBy: 'Acme Security' },
      { baseUrl: 'https://api.acme.example', apiKey: 'key_0123456789', managedBy: 'Acme Security', settings: {}, evidence: {} },
    ],
    ['empty strings', { baseUrl: '', apiKey: '  ', managedBy: '' }, NONE],
    [
      'valid settings',
      { reporterEmail: 'soc@acme.example', defaultAction: 'monitor', refreshMinutes: 30, notifyStatuses: ['closed'], confirmBeforeSend: true },
      { settings: { reporterEmail: 'soc@acme.example', defaultAction: 'monitor', refreshMinutes: 30, notifyStatuses: ['closed'], confirmBeforeSend: true }, evidence: {} },
    ],
    [
      'each bad value ignored alone',
      { defaultAction: 'delete', refreshMinutes: 2, keepSentEvidenceDays: 7, phoneCountry: 'nl', notifyStatuses: ['gone'] },
      { settings: { keepSentEvidenceDays: 7 }, evidence: {} },
    ],
    ['null is not false', { confirmBeforeSend: null }, NONE],
    ['a selection sends the record alone, by order of the organisation', { selectionPageEvidence: false }, { settings: { selectionPageEvidence: false }, evidence: {} }],
    ['a selection’s page evidence not a boolean', { selectionPageEvidence: 'yes' }, NONE],
    ['the whole page with every screenshot, by order of the organisation', { wholePageScreenshot: true }, { settings: { wholePageScreenshot: true }, evidence: {} }],
    ['a whole page not a boolean', { wholePageScreenshot: 'page' }, NONE],
    ['one evidence default, leaving the others to the user', { evidence: { screenshot: false, pageSource: 'no' } }, { settings: {}, evidence: { screenshot: false } }],
    ['unknown keys', { colour: 'red', defaultClientId: 'cl_acme_bank' }, { settings: { defaultClientId: 'cl_acme_bank' }, evidence: {} }],
    ['an email with spaces around, trimmed', { reporterEmail: ' soc@acme.example ' }, { settings: { reporterEmail: 'soc@acme.example' }, evidence: {} }],
    ['null and absent settings are not set', { defaultAction: null, refreshMinutes: undefined }, NONE],
  ])('reads %s', (_name, raw, expected) => {
    expect(readPolicy(raw)).toEqual(expected);
  });

  it('applies over the user’s settings, evidence default by default', () => {
    const mine: Settings = { ...DEFAULT_SETTINGS, reporterEmail: 'me@acme.example', defaultAction: 'tkd', evidence: { screenshot: true, pageSource: false, pageDetails: true } };
    const policy = readPolicy({ defaultAction: 'monitor', evidence: { pageDetails: false } });
    expect(applyPolicy(mine, policy)).toEqual({ ...mine, defaultAction: 'monitor', evidence: { screenshot: true, pageSource: false, pageDetails: false } });
  });

  it('is shown to pages without the key', () => {
    const view = managedView(readPolicy({ apiKey: 'key_0123456789', baseUrl: 'https://api.acme.example' }));
    expect(view).toEqual({ baseUrl: 'https://api.acme.example', hasApiKey: true, settings: {}, evidence: {} });
    expect(JSON.stringify(view)).not.toContain('key_0123456789');
  });

  it.each<[string, ManagedPolicy, boolean]>([
    ['none', NONE, false],
    ['a URL', { ...NONE, baseUrl: 'https://x.example' }, true],
    ['a key', { ...NONE, apiKey: 'k' }, true],
    ['a setting', { ...NONE, settings: { confirmBeforeSend: false } }, true],
    ['an evidence default', { ...NONE, evidence: { screenshot: true } }, true],
  ])('with %s is managed: %s', (_name, policy, managed) => {
    expect(isManaged(policy)).toBe(managed);
    expect(isManaged(managedView(policy))).toBe(managed);
  });

  it('loaded from managed storage applies to the settings every part reads, and its change is heard', async () => {
    await saveSettings({ ...DEFAULT_SETTINGS, defaultAction: 'tkd', reporterEmail: 'me@acme.example' });
    const heard: Settings[] = [];
    const unwatch = watchSettings((settings) => heard.push(settings));
    await fakeBrowser.storage.managed.set({ defaultAction: 'monitor', managedBy: 'Acme Security', apiKey: 'managed_key_0001' });
    // The background reads the policy and keeps a copy without the key for the pages.
    expect(await mirrorManagedPolicy()).toEqual({ managedBy: 'Acme Security', apiKey: 'managed_key_0001', settings: { defaultAction: 'monitor' }, evidence: {} });
    expect(await readManagedView()).toEqual({ managedBy: 'Acme Security', hasApiKey: true, settings: { defaultAction: 'monitor' }, evidence: {} });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('managed_key_0001');
    expect(await readSettings()).toMatchObject({ defaultAction: 'monitor', reporterEmail: 'me@acme.example' });
    // The user cannot save over a locked value: what they save stays under the policy.
    await saveSettings({ ...DEFAULT_SETTINGS, defaultAction: 'tkd' });
    expect((await readSettings()).defaultAction).toBe('monitor');
    // Pages hear that save (its reporter email emptied), with the policy's action still over it.
    await vi.waitFor(() => expect(heard.at(-1)?.reporterEmail).toBe(''));
    expect(heard.at(-1)?.defaultAction).toBe('monitor');
    unwatch();
  });

  it('is read from managed storage once, until it changes', async () => {
    let reads = 0;
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockImplementation(async () => ((reads += 1), { defaultAction: 'monitor' }));
    await loadManagedPolicy();
    await loadManagedPolicy();
    expect(reads).toBe(1);
    await mirrorManagedPolicy();
    expect(reads).toBe(2);
  });

  it('without a copy from the background, pages see none', async () => {
    expect(await readManagedView()).toEqual({ settings: {}, evidence: {}, hasApiKey: false });
    await fakeBrowser.storage.managed.set({});
    await mirrorManagedPolicy();
    expect((await fakeBrowser.storage.local.get('managedView')).managedView ?? null).toBeNull();
  });

  it('changes are heard: the policy by the background, the copy by pages', async () => {
    const policyChanges: number[] = [];
    const views: unknown[] = [];
    const unwatchPolicy = watchManagedPolicy(() => policyChanges.push(1));
    const unwatchView = watchManagedView((view) => views.push(view));
    await fakeBrowser.storage.local.set({ unrelated: 1 });
    await fakeBrowser.storage.managed.set({ defaultAction: 'monitor' });
    expect(policyChanges).toEqual([1]);
    await mirrorManagedPolicy();
    await fakeBrowser.storage.managed.clear();
    await mirrorManagedPolicy();
    expect(views).toEqual([
      { settings: { defaultAction: 'monitor' }, evidence: {}, hasApiKey: false },
      { settings: {}, evidence: {}, hasApiKey: false },
    ]);
    unwatchPolicy();
    unwatchView();
    await fakeBrowser.storage.managed.set({ defaultAction: 'tkd' });
    expect(policyChanges).toEqual([1, 1]);
  });

  it('a read of managed storage that does not answer gives the last copy after 5 s, without writing it back; the next load asks again', async () => {
    await fakeBrowser.storage.managed.set({ baseUrl: 'https://api.acme.example', apiKey: 'managed_key_0001', defaultAction: 'monitor' });
    await mirrorManagedPolicy();
    let reads = 0;
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockImplementation(() => ((reads += 1), new Promise(() => undefined)));
    const written = vi.spyOn(fakeBrowser.storage.local, 'set');
    vi.useFakeTimers();
    try {
      forgetLoadedPolicy();
      const loading = loadManagedPolicy();
      await vi.advanceTimersByTimeAsync(4_999);
      let answered = false;
      void loading.then(() => (answered = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await loading).toEqual({ baseUrl: 'https://api.acme.example', settings: { defaultAction: 'monitor' }, evidence: {}, unread: { hasApiKey: true } });
      // The next load asks managed storage again rather than keep the copy.
      const again = loadManagedPolicy();
      await vi.advanceTimersByTimeAsync(0);
      expect(reads).toBe(2);
      await vi.advanceTimersByTimeAsync(5_000);
      expect((await again).unread).toEqual({ hasApiKey: true });
      const mirroring = mirrorManagedPolicy();
      await vi.advanceTimersByTimeAsync(5_000);
      expect((await mirroring).unread).toEqual({ hasApiKey: true });
      expect(written).not.toHaveBeenCalled();
      expect(reads).toBe(3);
    } finally {
      vi.useRealTimers();
    }
    expect(await readManagedView()).toMatchObject({ hasApiKey: true, baseUrl: 'https://api.acme.example' });
  });

  it('without managed storage (Firefox with no policy) is none', async () => {
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockRejectedValue(new Error('Managed storage manifest not found'));
    expect(await loadManagedPolicy()).toEqual(NONE);
  });

  it('has a schema for browsers that names exactly what it reads', () => {
    const schema = JSON.parse(readFileSync('public/managed-schema.json', 'utf8')) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties).sort()).toEqual(['apiKey', 'baseUrl', 'evidence', 'managedBy', ...MANAGEABLE_SETTINGS].sort());
  });
});
