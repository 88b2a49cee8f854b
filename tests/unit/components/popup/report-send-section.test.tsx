import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { ReportSendSection } from '@/components/popup/report-send-section';
import type { FileRole } from '@/utils/storage/report-types';
import { useDomWindow } from '../dom';

// The details the send bar opens (evidence, files, client, what will be sent)
// are not in the popup's first render, hidden as they are: they render once
// their code has loaded after it (issue 43), and the bar opens them as before.

const { mount } = useDomWindow('chrome-extension://test/popup.html');
vi.mock('@/components/popup/credits-line', () => ({ CreditsLine: () => null }));

const CLIENTS = [
  { id: 'cl_acme', name: 'Acme', active: true },
  { id: 'cl_acme_bank', name: 'Acme Bank', active: true },
];
const evidence = { files: [], included: new Set<FileRole>(['record']), refused: [], capturing: false, add: vi.fn(), toggle: vi.fn(), removeExtra: vi.fn() };

describe('the send section', () => {
  it('leaves the hidden details out of its first render, and shows them, loaded, when the bar opens them', async () => {
    let root!: HTMLElement;
    act(() => {
      root = mount(
        <ReportSendSection evidence={evidence} captureProblems={[]} edit={null} initial={{ fields: {} }} clients={CLIENTS} clientId="cl_acme" onClientChange={() => {}} problem={null}>
          <button type="submit">Report</button>
        </ReportSendSection>,
      );
    });
    const details = root.querySelector<HTMLElement>('#report-details')!;
    expect(details.hidden).toBe(true);
    expect(details.childElementCount).toBe(0);

    // Effects run after the paint: the details' code loads there.
    await vi.waitFor(async () => {
      await act(async () => {});
      expect(details.querySelector('#report-client')).not.toBeNull();
    });
    expect(details.hidden).toBe(true);
    act(() => root.querySelector<HTMLButtonElement>('button[aria-controls="report-details"]')!.click());
    expect(details.hidden).toBe(false);
    expect(details.querySelector('fieldset.evidence')).not.toBeNull();
  });
});
