import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { OutboxReport } from '@/utils/storage/report-types';
import type { ChainEvidence } from '@/utils/storage/navigation-types';
import { backupFileName, createBackup } from '@/utils/backup/backup';
import { exportBackup } from '@/utils/backup/backup-export';
import { readBackup } from '@/utils/backup/backup-read';
import { saveSettings } from '@/utils/settings/settings';
import { saveVerifiedConnection } from '@/utils/storage/connection';
import { closeReportsDb, putReport } from '@/utils/storage/reports-db';
import { minutes, T0 } from '../report/fixtures';
import { history, MY_SETTINGS } from './backup-fixtures';

const NOW = new Date('2026-12-01T12:00:00.000Z');

/** The report as an import gives it back: no files (pruned as of the import when it had some), nothing of the browser it came from. */
function asImported(report: OutboxReport): OutboxReport {
  const { tabId: _tab, waitingForNetwork: _waiting, ...rest } = report;
  const hadFiles = report.files.length > 0;
  return { ...rest, files: [], ...(hadFiles && !report.filesPrunedAt ? { filesPrunedAt: NOW.toISOString() } : {}) };
}

describe('a backup', () => {
  it('holds the settings and every report but drafts, with dates as ISO text and files listed without bytes', () => {
    const backup = createBackup({ settings: MY_SETTINGS, reports: history(), exportedAt: T0, extensionVersion: '0.1.0' });
    expect(backup).toMatchObject({ format: 'takedown-reporter-backup', version: 1, exportedAt: T0.toISOString(), extensionVersion: '0.1.0', settings: MY_SETTINGS });
    expect(backup.reports.map((report) => report.id)).toEqual(['sent', 'dup', 'failed', 'unknown', 'pruned']);
    const [sent] = backup.reports;
    expect(sent!.files).toEqual([{ name: 'screenshot.png', type: 'image/png', role: 'screenshot', size: 7 }]);
    expect(sent!.evidence?.capturedAt).toBe(T0.toISOString());
    expect(sent).not.toHaveProperty('tabId');
    expect(sent).toMatchObject({ incident: { id: 'inc_sent', status: 'takedown_in_progress' }, followUps: ['comment'], account: { origin: 'https://api.example' } });
    expect(backup.reports[2]!.lastProblem).toEqual({ kind: 'server_error', status: 502, serverMessage: 'Bad gateway' });
    // Plain JSON: what is written is what is read back.
    expect(JSON.parse(JSON.stringify(backup))).toEqual(backup);
  });

  it('reads back as the same settings and reports, minus the evidence files', () => {
    const text = JSON.stringify(createBackup({ settings: MY_SETTINGS, reports: history(), exportedAt: T0, extensionVersion: '0.1.0' }));
    const read = readBackup(text, { now: NOW });
    expect(read.problems).toEqual([]);
    expect(read.settings).toEqual(MY_SETTINGS);
    expect(read.exportedAt).toBe(T0.toISOString());
    expect(read.reports).toEqual(
      history()
        .filter((report) => report.state !== 'draft')
        .map(asImported),
    );
    expect(read.reports[0]!.evidence?.capturedAt).toBeInstanceOf(Date);
  });

  it.each<[OutboxReport['state'], Partial<OutboxReport>, Partial<OutboxReport>]>([
    // It may have reached the service before the backup was taken.
    ['sending', {}, { state: 'unknown', lastProblem: { kind: 'interrupted' } }],
    // The browser it came from may still send it: never sent again from here on its own.
    ['queued', { waitingForNetwork: true, lastProblem: { kind: 'offline' } }, { state: 'unknown' }],
  ])('caught %s, a report is imported as unknown', (state, stored, expected) => {
    const { outcome: _o, incident: _i, lastProblem: _p, ...report } = history()[2]!;
    const text = JSON.stringify(createBackup({ settings: MY_SETTINGS, reports: [{ ...report, ...stored, state }], exportedAt: T0, extensionVersion: '0.1.0' }));
    const [read] = readBackup(text, { now: NOW }).reports;
    expect(read).toMatchObject(expected);
    expect(read).not.toHaveProperty('waitingForNetwork');
    if (state === 'queued') expect(read).not.toHaveProperty('lastProblem');
  });

  it("keeps what a report's capture could not take, and drops only that part when it is malformed", () => {
    const [report] = history().filter((entry) => entry.state === 'sent');
    const notCaptured = [{ kind: 'capture_failed', what: 'page', reason: 'timeout' }] as const;
    const stored = { ...report!, evidence: { ...report!.evidence!, notCaptured: [...notCaptured] } };
    const file = JSON.parse(JSON.stringify(createBackup({ settings: MY_SETTINGS, reports: [stored], exportedAt: T0, extensionVersion: '0.1.0' })));
    expect(readBackup(JSON.stringify(file), { now: NOW }).reports[0]!.evidence).toEqual(stored.evidence);
    file.reports[0].evidence.notCaptured = [{ kind: 'capture_failed', what: 'everything' }];
    const read = readBackup(JSON.stringify(file), { now: NOW });
    expect(read.reports[0]!.evidence).toEqual(report!.evidence);
    expect(read.problems).toEqual([{ kind: 'report_field_invalid', index: 0, field: 'evidence.notCaptured', subject: report!.subject.value }]);
  });

  it('keeps that a selection’s report named no page (issue 44)', () => {
    const [report] = history().filter((entry) => entry.state === 'sent');
    const stored = { ...report!, evidence: { ...report!.evidence!, requestedUrl: '', pageWithheld: true as const } };
    const text = JSON.stringify(createBackup({ settings: MY_SETTINGS, reports: [stored], exportedAt: T0, extensionVersion: '0.1.0' }));
    const read = readBackup(text, { now: NOW });
    expect(read.reports[0]!.evidence).toEqual(stored.evidence);
    expect(read.problems).toEqual([]);
  });

  it('keeps the way the browser took to a reported page, and drops only that part when it is malformed (issue 41)', () => {
    const [report] = history().filter((entry) => entry.state === 'sent');
    const navigation: ChainEvidence = {
      state: 'recorded',
      chain: {
        start: 'link',
        hops: [
          { url: 'https://bit.ly/3xYz', at: 1, left: 'server_redirect' },
          { url: 'https://phish.example/login', at: 2 },
        ],
      },
    };
    const stored = { ...report!, evidence: { ...report!.evidence!, navigation } };
    const file = JSON.parse(JSON.stringify(createBackup({ settings: MY_SETTINGS, reports: [stored], exportedAt: T0, extensionVersion: '0.1.0' })));
    expect(readBackup(JSON.stringify(file), { now: NOW }).reports[0]!.evidence).toEqual(stored.evidence);
    file.reports[0].evidence.navigation = { state: 'recorded', chain: { start: 'teleported', hops: [] } };
    const read = readBackup(JSON.stringify(file), { now: NOW });
    expect(read.reports[0]!.evidence).toEqual(report!.evidence);
    expect(read.problems).toEqual([{ kind: 'report_field_invalid', index: 0, field: 'evidence.navigation', subject: report!.subject.value }]);
  });

  it("is named after the day it was made, in the browser's time zone", () => {
    expect(backupFileName(new Date(2026, 10, 22, 9, 30))).toBe('takedown-reporter-backup-2026-11-22.json');
    expect(backupFileName(new Date(2027, 0, 5, 23, 59))).toBe('takedown-reporter-backup-2027-01-05.json');
  });
});

