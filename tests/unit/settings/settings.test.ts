import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS, normaliseSettings, readSettings, saveSettings, settingsItem, watchSettings, type Settings } from '@/utils/settings/settings';

describe('reporting settings', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('are the defaults when nothing is stored', async () => {
    expect(await readSettings()).toEqual({
      reporterEmail: '',
      defaultAction: 'tkd',
      defaultClientId: '',
      evidence: { screenshot: true, pageSource: true, pageDetails: true },
      // A selection's report sends the evidence record alone unless the user ticks the page's parts (issue 44).
      selectionPageEvidence: false,
      // How a page was reached is recorded only when the user turns it on and grants the permission (issue 41).
      recordNavigation: false,
      // The visible screen only: a whole page scrolls the page in front of the user for seconds (issue 41).
      wholePageScreenshot: false,
      phoneCountry: '',
      phoneCountryChosen: false,
      confirmBeforeSend: false,
      keepSentEvidenceDays: 30,
      refreshMinutes: 15,
      notifyStatuses: ['action_required', 'approval_required', 'takedown_success', 'takedown_attempt_failed'],
      includeAccountIncidents: false,
      ownDomains: [],
    });
  });

  it('are saved and read back, and every page hears the change', async () => {
    const heard: Settings[] = [];
    const unwatch = watchSettings((settings) => heard.push(settings));
    const mine: Settings = {
      reporterEmail: 'soc@acme.example',
      defaultAction: 'monitor',
      defaultClientId: 'cl_acme_bank',
      evidence: { screenshot: true, pageSource: false, pageDetails: true },
      selectionPageEvidence: true,
      recordNavigation: true,
      wholePageScreenshot: true,
      phoneCountry: 'NL',
      phoneCountryChosen: true,
      confirmBeforeSend: true,
      keepSentEvidenceDays: 7,
      refreshMinutes: 60,
      notifyStatuses: ['closed'],
      includeAccountIncidents: true,
      ownDomains: ['examplebank.com', 'xn--exmple-cua.com'],
    };
    await saveSettings(mine);
    expect(await readSettings()).toEqual(mine);
    expect(heard).toEqual([mine]);
    unwatch();
  });

  it.each<[string, unknown, Partial<Settings>]>([
    ['a stored null', null, {}],
    ['a stored string', 'tkd', {}],
    ['an unknown action', { defaultAction: 'delete' }, {}],
    ['a number as email', { reporterEmail: 42 }, {}],
    ['an email with spaces around', { reporterEmail: '  soc@acme.example ' }, { reporterEmail: 'soc@acme.example' }],
    ['a lower-case country', { phoneCountry: 'nl' }, {}],
    ['a three-letter country', { phoneCountry: 'NLD' }, {}],
    ['a valid country', { phoneCountry: 'GB' }, { phoneCountry: 'GB' }],
    ['evidence not an object', { evidence: true }, {}],
    ['one evidence flag not boolean', { evidence: { screenshot: 'no', pageSource: false } }, { evidence: { screenshot: true, pageSource: false, pageDetails: true } }],
    ['null selection evidence (not false)', { selectionPageEvidence: null }, {}],
    ['selection evidence on', { selectionPageEvidence: true }, { selectionPageEvidence: true }],
    ['recording the way as a string', { recordNavigation: 'yes' }, {}],
    ['recording the way on', { recordNavigation: true }, { recordNavigation: true }],
    ['the whole page on', { wholePageScreenshot: true }, { wholePageScreenshot: true }],
    ['a whole page that is not a boolean', { wholePageScreenshot: 'page' }, {}],
    ['null confirm (not false)', { confirmBeforeSend: null }, {}],
    ['confirm on', { confirmBeforeSend: true }, { confirmBeforeSend: true }],
    ['0 days', { keepSentEvidenceDays: 0 }, {}],
    ['366 days', { keepSentEvidenceDays: 366 }, {}],
    ['1.5 days', { keepSentEvidenceDays: 1.5 }, {}],
    ['"7" days', { keepSentEvidenceDays: '7' }, {}],
    ['1 day', { keepSentEvidenceDays: 1 }, { keepSentEvidenceDays: 1 }],
    ['365 days', { keepSentEvidenceDays: 365 }, { keepSentEvidenceDays: 365 }],
    ['a client id', { defaultClientId: ' cl_acme_bank ' }, { defaultClientId: 'cl_acme_bank' }],
    ['4 minutes between refreshes', { refreshMinutes: 4 }, {}],
    ['1441 minutes between refreshes', { refreshMinutes: 1441 }, {}],
    ['7.5 minutes between refreshes', { refreshMinutes: 7.5 }, {}],
    ['5 minutes between refreshes', { refreshMinutes: 5 }, { refreshMinutes: 5 }],
    ['1440 minutes between refreshes', { refreshMinutes: 1440 }, { refreshMinutes: 1440 }],
    ['an unknown status to notify', { notifyStatuses: ['closed', 'gone'] }, {}],
    ['statuses not a list', { notifyStatuses: 'closed' }, {}],
    ['no status to notify', { notifyStatuses: [] }, { notifyStatuses: [] }],
    ['a status twice', { notifyStatuses: ['closed', 'closed'] }, { notifyStatuses: ['closed'] }],
    ['null account switch (not false)', { includeAccountIncidents: null }, {}],
    ['account switch on', { includeAccountIncidents: true }, { includeAccountIncidents: true }],
    ['own domains not a list', { ownDomains: 'examplebank.com' }, {}],
    ['own domains with a number in the list', { ownDomains: ['examplebank.com', 7] }, {}],
    [
      'own domains written loosely: case, a wildcard, a trailing dot, Unicode, twice',
      { ownDomains: [' ExampleBank.COM ', '*.bank.example', 'examplebank.com.', 'exämple.com', 'examplebank.com'] },
      { ownDomains: ['examplebank.com', 'bank.example', 'xn--exmple-cua.com'] },
    ],
    ['own domains that are not domains, each dropped alone', { ownDomains: ['localhost', 'https://a.example/x', '10.0.0.1', 'a b.example', 'ok.example'] }, { ownDomains: ['ok.example'] }],
    ['more than 50 own domains', { ownDomains: Array.from({ length: 60 }, (_, index) => `d${index}.example`) }, { ownDomains: Array.from({ length: 50 }, (_, index) => `d${index}.example`) }],
    ['an unknown field beside a good one', { future: 1, defaultAction: 'monitor' }, { defaultAction: 'monitor' }],
  ])('drop %s alone, keeping the rest', (_name, stored, expected) => {
    expect(normaliseSettings(stored)).toEqual({ ...DEFAULT_SETTINGS, ...expected });
  });

  it('send a selection with the record alone for settings saved before the choice existed', async () => {
    await settingsItem.setValue({ evidence: { screenshot: true, pageSource: true, pageDetails: true }, confirmBeforeSend: true });
    expect(await readSettings()).toMatchObject({ evidence: { screenshot: true, pageSource: true, pageDetails: true }, selectionPageEvidence: false });
  });

  it('repair what is stored badly when read', async () => {
    await settingsItem.setValue({ defaultAction: 'monitor', keepSentEvidenceDays: -3 } as never);
    expect(await readSettings()).toEqual({ ...DEFAULT_SETTINGS, defaultAction: 'monitor' });
  });
});

