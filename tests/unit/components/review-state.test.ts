import { describe, expect, it } from 'vitest';
import { progressOf, resultRowOf, rowsFor, type ReviewRowState } from '@/components/review/review-state';
import type { FoundIndicator } from '@/utils/indicators/find';
import { describeProblem } from '@/utils/problems/sentences';

const url: FoundIndicator = { text: 'hxxps://evil[.]example/a', check: { ok: true, indicator: { type: 'url', value: 'https://evil.example/a', warnings: [] } } };
const privateIp: FoundIndicator = { text: '10.0.0.1', check: { ok: true, indicator: { type: 'ipv4', value: '10.0.0.1', warnings: ['ipv4_private'] } } };
const bad: FoundIndicator = { text: 'evil..example', check: { ok: false, type: 'domain', problem: 'domain_invalid' } };

describe('the review rows', () => {
  it('tick valid indicators, leave warned ones to the user, and never tick invalid ones', () => {
    expect(rowsFor([url, privateIp, bad], 'monitor').map((row) => [row.found.text, row.selected, row.action, row.phase])).toEqual([
      ['hxxps://evil[.]example/a', true, 'monitor', 'idle'],
      ['10.0.0.1', false, 'monitor', 'idle'],
      ['evil..example', false, 'monitor', 'idle'],
    ]);
  });

  it('count progress over the rows chosen', () => {
    const rows: ReviewRowState[] = [
      { found: url, selected: true, action: 'tkd', phase: 'done' },
      { found: url, selected: true, action: 'tkd', phase: 'exists' },
      { found: url, selected: true, action: 'tkd', phase: 'sending' },
      { found: privateIp, selected: false, action: 'tkd', phase: 'idle' },
      { found: bad, selected: false, action: 'tkd', phase: 'idle' },
    ];
    expect(progressOf(rows)).toEqual({ total: 3, settled: 2 });
  });

  it('export a sent row, an existing incident, and an invalid row', () => {
    const sent: ReviewRowState = {
      found: url,
      selected: true,
      action: 'tkd',
      phase: 'done',
      report: {
        id: 'r',
        createdAt: '',
        updatedAt: '',
        state: 'sent',
        action: 'tkd',
        subject: { type: 'url', value: 'https://evil.example/a' },
        fields: {},
        files: [],
        origin: 'review',
        attempts: 1,
        incident: { id: 'inc_1', dashboardUrl: 'https://dash.example/inc_1', status: 'pending_review' },
      },
    };
    const existing: ReviewRowState = {
      found: privateIp,
      selected: true,
      action: 'monitor',
      phase: 'exists',
      existing: { id: 'inc_2', status: 'closed', subject: '10.0.0.1', incidentType: 'ip_address', createdAt: null, reportedBy: null },
    };
    const invalid: ReviewRowState = { found: bad, selected: false, action: 'tkd', phase: 'idle' };
    expect([sent, existing, invalid].map((row) => resultRowOf(row, describeProblem))).toEqual([
      {
        indicator: 'https://evil.example/a',
        type: 'url',
        action: 'tkd',
        result: 'sent',
        incidentId: 'inc_1',
        incidentStatus: 'Pending review',
        dashboardUrl: 'https://dash.example/inc_1',
        message: '',
      },
      { indicator: '10.0.0.1', type: 'ipv4', action: 'monitor', result: 'existing', incidentId: 'inc_2', incidentStatus: 'Closed', dashboardUrl: '', message: '' },
      { indicator: 'evil..example', type: 'domain', action: 'tkd', result: 'invalid', incidentId: '', incidentStatus: '', dashboardUrl: '', message: 'This is not a valid domain name.' },
    ]);
  });
});
