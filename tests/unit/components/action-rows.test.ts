import { describe, expect, it } from 'vitest';
import type { Incident } from '@/utils/api/schemas/incident';
import type { OutboxReport } from '@/utils/storage/report-types';
import type { WatchedIncident } from '@/utils/storage/reports-db';
import { buildActionRows, type ActionLabels } from '@/components/my-reports/action-rows';
import { buildReportRows, type RowLabels } from '@/components/my-reports/report-rows';

// Issue 44, point 2: what the user did on an existing incident is an action,
// listed apart and never a report row; the Client column names the incident's client.

const ROW_LABELS: RowLabels = { status: (status) => status, type: (type) => type, action: (action) => action, source: (source) => source, client: (clientId) => `name-of-${clientId}` };
const ACTION_LABELS: ActionLabels = { action: (done) => (done.files === undefined ? done.kind : `${done.kind}:${done.files}`), client: (clientId) => `name-of-${clientId}` };

function record(id: string, extra: Partial<OutboxReport> = {}): OutboxReport {
  return {
    id,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    state: 'sent',
    action: 'tkd',
    subject: { type: 'url', value: `https://${id}.example/` },
    fields: {},
    files: [],
    origin: 'popup',
    attempts: 1,
    ...extra,
  };
}

const watched = (id: string, incident: Partial<Incident>): WatchedIncident => ({ id, incident: { id, ...incident } as Incident, fetchedAt: 'a', statusSeenAt: 'a' });

const approve = record('approved', { recordKind: 'action', incidentAction: { kind: 'approve', outcome: 'done' }, incident: { id: 'inc_1', clientId: 'cl_acme' } });
const attach = record('attached', { state: 'duplicate', recordKind: 'action', followUps: ['attach'], incidentAction: { kind: 'attach', files: 2, outcome: 'done' }, incident: { id: 'inc_2' } });
const commentThenTakedown = record('followed', {
  state: 'duplicate',
  recordKind: 'action',
  followUps: ['comment', 'takedown'],
  incidentAction: { kind: 'comment', outcome: 'done' },
  incident: { id: 'inc_3' },
});
const sent = record('reported', { incident: { id: 'inc_4', status: 'pending_review', clientId: 'cl_sub' } });

describe('actions on incidents in My reports', () => {
  it('leaves actions out of the report rows (and so out of the counts and Insights built on them)', () => {
    const rows = buildReportRows({ reports: [approve, attach, commentThenTakedown, sent], watched: [], includeAccountIncidents: false }, ROW_LABELS);
    expect(rows.map((row) => row.key)).toEqual(['reported']);
  });

  it.each([
    ['an approval, client from the record', approve, [], { what: 'approve', client: 'name-of-cl_acme', incidentId: 'inc_1' }],
    ['files attached, client from the incident the refresh saw', attach, [watched('inc_2', { clientId: 'cl_beta' })], { what: 'attach:2', client: 'name-of-cl_beta' }],
    ['a comment then a takedown asked, on one draft', commentThenTakedown, [], { what: 'comment · takedown', client: undefined }],
  ])('names %s', (_name, entry, incidents, expected) => {
    const [row] = buildActionRows([entry, sent], incidents, ACTION_LABELS);
    expect({ what: row!.what, client: row!.client, ...('incidentId' in expected ? { incidentId: row!.incidentId } : {}) }).toEqual(expected);
  });

  it.each([
    ['the report chosen client first', record('r1', { fields: { clientId: 'cl_chosen' }, incident: { id: 'i1', clientId: 'cl_inc' } }), 'cl_chosen'],
    ["the incident's client read right after sending", record('r2', { incident: { id: 'i2', clientId: 'cl_inc' } }), 'cl_inc'],
  ])('fills the Client column of a report from %s', (_name, report, clientId) => {
    const [row] = buildReportRows({ reports: [report], watched: [], includeAccountIncidents: false }, ROW_LABELS);
    expect([row!.clientId, row!.labels.client]).toEqual([clientId, `name-of-${clientId}`]);
  });
});
