import { describe, expect, it } from 'vitest';
import { baseFields, captureRequestOf, newTabDraft } from '@/utils/report/tab-draft-fields';
import { DEFAULT_SETTINGS } from '@/utils/settings/settings';

const SETTINGS = { ...DEFAULT_SETTINGS, reporterEmail: 'soc@acme.example', defaultClientId: 'cl_acme_bank', defaultAction: 'monitor' as const };

describe('a new draft of a tab', () => {
  it('takes the reporter and the default client from the settings, each only when set', () => {
    expect(baseFields(SETTINGS)).toEqual({ reportedBy: 'soc@acme.example', clientId: 'cl_acme_bank' });
    expect(baseFields({ ...SETTINGS, reporterEmail: '', defaultClientId: '' })).toEqual({});
  });

  it('reports a web page’s address, to be captured', () => {
    expect(newTabDraft({ id: 7, url: 'https://phish.example/login' }, SETTINGS, 'popup')).toEqual({
      action: 'monitor',
      subject: { type: 'url', value: 'https://phish.example/login' },
      fields: { reportedBy: 'soc@acme.example', clientId: 'cl_acme_bank', url: 'https://phish.example/login' },
      files: [],
      origin: 'popup',
      tabId: 7,
      capturing: true,
    });
  });

  it.each([['chrome://settings'], ['about:blank'], ['javascript:alert(1)'], [undefined]])('leaves the subject empty and captures nothing on %s', (url) => {
    const draft = newTabDraft({ id: 3, ...(url ? { url } : {}) }, SETTINGS, 'review');
    expect(draft).toEqual({ action: 'monitor', subject: { type: 'url', value: '' }, fields: { reportedBy: 'soc@acme.example', clientId: 'cl_acme_bank' }, files: [], origin: 'review', tabId: 3 });
  });

  it('has no tab id when the tab has none', () => {
    expect(newTabDraft({ url: 'https://phish.example/' }, SETTINGS, 'popup')).not.toHaveProperty('tabId');
  });
});

describe('what a capture asks for', () => {
  const TAB = { id: 7, windowId: 3, url: 'https://phish.example/login' };
  it.each([
    ['the visible screen only, by default', SETTINGS, SETTINGS.evidence, false],
    ['the whole page too, when the settings say so', { ...SETTINGS, wholePageScreenshot: true }, SETTINGS.evidence, true],
    ['no whole page when the screenshot is not asked for', { ...SETTINGS, wholePageScreenshot: true }, { ...SETTINGS.evidence, screenshot: false }, false],
  ])('%s', (_case, settings, include, wholePage) => {
    expect(captureRequestOf(TAB, settings, TAB.url, undefined, include).wholePage ?? false).toBe(wholePage);
  });
});
