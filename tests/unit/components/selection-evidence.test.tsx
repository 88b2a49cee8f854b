import { describe, expect, it } from 'vitest';
import type { JSX } from 'preact';
import { SelectionEvidence, useSelectionEvidence } from '@/components/review/selection-evidence';
import { DEFAULT_SETTINGS, type Settings } from '@/utils/settings/settings';
import type { FileRole, OutboxReport, StoredFile } from '@/utils/storage/report-types';
import { useDomWindow } from './dom';

// The review window of a selection shows the popup's evidence toggles, off
// until the user ticks them (issue 44): the page may be internal.

const { mount } = useDomWindow('chrome-extension://test/review.html');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const file = (name: string, role: FileRole): StoredFile => ({ name, type: 'text/plain', blob: new Blob([name]), role });
const SOURCE: OutboxReport = {
  id: 'r1',
  createdAt: '2026-11-28T04:00:00.000Z',
  updatedAt: '2026-11-28T04:00:00.000Z',
  state: 'draft',
  action: 'tkd',
  subject: { type: 'url', value: 'https://tickets.corp.example/browse/SEC-1234' },
  fields: {},
  files: [file('screenshot.png', 'screenshot'), file('page-source.txt', 'page_source'), file('page-details.txt', 'page_details')],
  origin: 'review',
  selectionText: 'see evil.example',
  attempts: 0,
};

let sent: string[] = [];
/** The review window's use: the toggles, and what a report would go with now. */
function Harness({ source, settings }: { source: OutboxReport; settings: Settings }): JSX.Element | null {
  const state = useSelectionEvidence(source, settings);
  if (!state) return null;
  sent = state.evidence().files.map((going) => going.name);
  return <SelectionEvidence state={state} disabled={false} />;
}

const box = (root: HTMLElement, id: string) => root.querySelector(`#${id}`) as HTMLInputElement;

describe('the evidence of a selection’s review', () => {
  it('offers the screenshot and the source unticked, says why, and sends only what is ticked', async () => {
    const root = mount(<Harness source={SOURCE} settings={DEFAULT_SETTINGS} />);
    await settle();
    expect(root.textContent).toContain('The page you selected from may be internal (a ticket, a chat, a portal): only the evidence record goes with each report');
    expect(['evidence-screenshot', 'evidence-page_source', 'evidence-page_details'].map((id) => box(root, id).checked)).toEqual([false, false, false]);
    expect(sent).toEqual([]);

    box(root, 'evidence-screenshot').click();
    await settle();
    expect(box(root, 'evidence-screenshot').checked).toBe(true);
    expect(sent).toEqual(['screenshot.png']);
  });

  it('starts ticked as the evidence defaults when the settings send the page for selections', async () => {
    const root = mount(<Harness source={SOURCE} settings={{ ...DEFAULT_SETTINGS, selectionPageEvidence: true }} />);
    await settle();
    expect(box(root, 'evidence-page_source').checked).toBe(true);
    expect(sent).toEqual(['screenshot.png', 'page-source.txt', 'page-details.txt']);
  });

  it.each<[string, Partial<OutboxReport>]>([
    ['a page report waiting for confirmation', { origin: 'menu' }],
    ['emails dropped on the popup', { openAs: 'emails' }],
  ])('shows nothing for %s', async (_name, change) => {
    const root = mount(<Harness source={{ ...SOURCE, ...change }} settings={DEFAULT_SETTINGS} />);
    await settle();
    expect(root.querySelector('fieldset')).toBeNull();
  });
});
