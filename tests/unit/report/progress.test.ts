import { describe, expect, it, vi } from 'vitest';
import { announceProgress, mergeSteps, progressOf, stepsOfDraft, watchProgress, withProgress, type ReportProgress } from '@/utils/report/progress';
import type { StoredFile } from '@/utils/storage/report-types';

const file = (role: StoredFile['role']): StoredFile => ({ name: role, type: 'text/plain', blob: new Blob(['x']), role });

describe('a report’s steps', () => {
  it.each([
    ['a capture under way: the screenshot and the page evidence active', { capturing: true, files: [] }, { capture: { state: 'active' }, collect: { state: 'active' } }],
    [
      'a finished capture with both parts',
      { files: [file('screenshot'), file('page_source'), file('page_details')] },
      { capture: { state: 'done' }, stamp: { state: 'done' }, collect: { state: 'done' } },
    ],
    ['page details alone count as page evidence', { files: [file('page_details')] }, { collect: { state: 'done' } }],
    [
      'parts that failed, as its problems say',
      {
        files: [],
        captureProblems: [
          { kind: 'capture_failed', what: 'screenshot', reason: 'timeout' },
          { kind: 'capture_failed', what: 'page' },
        ],
      },
      { capture: { state: 'failed' }, collect: { state: 'failed' } },
    ],
    [
      'a whole page sent beside the visible screen (issue 41)',
      { files: [file('screenshot'), { ...file('screenshot'), name: 'screenshot-whole-page-2026-11-22T10-00-00-000Z.png' }] },
      { capture: { state: 'done' }, stamp: { state: 'done' }, whole_page: { state: 'done' } },
    ],
    [
      'a whole page that failed, the visible screen sent',
      { files: [file('screenshot')], captureProblems: [{ kind: 'capture_failed', what: 'whole_page', reason: 'timeout' }] },
      { capture: { state: 'done' }, stamp: { state: 'done' }, whole_page: { state: 'failed' } },
    ],
    ['other problems and files the user added say nothing of the capture', { files: [file('extra')], captureProblems: [{ kind: 'offline' }] }, {}],
    ['no capture (a typed subject)', { files: [] }, {}],
  ] as const)('%s', (_name, draft, steps) => {
    expect(stepsOfDraft(draft as never)).toEqual(steps);
  });

  it('a step announced replaces that step alone, keeping the upload’s size once said', () => {
    const steps = withProgress({ capture: { state: 'active' } }, { step: 'upload', state: 'active', bytes: 1234 });
    expect(steps).toEqual({ capture: { state: 'active' }, upload: { state: 'active', bytes: 1234 } });
    expect(withProgress(steps, { step: 'upload', state: 'done' })).toEqual({ capture: { state: 'active' }, upload: { state: 'done', bytes: 1234 } });
    expect(withProgress(steps, { step: 'capture', state: 'failed' }).capture).toEqual({ state: 'failed' });
  });

  it('keeps the seconds a whole page took, to say that it took long', () => {
    expect(withProgress({}, { step: 'whole_page', state: 'done', seconds: 12 })).toEqual({ whole_page: { state: 'done', seconds: 12 } });
  });

  it.each([
    [
      'while capturing, what was announced wins',
      { capture: { state: 'active' }, collect: { state: 'active' } },
      { collect: { state: 'done' } },
      true,
      { capture: { state: 'active' }, collect: { state: 'done' } },
    ],
    [
      'a stamp announced means the screenshot was taken',
      { capture: { state: 'active' }, collect: { state: 'active' } },
      { stamp: { state: 'active' } },
      true,
      { capture: { state: 'done' }, stamp: { state: 'active' }, collect: { state: 'active' } },
    ],
    [
      'once captured, the record wins; the upload comes only from announcements',
      { capture: { state: 'done' }, stamp: { state: 'done' } },
      { stamp: { state: 'active' }, upload: { state: 'active', bytes: 9 } },
      false,
      { capture: { state: 'done' }, stamp: { state: 'done' }, upload: { state: 'active', bytes: 9 } },
    ],
  ] as const)('merges: %s', (_name, recorded, announced, capturing, merged) => {
    expect(mergeSteps(recorded as never, announced as never, capturing)).toEqual(merged);
  });

  it('goes to the pages that follow that report, and only that one', async () => {
    const seen: ReportProgress[] = [];
    const stop = watchProgress('r1', (progress) => seen.push(progress));
    progressOf('r2')('capture', 'active');
    progressOf('r1')('upload', 'active', 2048);
    announceProgress({ id: 'r1', step: 'upload', state: 'done' });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual([
      { id: 'r1', step: 'upload', state: 'active', bytes: 2048 },
      { id: 'r1', step: 'upload', state: 'done' },
    ]);
    stop();
  });
});
