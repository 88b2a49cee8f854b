import { describe, expect, it } from 'vitest';
import { createBackup, type BackupProblem } from '@/utils/backup/backup';
import { readBackup } from '@/utils/backup/backup-read';
import { DEFAULT_SETTINGS, type Settings } from '@/utils/settings/settings';
import { T0 } from '../report/fixtures';
import { MY_SETTINGS, storedReport } from './backup-fixtures';

// Every problem a file can have, exactly as the reader reports it, and what
// it keeps of the file despite it.

const NOW = new Date('2026-12-01T12:00:00.000Z');
/** What the user has before importing: each setting the file has wrong keeps this. */
const CURRENT: Settings = { ...DEFAULT_SETTINGS, reporterEmail: 'me@acme.example', refreshMinutes: 30 };

/** A valid file as plain JSON, for tests to break. */
function validFile(): Record<string, any> {
  return JSON.parse(JSON.stringify(createBackup({ settings: MY_SETTINGS, reports: [storedReport('a'), storedReport('b')], exportedAt: T0, extensionVersion: '0.1.0' })));
}

function read(file: unknown) {
  return readBackup(typeof file === 'string' ? file : JSON.stringify(file), { currentSettings: CURRENT, now: NOW });
}

describe('a file that is not a backup to use', () => {
  it.each<[string, string, BackupProblem]>([
    ['not JSON', 'takedown-reporter-backup', { kind: 'not_json' }],
    ['an empty file', '', { kind: 'not_json' }],
    ['a CSV export', 'indicator,type\nhttps://a.example,url', { kind: 'not_json' }],
    ['a JSON list', '[]', { kind: 'not_a_backup' }],
    ['null', 'null', { kind: 'not_a_backup' }],
    ['another format', JSON.stringify({ ...validFile(), format: 'other-backup' }), { kind: 'not_a_backup' }],
    ['no format', JSON.stringify({ ...validFile(), format: undefined }), { kind: 'not_a_backup' }],
    ['version "1"', JSON.stringify({ ...validFile(), version: '1' }), { kind: 'not_a_backup' }],
    ['version 0', JSON.stringify({ ...validFile(), version: 0 }), { kind: 'not_a_backup' }],
    ['a newer version', JSON.stringify({ ...validFile(), version: 2 }), { kind: 'newer_version', version: 2 }],
  ])('%s gives nothing but its problem', (_name, text, problem) => {
    expect(read(text)).toEqual({ settings: null, reports: [], problems: [problem] });
  });
});

