import { describe, expect, it } from 'vitest';
import { filterReports } from '@/components/history/history-filter';
import type { OutboxReport, ReportState } from '@/utils/report/types';

function report(id: string, state: ReportState, subject: string, extra: Partial<OutboxReport> = {}): OutboxReport {
  return { id, createdAt: '', updatedAt: '', state, action: 'tkd', subject: { type: 'url', value: subject }, fields: {}, files: [], origin: 'menu', attempts: 1, ...extra };
}

const REPORTS = [
  report('a', 'sent', 'https://Evil.example/login', { incident: { id: 'inc_AAA' } }),
  report('b', 'failed', 'scam@fraud.example'),
  report('c', 'unknown', '+442079460958', { fields: { clientId: 'cl_acme_bank' } }),
  report('d', 'duplicate', 'evil.example', { incident: { id: 'inc_BBB' } }),
];

describe('filtering the report list', () => {
  it.each<[string, readonly ReportState[], string[]]>([
    ['', [], ['a', 'b', 'c', 'd']],
    ['  ', [], ['a', 'b', 'c', 'd']],
    ['evil', [], ['a', 'd']],
    ['EVIL.EXAMPLE/LOGIN', [], ['a']],
    ['inc_bbb', [], ['d']],
    ['acme_bank', [], ['c']],
    ['', ['failed', 'unknown'], ['b', 'c']],
    ['evil', ['sent'], ['a']],
    ['nothing-like-this', [], []],
  ])('text %j and states %j keep %j, in order', (text, states, ids) => {
    expect(filterReports(REPORTS, { text, states }).map((kept) => kept.id)).toEqual(ids);
  });
});
