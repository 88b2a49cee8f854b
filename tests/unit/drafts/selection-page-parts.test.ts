import { describe, expect, it } from 'vitest';
import { buildEvidenceRecord } from '@/utils/evidence/record';
import type { EvidenceContext } from '@/utils/storage/evidence-context';
import { withEvidenceRecord } from '@/utils/report/outbox';
import { isSelectionSource, selectionEvidence, selectionIncluded } from '@/utils/drafts/selection-page-parts';
import { DEFAULT_SETTINGS } from '@/utils/settings/settings';
import type { FileRole, OutboxReport, StoredFile } from '@/utils/storage/report-types';

// A selection is often made in a ticket, a chat or an internal portal (issue
// 44): its reports go with the evidence record alone unless the user ticks the
// page's screenshot or source.

const PAGE = 'https://tickets.corp.example/browse/SEC-1234';
const CONTEXT: EvidenceContext = {
  requestedUrl: PAGE,
  title: 'SEC-1234 Customer breach follow-up',
  capturedAt: new Date('2026-11-28T04:00:00.000Z'),
  timeZone: 'UTC',
  browser: { name: 'Chrome', version: '156', language: 'en-GB' },
  extensionVersion: '0.1.0',
  notCaptured: [{ kind: 'capture_failed', what: 'page', reason: 'timeout' }],
};
const file = (name: string, role: FileRole): StoredFile => ({ name, type: 'text/plain', blob: new Blob([name]), role });
const CAPTURED = [file('screenshot.png', 'screenshot'), file('page-source.txt', 'page_source'), file('page-details.txt', 'page_details')];
const SOURCE = { files: CAPTURED, evidence: CONTEXT };

describe('a selection’s evidence', () => {
  it.each<[string, Pick<OutboxReport, 'origin' | 'selectionText' | 'openAs'> | null, boolean]>([
    ['a selection from the menu', { origin: 'review', selectionText: 'see evil.example' }, true],
    ['an empty selection', { origin: 'review', selectionText: '' }, true],
    ['a page report waiting for confirmation', { origin: 'menu', selectionText: 'https://evil.example/' }, false],
    ['a shortcut report waiting for confirmation', { origin: 'shortcut', selectionText: 'https://evil.example/' }, false],
    ['emails dropped on the popup', { origin: 'review', selectionText: '', openAs: 'emails' }, false],
    ['a review opened on its own', null, false],
  ])('%s is a selection: %s', (_name, source, expected) => {
    expect(isSelectionSource(source)).toBe(expected);
  });

  it.each<[string, boolean, FileRole[]]>([
    ['by default: the record (and the user’s own files) alone', false, ['extra', 'record']],
    ['when the settings send the page for selections too: the evidence defaults', true, ['extra', 'record', 'screenshot', 'page_source', 'page_details']],
  ])('starts ticked %s', (_name, selectionPageEvidence, roles) => {
    expect([...selectionIncluded({ ...DEFAULT_SETTINGS, selectionPageEvidence })]).toEqual(roles);
  });

  it('turned on for selections, still leaves out what the evidence defaults leave out', () => {
    const settings = { ...DEFAULT_SETTINGS, selectionPageEvidence: true, evidence: { screenshot: true, pageSource: false, pageDetails: false } };
    expect([...selectionIncluded(settings)]).toEqual(['extra', 'record', 'screenshot']);
  });

  it.each<[string, FileRole[], string[]]>([
    ['nothing ticked', ['record', 'extra'], []],
    ['the screenshot ticked', ['record', 'extra', 'screenshot'], ['screenshot.png']],
    ['the source ticked', ['record', 'extra', 'page_source'], ['page-source.txt']],
    ['all ticked', ['record', 'extra', 'screenshot', 'page_source', 'page_details'], ['screenshot.png', 'page-source.txt', 'page-details.txt']],
  ])('sends with %s: %j', (_name, ticked, names) => {
    expect(selectionEvidence(SOURCE, new Set(ticked)).files.map((sent) => sent.name)).toEqual(names);
  });

  it('sends a record that names no page when none of the page is ticked', async () => {
    const { files, context } = selectionEvidence(SOURCE, selectionIncluded(DEFAULT_SETTINGS));
    const sent = await withEvidenceRecord({ files, evidence: context!, fields: { reportedBy: 'soc@acme.example' } });
    expect(sent.map((kept) => kept.role)).toEqual(['record']);
    const record = await sent[0]!.blob.text();
    expect(record).toContain('Reported from text selected on a page: that page’s address, title and content were not sent (it may be internal).');
    expect(record).toContain('Reported by: soc@acme.example');
    expect(record).toContain('No other files are attached.');
    expect(record).not.toContain('tickets.corp.example');
    expect(record).not.toContain('SEC-1234');
  });

  it('names the page in the record once a part of it is ticked', async () => {
    const { files, context } = selectionEvidence(SOURCE, new Set<FileRole>(['record', 'screenshot']));
    expect(context).toEqual(CONTEXT);
    const record = await (await buildEvidenceRecord(context!, files)).text();
    expect(record).toContain(`Reported address: ${PAGE}`);
    expect(record).toContain('screenshot.png');
    expect(record).not.toContain('not sent (it may be internal)');
  });

  it('goes without a context when the page gave none (not a web page)', () => {
    expect(selectionEvidence({ files: [] }, new Set<FileRole>(['record']))).toEqual({ files: [] });
  });
});