describe('settings a newer version stored (after going back a version)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  /** Settings as a newer version (shape version 3) leaves them: a field and an evidence flag this version does not know. */
  async function storeNewer(): Promise<void> {
    await fakeBrowser.storage.local.set({
      settings: { ...DEFAULT_SETTINGS, defaultAction: 'monitor', reporterEmail: 'soc@acme.example', autoArchiveDays: 90, evidence: { ...DEFAULT_SETTINGS.evidence, pageSource: false, har: true } },
      settings$: { v: 3 },
    });
  }

  it('are read for every field this version knows', async () => {
    await storeNewer();
    expect(await readSettings()).toEqual({ ...DEFAULT_SETTINGS, defaultAction: 'monitor', reporterEmail: 'soc@acme.example', evidence: { ...DEFAULT_SETTINGS.evidence, pageSource: false } });
  });

  it('keep the fields this version does not know when it saves, and their version mark, so the newer version finds them again', async () => {
    await storeNewer();
    await saveSettings({ ...(await readSettings()), refreshMinutes: 30, evidence: { screenshot: false, pageSource: true, pageDetails: true } });
    expect(await fakeBrowser.storage.local.get(['settings', 'settings$'])).toEqual({
      settings: {
        ...DEFAULT_SETTINGS,
        defaultAction: 'monitor',
        reporterEmail: 'soc@acme.example',
        refreshMinutes: 30,
        autoArchiveDays: 90,
        evidence: { screenshot: false, pageSource: true, pageDetails: true, har: true },
      },
      settings$: { v: 3 },
    });
  });

  it.each([
    ['nothing stored', null],
    ['a list stored', ['tkd']],
    ['evidence not an object', { evidence: 'all' }],
  ])('over %s, save just the settings', async (_case, stored) => {
    await fakeBrowser.storage.local.set({ settings: stored });
    await saveSettings(DEFAULT_SETTINGS);
    expect((await fakeBrowser.storage.local.get('settings')).settings).toEqual(DEFAULT_SETTINGS);
  });
});
