import type { OutboxReport } from '@/utils/storage/report-types';
import type { Settings } from '@/utils/settings/settings';
import { DEFAULT_SETTINGS } from '@/utils/settings/settings';
import { CONTEXT, minutes, pngFile, T0 } from '../report/fixtures';

/** Settings a team would change from the defaults. */
export const MY_SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  reporterEmail: 'soc@acme.example',
  defaultAction: 'monitor',
  defaultClientId: 'cl_acme_bank',
  evidence: { screenshot: true, pageSource: false, pageDetails: true },
  phoneCountry: 'GB',
  phoneCountryChosen: true,
  confirmBeforeSend: true,
  keepSentEvidenceDays: 7,
  refreshMinutes: 60,
  notifyStatuses: ['takedown_success', 'closed'],
  includeAccountIncidents: true,
};

/** A stored report of the history, with its evidence. */
export function storedReport(id: string, overrides: Partial<OutboxReport> = {}): OutboxReport {
  return {
    id,
    createdAt: T0.toISOString(),
    updatedAt: minutes(5).toISOString(),
    state: 'sent',
    action: 'tkd',
    subject: { type: 'url', value: `https://${id}.phish.example/login` },
    fields: { url: `https://${id}.phish.example/login`, reportedBy: 'soc@acme.example', comment: 'Kit on a fresh domain' },
    files: [pngFile()],
    evidence: CONTEXT,
    origin: 'menu',
    attempts: 1,
    sentAt: minutes(1).toISOString(),
    outcome: { status: 'reported', id: `inc_${id}`, dashboardUrl: `https://dash.example/incidents/inc_${id}` },
    incident: { id: `inc_${id}`, dashboardUrl: `https://dash.example/incidents/inc_${id}`, status: 'takedown_in_progress' },
    followUps: ['comment'],
    account: { origin: 'https://api.example', clientIds: ['cl_acme'] },
    ...overrides,
  };
}

/** The history the tests export: one of each state a backup keeps, and a draft it leaves out. */
export function history(): OutboxReport[] {
  const { outcome: _outcome, incident: _incident, followUps: _followUps, ...unsent } = storedReport('failed');
  return [
    storedReport('sent', { tabId: 12 }),
    storedReport('dup', { state: 'duplicate', outcome: { status: 'possible_duplicate', message: 'Already known' }, files: [] }),
    { ...unsent, state: 'failed', lastProblem: { kind: 'server_error', status: 502, serverMessage: 'Bad gateway' } },
    { ...unsent, id: 'unknown', state: 'unknown', lastProblem: { kind: 'timeout', timeoutSeconds: 30 }, selectionText: 'see hxxps://phish[.]example' },
    { ...unsent, id: 'pruned', state: 'sent', files: [], filesPrunedAt: minutes(60).toISOString() },
    { ...unsent, id: 'draft', state: 'draft', attempts: 0 },
  ];
}
