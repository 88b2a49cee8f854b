import { describe, expect, it } from 'vitest';
import type { Incident } from '@/utils/api/schemas/incident';
import type { OutboxReport } from '@/utils/storage/report-types';
import { buildReportRows, type RowLabels } from '@/components/my-reports/report-rows';

// A row whose incident the last status refresh could not fetch carries why (issue 19).

const LABELS: RowLabels = { status: (status) => status, type: (type) => type, action: (action) => action, source: (source) => source, client: (clientId) => clientId };
const PROBLEM = { kind: 'server_error', status: 500 } as const;

function report(id: string, incidentId?: string): OutboxReport {
  return {
    id,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    state: 'sent',
    action: 'tkd',
    subject: { type: 'url', value: `https://${id}.example/` },
    fields: {},
    files: [],
    origin: 'menu',
    attempts: 1,
    ...(incidentId ? { incident: { id: incidentId, status: 'pending_review' } } : {}),
  };
}

describe('rows of incidents the refresh could not fetch', () => {
  it('say why on their own row only, keeping the status known before', () => {
    const rows = buildReportRows(
      {
        reports: [report('r_bad', 'inc_bad'), report('r_ok', 'inc_ok'), report('r_none')],
        watched: [{ id: 'inc_acct', incident: { id: 'inc_acct', status: 'closed' } as Incident, fetchedAt: 'x', statusSeenAt: 'x' }],
        includeAccountIncidents: true,
        failures: [
          { id: 'inc_bad', problem: PROBLEM, failures: 1 },
          { id: 'inc_acct', problem: PROBLEM, failures: 3 },
        ],
      },
      LABELS,
    );
    expect(rows.map((row) => [row.key, row.status, row.refreshProblem])).toEqual([
      ['r_bad', 'incident:pending_review', PROBLEM],
      ['r_ok', 'incident:pending_review', undefined],
      ['r_none', 'report:sent', undefined],
      ['incident:inc_acct', 'incident:closed', PROBLEM],
    ]);
  });

  it('without failures given, no row carries one', () => {
    const rows = buildReportRows({ reports: [report('r_bad', 'inc_bad')], watched: [], includeAccountIncidents: false }, LABELS);
    expect(rows[0]).not.toHaveProperty('refreshProblem');
  });
});
