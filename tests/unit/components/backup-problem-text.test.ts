import { describe, expect, it } from 'vitest';
import { describeBackupProblem } from '@/components/settings/backup-problem-text';
import type { BackupProblem } from '@/utils/backup/backup';

// The exact sentence a person reads for every problem of a backup file.

const CASES: [BackupProblem, string][] = [
  [{ kind: 'file_unreadable' }, 'The file could not be read. Choose it again.'],
  [{ kind: 'not_json' }, 'This file is not a backup: it is not JSON. Choose a file made with “Export settings and history”.'],
  [{ kind: 'not_a_backup' }, 'This file is not a Takedown Reporter backup. Choose a file made with “Export settings and history”.'],
  [{ kind: 'newer_version', version: 2 }, 'This backup was made by a newer version of the extension (file version 2). Update the extension, then import it again.'],
  [
    { kind: 'key_present', path: 'settings.apiKey' },
    'The file contains an API key (at “settings.apiKey”). It was ignored: keys are never imported. Remove it from the file, and connect with the key above.',
  ],
  [{ kind: 'settings_missing' }, 'The file has no settings that can be read, so your settings stay as they are.'],
  [{ kind: 'setting_invalid', field: 'refreshMinutes' }, 'The setting “Check statuses every (minutes)” (refreshMinutes) in the file is not valid, so your current value is kept.'],
  [{ kind: 'setting_invalid', field: 'evidence.pageSource' }, 'The setting “Page source by default” (evidence.pageSource) in the file is not valid, so your current value is kept.'],
  [{ kind: 'setting_invalid', field: 'evidence' }, 'The setting “Evidence attached by default” (evidence) in the file is not valid, so your current value is kept.'],
  [{ kind: 'reports_missing' }, 'The file has no list of reports that can be read, so no report was imported.'],
  [{ kind: 'report_invalid', index: 2, field: 'subject.type', subject: 'https://phish.example/' }, 'Report 3 (https://phish.example/) was not imported: “subject.type” is missing or not valid.'],
  [{ kind: 'report_invalid', index: 0, field: 'report' }, 'Report 1 was not imported: “report” is missing or not valid.'],
  [
    { kind: 'report_field_invalid', index: 4, field: 'incident.dashboardUrl', subject: '+442079460958' },
    'Report 5 (+442079460958) was imported without its “incident.dashboardUrl”, which is not valid in the file.',
  ],
  [{ kind: 'report_duplicate_id', index: 1, id: 'r-1', subject: 'bad.example' }, 'Report 2 (bad.example) was not imported: an earlier report in the file has the same id (r-1).'],
  [{ kind: 'dashboard_links_dropped', count: 3, host: 'api.example' }, '3 dashboard links not under api.example were left out (their reports are imported without them).'],
  [{ kind: 'dashboard_links_dropped', count: 1, host: 'api.example' }, '1 dashboard link not under api.example was left out (its report is imported without it).'],
  [{ kind: 'dashboard_links_dropped', count: 2, host: null }, '2 dashboard links were left out: no service is connected to check them against (their reports are imported without them).'],
];

describe('problems of a backup file', () => {
  it.each(CASES)('%o reads as a sentence', (problem, sentence) => {
    expect(describeBackupProblem(problem)).toBe(sentence);
  });

  it('name every setting in words', () => {
    const fields = [
      'reporterEmail',
      'defaultAction',
      'defaultClientId',
      'evidence',
      'evidence.screenshot',
      'evidence.pageSource',
      'evidence.pageDetails',
      'phoneCountry',
      'confirmBeforeSend',
      'keepSentEvidenceDays',
      'refreshMinutes',
      'notifyStatuses',
      'includeAccountIncidents',
    ];
    for (const field of fields) expect(describeBackupProblem({ kind: 'setting_invalid', field })).not.toContain(`“${field}”`);
  });
});