describe('a file with problems', () => {
  it.each<[string, (file: Record<string, any>) => void, BackupProblem[]]>([
    ['a key in the settings', (file) => (file.settings.apiKey = 'sbx_secret'), [{ kind: 'key_present', path: 'settings.apiKey' }]],
    ['a key at the top', (file) => (file.key = 'sbx_secret'), [{ kind: 'key_present', path: 'key' }]],
    ['a key deep in a report', (file) => (file.reports[1].fields.api_key = 'sbx_secret'), [{ kind: 'key_present', path: 'reports[1].fields.api_key' }]],
    ['a connection with its key', (file) => (file.connection = { baseUrl: 'https://api.example', apiKey: 'x' }), [{ kind: 'key_present', path: 'connection.apiKey' }]],
    ['no settings', (file) => delete file.settings, [{ kind: 'settings_missing' }]],
    ['settings as a list', (file) => (file.settings = []), [{ kind: 'settings_missing' }]],
    ['an unknown action', (file) => (file.settings.defaultAction = 'delete'), [{ kind: 'setting_invalid', field: 'defaultAction' }]],
    ['an email that is none', (file) => (file.settings.reporterEmail = 'soc at acme'), [{ kind: 'setting_invalid', field: 'reporterEmail' }]],
    ['a refresh out of range', (file) => (file.settings.refreshMinutes = 2), [{ kind: 'setting_invalid', field: 'refreshMinutes' }]],
    ['days as text', (file) => (file.settings.keepSentEvidenceDays = '7'), [{ kind: 'setting_invalid', field: 'keepSentEvidenceDays' }]],
    ['an unknown status', (file) => (file.settings.notifyStatuses = ['closed', 'gone']), [{ kind: 'setting_invalid', field: 'notifyStatuses' }]],
    ['a lower-case country', (file) => (file.settings.phoneCountry = 'gb'), [{ kind: 'setting_invalid', field: 'phoneCountry' }]],
    ['evidence as true', (file) => (file.settings.evidence = true), [{ kind: 'setting_invalid', field: 'evidence' }]],
    ['one evidence flag as text', (file) => (file.settings.evidence.pageSource = 'no'), [{ kind: 'setting_invalid', field: 'evidence.pageSource' }]],
    ['no reports', (file) => delete file.reports, [{ kind: 'reports_missing' }]],
    ['reports as an object', (file) => (file.reports = { a: 1 }), [{ kind: 'reports_missing' }]],
    ['a report as text', (file) => (file.reports[0] = 'a'), [{ kind: 'report_invalid', index: 0, field: 'report' }]],
    ['a report without id', (file) => delete file.reports[1].id, [{ kind: 'report_invalid', index: 1, field: 'id', subject: 'https://b.phish.example/login' }]],
    ['a draft', (file) => (file.reports[0].state = 'draft'), [{ kind: 'report_invalid', index: 0, field: 'state', subject: 'https://a.phish.example/login' }]],
    ['an unknown subject type', (file) => (file.reports[0].subject.type = 'bitcoin'), [{ kind: 'report_invalid', index: 0, field: 'subject.type', subject: 'https://a.phish.example/login' }]],
    ['a date that is none', (file) => (file.reports[0].createdAt = 'yesterday'), [{ kind: 'report_invalid', index: 0, field: 'createdAt', subject: 'https://a.phish.example/login' }]],
    ['negative attempts', (file) => (file.reports[0].attempts = -1), [{ kind: 'report_invalid', index: 0, field: 'attempts', subject: 'https://a.phish.example/login' }]],
    ['fields as text', (file) => (file.reports[0].fields = 'url'), [{ kind: 'report_invalid', index: 0, field: 'fields', subject: 'https://a.phish.example/login' }]],
    [
      'a script dashboard link',
      (file) => (file.reports[0].incident.dashboardUrl = 'javascript:alert(1)'),
      [{ kind: 'report_field_invalid', index: 0, field: 'incident.dashboardUrl', subject: 'https://a.phish.example/login' }],
    ],
    ['an incident without id', (file) => delete file.reports[0].incident.id, [{ kind: 'report_field_invalid', index: 0, field: 'incident', subject: 'https://a.phish.example/login' }]],
    ['a comment as a number', (file) => (file.reports[0].fields.comment = 42), [{ kind: 'report_field_invalid', index: 0, field: 'fields.comment', subject: 'https://a.phish.example/login' }]],
    [
      'a capture time that is none',
      (file) => (file.reports[0].evidence.capturedAt = 'noon'),
      [{ kind: 'report_field_invalid', index: 0, field: 'evidence', subject: 'https://a.phish.example/login' }],
    ],
    [
      'a problem of no known kind',
      (file) => (file.reports[0].lastProblem = { kind: 'meteor' }),
      [{ kind: 'report_field_invalid', index: 0, field: 'lastProblem', subject: 'https://a.phish.example/login' }],
    ],
    ['an unknown follow-up', (file) => (file.reports[0].followUps = ['delete']), [{ kind: 'report_field_invalid', index: 0, field: 'followUps', subject: 'https://a.phish.example/login' }]],
    ['the same id twice', (file) => (file.reports[1].id = 'a'), [{ kind: 'report_duplicate_id', index: 1, id: 'a', subject: 'https://b.phish.example/login' }]],
  ])('%s', (_name, breakIt, problems) => {
    const file = validFile();
    breakIt(file);
    expect(read(file).problems).toEqual(problems);
  });

  it('keeps the current value of each setting the file has wrong, and takes the others', () => {
    const file = validFile();
    Object.assign(file.settings, { refreshMinutes: 2, reporterEmail: 42, evidence: { screenshot: false, pageSource: 'no' } });
    delete file.settings.includeAccountIncidents;
    const { settings } = read(file);
    expect(settings).toEqual({
      ...MY_SETTINGS,
      refreshMinutes: CURRENT.refreshMinutes,
      reporterEmail: CURRENT.reporterEmail,
      // An older file without a setting keeps the current one too.
      includeAccountIncidents: CURRENT.includeAccountIncidents,
      evidence: { screenshot: false, pageSource: CURRENT.evidence.pageSource, pageDetails: CURRENT.evidence.pageDetails },
    });
  });

  it('leaves out a malformed report alone, and a malformed part of a report alone', () => {
    const file = validFile();
    file.reports[0].state = 'exploded';
    file.reports[1].incident.dashboardUrl = 'javascript:alert(1)';
    const { reports } = read(file);
    expect(reports.map((report) => report.id)).toEqual(['b']);
    expect(reports[0]!.incident).toEqual({ id: 'inc_b', status: 'takedown_in_progress' });
    expect(reports[0]!.outcome).toMatchObject({ status: 'reported', id: 'inc_b' });
  });

  it('never reads what it does not know: a key next to the fields is not sent with the report', () => {
    const file = validFile();
    Object.assign(file.reports[0].fields, { apiKey: 'sbx_secret', extra: 'x' });
    Object.assign(file.reports[0], { tabId: 4, waitingForNetwork: true, files: [{ name: 'a.png', blob: 'AAAA' }] });
    Object.assign(file.reports[0].lastProblem ?? (file.reports[0].lastProblem = { kind: 'not_received' }), { note: 'x' });
    const [report] = read(file).reports;
    expect(report!.fields).toEqual({ url: 'https://a.phish.example/login', reportedBy: 'soc@acme.example', comment: 'Kit on a fresh domain' });
    expect(report).not.toHaveProperty('tabId');
    expect(report).not.toHaveProperty('waitingForNetwork');
    expect(report!.files).toEqual([]);
    expect(report!.lastProblem).toEqual({ kind: 'not_received' });
    expect(JSON.stringify(read(file).reports)).not.toContain('sbx_secret');
  });

  it('marks the evidence of imported reports as gone only when they had some', () => {
    const file = validFile();
    file.reports[1].files = [];
    const [withFiles, without] = read(file).reports;
    expect(withFiles!.filesPrunedAt).toBe(NOW.toISOString());
    expect(without).not.toHaveProperty('filesPrunedAt');
  });
});
