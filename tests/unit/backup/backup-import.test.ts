import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { watchReportChanges, type ReportChange } from '@/utils/report/report-store';
import { announceReportChange } from '@/utils/report/report-writes';
import { createBackup } from '@/utils/backup/backup';
import { importBackup, prepareImport } from '@/utils/backup/backup-import';
import { readBackup } from '@/utils/backup/backup-read';
import { managedViewItem } from '@/utils/settings/managed';
import { DEFAULT_SETTINGS, readSettings, saveSettings, settingsItem } from '@/utils/settings/settings';
import { connectionItem } from '@/utils/storage/connection';
import { closeReportsDb, getReport, listReports, putReport } from '@/utils/storage/reports-db';
import { SAVED } from '../messaging/service-answers';
import { minutes, T0 } from '../report/fixtures';
import { history, MY_SETTINGS, storedReport } from './backup-fixtures';

const NOW = new Date('2026-12-01T12:00:00.000Z');

function backupText(): string {
  return JSON.stringify(createBackup({ settings: MY_SETTINGS, reports: history(), exportedAt: T0, extensionVersion: '0.1.0' }));
}

beforeEach(() => {
  fakeBrowser.reset();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

describe('importing a backup', () => {
  it('into a fresh profile applies the settings and adds every report, evidence marked as gone', async () => {
    const result = await importBackup(readBackup(backupText(), { now: NOW }));
    expect(result).toEqual({ settings: true, added: 5, alreadyHere: 0 });
    expect(await readSettings()).toEqual(MY_SETTINGS);
    const stored = await listReports();
    expect(stored.map((report) => report.id).sort()).toEqual(['dup', 'failed', 'pruned', 'sent', 'unknown']);
    const sent = await getReport('sent');
    expect(sent).toMatchObject({ state: 'sent', files: [], filesPrunedAt: NOW.toISOString(), incident: { id: 'inc_sent' } });
    expect(sent!.evidence?.capturedAt).toEqual(T0);
  });

  it('leaves a report already here untouched, with its evidence', async () => {
    const mine = storedReport('sent', { updatedAt: minutes(90).toISOString(), incident: { id: 'inc_sent', status: 'takedown_success' } });
    await putReport(mine);
    const result = await importBackup(readBackup(backupText(), { now: NOW }));
    expect(result).toEqual({ settings: true, added: 4, alreadyHere: 1 });
    const kept = await getReport('sent');
    expect(kept).toMatchObject({ incident: { status: 'takedown_success' }, updatedAt: minutes(90).toISOString() });
    expect(kept!.files).toHaveLength(1);
  });

  it('a second time adds nothing', async () => {
    await importBackup(readBackup(backupText(), { now: NOW }));
    expect(await importBackup(readBackup(backupText(), { now: NOW }))).toEqual({ settings: true, added: 0, alreadyHere: 5 });
    expect(await listReports()).toHaveLength(5);
  });

  it("without settings to use keeps the user's", async () => {
    const mine = { ...DEFAULT_SETTINGS, reporterEmail: 'me@acme.example' };
    await saveSettings(mine);
    const file = JSON.parse(backupText()) as Record<string, unknown>;
    delete file.settings;
    expect(await importBackup(readBackup(JSON.stringify(file), { now: NOW }))).toEqual({ settings: false, added: 5, alreadyHere: 0 });
    expect(await readSettings()).toEqual(mine);
  });

  it('of a file that is not a backup writes nothing', async () => {
    expect(await importBackup(readBackup('{"format":"other"}'))).toEqual({ settings: false, added: 0, alreadyHere: 0 });
    expect(await listReports()).toEqual([]);
    expect(await readSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('tells open pages once that the reports changed', async () => {
    const heard: ReportChange[] = [];
    const stop = watchReportChanges((change) => heard.push(change));
    await importBackup(readBackup(backupText(), { now: NOW }));
    // A last change announced after the import, by the same sender, arrives after all of the import's (no fixed wait).
    announceReportChange({ id: 'after-import', state: 'draft' });
    await vi.waitFor(() => expect(heard.at(-1)?.id).toBe('after-import'));
    stop();
    expect(heard).toHaveLength(2);
    expect(heard[0]!.id).toEqual(expect.any(String));
  });
});

describe('preparing an import', () => {
  const mine = { ...DEFAULT_SETTINGS, reporterEmail: 'me@acme.example' };
  /** A file whose reports link to the saved service (a subdomain of it) and elsewhere. */
  function fileText(): string {
    const reports = [
      storedReport('here', { incident: { id: 'inc_here', dashboardUrl: 'https://dash.api.example.com/inc_here' } }),
      storedReport('new', { incident: { id: 'inc_new', dashboardUrl: 'https://evil.example/inc_new' } }),
    ];
    return JSON.stringify(createBackup({ settings: MY_SETTINGS, reports, exportedAt: T0, extensionVersion: '0.1.0' }));
  }

  beforeEach(async () => {
    await saveSettings(mine);
    await connectionItem.setValue(SAVED);
    await putReport(storedReport('here'));
  });

  it('writes nothing, and says what Apply would change against the policy, the connection and the reports here', async () => {
    await managedViewItem.setValue({ settings: { refreshMinutes: 30 }, evidence: { pageSource: true }, hasApiKey: false });
    const before = await settingsItem.getValue();
    const plan = await prepareImport(readBackup(fileText(), { now: NOW, currentSettings: mine }), mine);
    expect(plan.changes[0]).toEqual({ field: 'reporterEmail', from: 'me@acme.example', to: 'soc@acme.example' });
    expect(plan.kept.map((change) => change.field)).toEqual(['evidence.pageSource', 'refreshMinutes']);
    expect(plan.settings).toMatchObject({ reporterEmail: 'soc@acme.example', refreshMinutes: 15, evidence: { pageSource: true } });
    expect(plan.newReports).toBe(1);
    // Both reports of the file had their outcome link on dash.example, not under api.example.com.
    expect(plan.problems).toEqual([{ kind: 'dashboard_links_dropped', count: 3, host: 'api.example.com' }]);
    expect(plan.reports.map((report) => report.incident?.dashboardUrl)).toEqual(['https://dash.api.example.com/inc_here', undefined]);
    expect(await settingsItem.getValue()).toEqual(before);
    expect((await listReports()).map((report) => report.id)).toEqual(['here']);
  });

  it('keeps no link when no service is connected', async () => {
    await connectionItem.setValue(null);
    const plan = await prepareImport(readBackup(fileText(), { now: NOW, currentSettings: mine }), mine);
    expect(plan.problems).toEqual([{ kind: 'dashboard_links_dropped', count: 4, host: null }]);
  });

  it("applied, writes the planned settings: what the policy sets stays the user's", async () => {
    await managedViewItem.setValue({ settings: { reporterEmail: 'soc@org.example' }, evidence: {}, hasApiKey: false });
    const plan = await prepareImport(readBackup(fileText(), { now: NOW, currentSettings: mine }), mine);
    expect(await importBackup(plan)).toEqual({ settings: true, added: 1, alreadyHere: 1 });
    expect(await settingsItem.getValue()).toEqual({ ...MY_SETTINGS, reporterEmail: 'me@acme.example' });
    expect((await getReport('new'))!.incident).toEqual({ id: 'inc_new' });
  });
});
