import { describe, expect, it } from 'vitest';
import { diffSettings, type SettingChange } from '@/utils/backup/backup-diff';
import type { ManagedView } from '@/utils/settings/managed';
import { DEFAULT_SETTINGS, type Settings } from '@/utils/settings/settings';
import { MY_SETTINGS } from './backup-fixtures';

// What an imported file's settings change, setting by setting, before
// anything is written; what the organisation's policy sets is kept.

const CURRENT: Settings = { ...DEFAULT_SETTINGS, reporterEmail: 'me@acme.example' };
const NO_POLICY: Pick<ManagedView, 'settings' | 'evidence'> = { settings: {}, evidence: {} };

describe('the settings an import changes', () => {
  it.each<[string, Partial<Settings>, SettingChange[]]>([
    ['the same settings', {}, []],
    ['another reporter email', { reporterEmail: 'attacker@evil.example' }, [{ field: 'reporterEmail', from: 'me@acme.example', to: 'attacker@evil.example' }]],
    ['no reporter email', { reporterEmail: '' }, [{ field: 'reporterEmail', from: 'me@acme.example', to: '' }]],
    ['a boolean', { confirmBeforeSend: true }, [{ field: 'confirmBeforeSend', from: false, to: true }]],
    ['one evidence default', { evidence: { ...DEFAULT_SETTINGS.evidence, pageSource: false } }, [{ field: 'evidence.pageSource', from: true, to: false }]],
    ['a number', { refreshMinutes: 60 }, [{ field: 'refreshMinutes', from: 15, to: 60 }]],
    ['a list', { notifyStatuses: ['closed'] }, [{ field: 'notifyStatuses', from: DEFAULT_SETTINGS.notifyStatuses, to: ['closed'] }]],
    ['the same list in another order', { notifyStatuses: [...DEFAULT_SETTINGS.notifyStatuses].reverse() }, []],
  ])('%s', (_name, file, changes) => {
    const diff = diffSettings(CURRENT, { ...CURRENT, ...file }, NO_POLICY);
    expect(diff.changes).toEqual(changes);
    expect(diff.kept).toEqual([]);
    expect(diff.settings).toEqual(changes.length > 0 ? { ...CURRENT, ...file } : null);
  });

  it("an imported phone country is kept as chosen, so the browser's region does not replace it", () => {
    const diff = diffSettings(CURRENT, { ...CURRENT, phoneCountry: 'NL' }, NO_POLICY);
    expect(diff.changes).toEqual([{ field: 'phoneCountry', from: '', to: 'NL' }]);
    expect(diff.settings).toMatchObject({ phoneCountry: 'NL', phoneCountryChosen: true });
  });

  it("lists every setting a whole other file changes, in the page's order", () => {
    const diff = diffSettings(CURRENT, MY_SETTINGS, NO_POLICY);
    expect(diff.changes.map((change) => change.field)).toEqual([
      'reporterEmail',
      'defaultAction',
      'defaultClientId',
      'evidence.pageSource',
      'phoneCountry',
      'confirmBeforeSend',
      'keepSentEvidenceDays',
      'refreshMinutes',
      'notifyStatuses',
      'includeAccountIncidents',
    ]);
    expect(diff.settings).toEqual(MY_SETTINGS);
  });

  it('a file without settings to use changes nothing', () => {
    expect(diffSettings(CURRENT, null, NO_POLICY)).toEqual({ changes: [], kept: [], settings: null });
  });

  it.each<[string, Pick<ManagedView, 'settings' | 'evidence'>, string]>([
    ['a policy-set setting', { settings: { reporterEmail: 'soc@org.example' }, evidence: {} }, 'reporterEmail'],
    ['a policy-set evidence default', { settings: {}, evidence: { pageSource: true } }, 'evidence.pageSource'],
  ])("%s is kept at the user's value and listed as kept", (_name, policy, field) => {
    const file: Settings = { ...CURRENT, reporterEmail: 'attacker@evil.example', refreshMinutes: 60, evidence: { ...CURRENT.evidence, pageSource: false } };
    const diff = diffSettings(CURRENT, file, policy);
    expect(diff.kept.map((change) => change.field)).toEqual([field]);
    expect(diff.changes.map((change) => change.field)).not.toContain(field);
    expect(diff.changes.map((change) => change.field)).toContain('refreshMinutes');
    expect(diff.settings).toMatchObject({ refreshMinutes: 60 });
    if (field === 'reporterEmail') expect(diff.settings).toMatchObject({ reporterEmail: 'me@acme.example', evidence: { pageSource: false } });
    else expect(diff.settings).toMatchObject({ reporterEmail: 'attacker@evil.example', evidence: { pageSource: true } });
  });

  it('a file that changes only policy-set settings writes nothing', () => {
    const diff = diffSettings(CURRENT, { ...CURRENT, refreshMinutes: 60 }, { settings: { refreshMinutes: 30 }, evidence: {} });
    expect(diff).toEqual({ changes: [], kept: [{ field: 'refreshMinutes', from: 15, to: 60 }], settings: null });
  });
});
