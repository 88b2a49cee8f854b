import { describe, expect, it } from 'vitest';
import { emailRowsFor, mergeRows, reviewProgress, resultRowOf, rowsFor, type ReviewRowState } from '@/components/review/review-state';
import type { PickReason } from '@/utils/email/email-pick';
import type { EmailFinding } from '@/utils/email/email-types';
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
    expect(reviewProgress(rows)).toEqual({ total: 3, settled: 2 });
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

describe('the rows of an email', () => {
  const finding = (type: 'url' | 'email' | 'domain' | 'phone' | 'ipv4', value: string, where: EmailFinding['where'], pick?: EmailFinding['pick']): EmailFinding => ({
    text: value,
    check: { ok: true, indicator: { type, value, warnings: [] } },
    where,
    ...(pick ? { pick } : {}),
  });

  it.each<[string, EmailFinding, boolean, PickReason | undefined]>([
    ['picked by the analysis', finding('url', 'https://evil.example/login', ['link'], { ticked: true }), true, undefined],
    ['left by the analysis', finding('phone', '+442079460000', ['body'], { ticked: false }), false, undefined],
    ['left for a reason', finding('email', 'no-reply@microsoft.com', ['from'], { ticked: false, reason: 'forged' }), false, 'forged'],
    ['not picked at all (an analysis from before picks)', finding('url', 'https://evil.example/', ['link']), false, undefined],
  ])('are ticked as the analysis picked them: %s', (_name, found, ticked, reason) => {
    const [row] = emailRowsFor([found], 'tkd', 'email-1');
    expect(row).toEqual({
      found: { text: found.text, check: found.check },
      email: { key: 'email-1', where: found.where, ...(reason ? { reason } : {}) },
      selected: ticked,
      action: 'tkd',
      phase: 'idle',
    });
  });

  it('keep the link scanner a link was unwrapped from', () => {
    const [row] = emailRowsFor([{ ...finding('url', 'https://evil.example/', ['link']), unwrappedFrom: 'https://eur01.safelinks.protection.outlook.com/?url=x' }], 'monitor', 'k');
    expect(row?.email).toEqual({ key: 'k', where: ['link'], unwrappedFrom: 'https://eur01.safelinks.protection.outlook.com/?url=x' });
    expect(row?.action).toBe('monitor');
  });

  it('merge each indicator once, the first email’s first, and keep what the user chose', () => {
    const ticked = { ticked: true };
    const first = emailRowsFor([finding('email', 'a@evil.example', ['from'], ticked), finding('url', 'https://evil.example/', ['link'], ticked)], 'tkd', 'one');
    const second = emailRowsFor([finding('url', 'https://evil.example/', ['body'], ticked), finding('url', 'https://other.example/', ['link'], ticked)], 'tkd', 'two');
    const text = rowsFor([url], 'tkd');
    const merged = mergeRows([], first, second, text);
    expect(merged.map((row) => [row.found.text, row.email?.key ?? null, row.selected])).toEqual([
      ['a@evil.example', 'one', true],
      ['https://evil.example/', 'one', true],
      ['https://other.example/', 'two', true],
      ['hxxps://evil[.]example/a', null, true],
    ]);
    // The user unticks the sender and asks for monitoring of a link; a third email arrives.
    const chosen = merged.map((row, index) => (index === 0 ? { ...row, selected: false } : index === 2 ? { ...row, action: 'monitor' as const } : row));
    const again = mergeRows(chosen, first, second, emailRowsFor([finding('phone', '+442079460000', ['body'], { ticked: false })], 'tkd', 'three'), text);
    expect(again.map((row) => [row.found.text, row.selected, row.action])).toEqual([
      ['a@evil.example', false, 'tkd'],
      ['https://evil.example/', true, 'tkd'],
      ['https://other.example/', true, 'monitor'],
      ['+442079460000', false, 'tkd'],
      ['hxxps://evil[.]example/a', true, 'tkd'],
    ]);
  });

  it('tell an invalid text from another by what was written', () => {
    const other: FoundIndicator = { text: 'bad..example', check: { ok: false, type: 'domain', problem: 'domain_invalid' } };
    expect(mergeRows([], rowsFor([bad, other, bad], 'tkd')).map((row) => row.found.text)).toEqual(['evil..example', 'bad..example']);
  });
});
