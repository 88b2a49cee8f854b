import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readSettings, settingsItem, settingsOfStored } from '@/utils/settings/settings';

// The popup's first render takes its settings from one raw storage read
// (components/popup/first-read.ts): the same settings readSettings answers,
// whatever version they were stored in and whatever the policy sets.

describe('settingsOfStored', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.stubGlobal('navigator', { language: 'en-GB' });
    return () => vi.unstubAllGlobals();
  });

  it.each<[string, Record<string, unknown>]>([
    ['nothing stored', {}],
    ['version 1 without its mark, no country', { settings: { phoneCountry: '', reporterEmail: 'soc@acme.example' } }],
    ['version 1 with its mark, a country', { settings: { phoneCountry: 'NL', defaultAction: 'monitor' }, settings$: { v: 1 } }],
    ['version 2', { settings: { phoneCountry: '', phoneCountryChosen: true, confirmBeforeSend: true }, settings$: { v: 2 } }],
    ['a newer version, read as it is', { settings: { reporterEmail: 'a@b.example', futureField: 1 }, settings$: { v: 3 } }],
    [
      'a policy over the user’s values',
      { settings: { defaultAction: 'monitor' }, settings$: { v: 2 }, managedView: { settings: { defaultAction: 'takedown' }, evidence: { screenshot: false }, hasApiKey: false } },
    ],
    ['unusable values, repaired', { settings: { refreshMinutes: -4, notifyStatuses: 'all' }, settings$: { v: 2 } }],
  ])('%s: the settings readSettings answers', async (_case, stored) => {
    const raw = structuredClone(stored);
    await fakeBrowser.storage.local.set(stored);
    // As a page opened now finds them: the item migrates them once in each page.
    await settingsItem.migrate().catch(() => undefined);
    expect(settingsOfStored(raw)).toEqual(await readSettings());
  });
});
