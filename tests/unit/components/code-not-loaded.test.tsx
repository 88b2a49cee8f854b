import type { JSX } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import { ProblemMessage } from '@/components/ui/problem-message';
import { loadCode } from '@/components/ui/load-code';
import { useReviewWindow } from '@/components/popup/use-review-window';
import { useReportSend } from '@/components/popup/use-report-send';
import { describeProblem } from '@/utils/problems/sentences';
import { useDomWindow } from './dom';

// Code loaded by a click is gone after an extension update (the page still
// runs the old build): the click says so and offers a reload, never nothing.

// The send code's file, gone.
vi.mock('@/utils/drafts/look-up-and-send', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const { mount } = useDomWindow('chrome-extension://test/popup.html');
const GONE = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: chrome-extension://test/chunks/review-window.js'));
const SENTENCE = 'This part of the page could not be loaded, most likely because the extension was updated since the page opened. Reload the page.';
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const said = (root: HTMLElement) => root.querySelector('[role="alert"]')?.textContent ?? '';

function ReviewLink(): JSX.Element {
  const reviewWindow = useReviewWindow(GONE as never);
  return (
    <>
      <button type="button" onClick={() => reviewWindow.open(async () => undefined)} />
      {reviewWindow.problem && <ProblemMessage problem={reviewWindow.problem} />}
    </>
  );
}

function SendButton(): JSX.Element {
  const { problem, send } = useReportSend('r1');
  const edit = { action: 'tkd', subject: { type: 'url', value: 'https://phish.example/' }, fields: { url: 'https://phish.example/' }, files: [] } as const;
  return (
    <>
      <button type="button" onClick={() => void send({ ...edit, subject: { ...edit.subject }, fields: { ...edit.fields }, files: [] }, () => true)} />
      {problem && <ProblemMessage problem={problem} />}
    </>
  );
}

describe('code a click loads, gone after an update', () => {
  it('answers the code_not_loaded problem', async () => {
    expect(await loadCode(GONE)).toEqual({ ok: false, problem: { kind: 'code_not_loaded' } });
    expect(describeProblem({ kind: 'code_not_loaded' })).toBe(SENTENCE);
  });

  it.each([
    ['opening the review window from the popup', ReviewLink],
    ["the popup's Send", SendButton],
  ])('%s says the page must be reloaded', async (_name, Clicked) => {
    const root = mount(<Clicked />);
    (root.querySelector('button') as HTMLButtonElement).click();
    await vi.waitFor(async () => {
      await settle();
      expect(said(root)).toContain(SENTENCE);
    });
  });
});

describe('importing a backup when its reader is gone', () => {
  it('stops, says the page must be reloaded, and imports nothing', async () => {
    vi.doMock('@/utils/backup/backup-read', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    vi.stubGlobal('sessionStorage', { getItem: () => null, removeItem: () => undefined, setItem: () => undefined });
    const { useBackupImport } = await import('@/components/settings/use-backup-import');
    const { describeBackupProblem } = await import('@/components/settings/backup-problem-text');
    let state: unknown;
    function ImportButton(): JSX.Element {
      const backup = useBackupImport();
      state = backup.state;
      return <button type="button" onClick={() => void backup.importFile(new File(['{}'], 'backup.json'))} />;
    }
    const root = mount(<ImportButton />);
    (root.querySelector('button') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(state).toEqual({ step: 'stopped', reason: 'unusable', problems: [{ kind: 'code_not_loaded' }] }));
    expect(describeBackupProblem({ kind: 'code_not_loaded' })).toBe(SENTENCE);
    vi.doUnmock('@/utils/backup/backup-read');
    vi.unstubAllGlobals();
  });
});
