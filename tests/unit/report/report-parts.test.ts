import { describe, expect, it } from 'vitest';
import { captureRequestOf, selectionDraftOf, tabReportOf } from '@/utils/report/tab-draft-fields';
import type { SendResult } from '@/utils/report/send';
import { isResultToTell, queuePauseMs } from '@/utils/report/send-queue';
import { DEFAULT_SETTINGS } from '@/utils/settings/settings';
import type { OutboxReport } from '@/utils/storage/report-types';

// The pure parts the report service and the sending queue hand their work to (issue 39: small functions).
const SETTINGS = { ...DEFAULT_SETTINGS, reporterEmail: 'soc@acme.example', defaultClientId: '', defaultAction: 'monitor' as const };
const TAB = { id: 4, windowId: 1, url: 'https://phish.example/login' };
const EVIDENCE = { files: [], context: { requestedUrl: TAB.url } } as never;

describe('what the report service captures and writes', () => {
  it.each([
    ['a page', undefined, { tab: TAB, requestedUrl: TAB.url, include: SETTINGS.evidence, reporter: 'soc@acme.example' }],
    ['a link', 'https://link.example/', { tab: TAB, requestedUrl: TAB.url, include: SETTINGS.evidence, linkUrl: 'https://link.example/', reporter: 'soc@acme.example' }],
  ])('asks to capture %s with the reporter', (_, linkUrl, expected) => {
    expect(captureRequestOf(TAB, SETTINGS, TAB.url, linkUrl)).toEqual(expected);
  });

  it.each([
    ['the settings’ action', undefined, 'monitor'],
    ['the asked action', 'tkd' as const, 'tkd'],
  ])('reports a tab with %s, its evidence and its address', (_, action, expected) => {
    const report = tabReportOf({ tab: TAB, origin: 'menu', ...(action ? { action } : {}) }, SETTINGS, TAB.url, EVIDENCE);
    expect(report).toEqual({
      action: expected,
      subject: { type: 'url', value: TAB.url },
      fields: { reportedBy: 'soc@acme.example', url: TAB.url },
      files: [],
      evidence: { requestedUrl: TAB.url },
      origin: 'menu',
      tabId: 4,
    });
  });

  it.each([
    [TAB, { type: 'url', value: TAB.url }],
    [
      { id: 5, windowId: 1 },
      { type: 'url', value: '' },
    ],
  ])('keeps selected text for review on %o', (tab, subject) => {
    expect(selectionDraftOf(tab, 'call +1 555 0100', SETTINGS, undefined)).toEqual({
      action: 'monitor',
      subject,
      fields: { reportedBy: 'soc@acme.example' },
      files: [],
      origin: 'review',
      tabId: tab.id,
      selectionText: 'call +1 555 0100',
    });
  });
});

describe('what the sending queue tells and how long it pauses', () => {
  const report = (state: OutboxReport['state']) => ({ id: 'r1', state }) as OutboxReport;
  it.each<[string, SendResult, boolean]>([
    ['a sent report', { ok: true, report: report('sent') }, true],
    ['a failed report', { ok: false, problem: { kind: 'network' } as never, report: report('failed') }, true],
    ['a report waiting for the network', { ok: false, problem: { kind: 'offline' }, report: report('queued') }, true],
    ['a report another call sends', { ok: false, problem: { kind: 'report_busy' }, report: report('sending') }, false],
    ['no report', { ok: false, problem: { kind: 'report_missing' } }, false],
  ])('tells %s: %s', (_, result, expected) => {
    expect(isResultToTell(result)).toBe(expected);
  });

  it.each([
    [undefined, 30_000],
    [5, 5000],
    [120, 120_000],
  ])('pauses after Retry-After %s for %i ms', (seconds, expected) => {
    expect(queuePauseMs(seconds)).toBe(expected);
  });
});