describe('exporting from this browser', () => {
  const KEY = 'sbx_live_7f3a9c2e4b1d8f6a0c5e';

  beforeEach(() => {
    fakeBrowser.reset();
    globalThis.indexedDB = new IDBFactory();
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ version: '1.2.3' } as never);
  });
  afterEach(async () => {
    await closeReportsDb();
  });

  it('never writes the key or the connection, even for a connected profile', async () => {
    await saveVerifiedConnection(KEY, {
      baseUrl: 'https://api.example',
      origin: 'https://api.example',
      keyHint: KEY.slice(-4),
      clients: [{ id: 'cl_acme', name: 'Acme', active: true }],
      clientsSource: 'clients',
      skippedClients: 0,
      verifiedAt: T0.toISOString(),
    });
    await saveSettings(MY_SETTINGS);
    for (const report of history()) await putReport(report);

    const file = await exportBackup(minutes(10));
    expect(file.text).not.toContain(KEY);
    expect(file.text).not.toMatch(/apiKey|keyHint|"connection"/);
    expect(file.reportCount).toBe(5);
    expect(file.fileName).toMatch(/^takedown-reporter-backup-\d{4}-\d{2}-\d{2}\.json$/);
    const parsed = JSON.parse(file.text) as { settings: unknown; reports: { id: string }[]; extensionVersion: string };
    expect(parsed.extensionVersion).toBe('1.2.3');
    expect(parsed.settings).toEqual(MY_SETTINGS);
    expect(parsed.reports.map((report) => report.id).sort()).toEqual(['dup', 'failed', 'pruned', 'sent', 'unknown']);
  });
});
