import { describe, expect, it, vi } from 'vitest';
import { ReportFormOutcome } from '@/components/popup/report-form-outcome';
import { SendBar } from '@/components/popup/send-bar';
import { describeSending } from '@/components/popup/send-summary';
import type { ClientSummary } from '@/utils/storage/connection-types';
import type { FileRole, OutboxReport, StoredFile } from '@/utils/storage/report-types';
import { useDomWindow } from './dom';

// Issue 21: the popup's send bar stays in view with a one-line summary of
// what the report goes with, true to the files and client it takes; the
// summary opens the details; a report that has an incident offers to show it
// in the popup.

const { mount } = useDomWindow('chrome-extension://test/popup.html');

const file = (role: FileRole, bytes: number, name: string = role): StoredFile => ({ name, type: 'application/octet-stream', role, blob: new Blob([new Uint8Array(bytes)]) });
const FILES = [file('screenshot', 40_000), file('page_source', 5_000), file('page_details', 2_000), file('extra', 10_000, 'sms.png'), file('extra', 3_000, 'mail.eml'), file('record', 900)];
const ALL = new Set<FileRole>(['screenshot', 'page_source', 'page_details', 'extra', 'record']);
const client = (id: string, name: string | null, extra: Partial<ClientSummary> = {}): ClientSummary => ({ id, name, active: true, ...extra });
const ACME = [client('cl_acme', 'Acme Holdings'), client('cl_acme_bank', 'Acme Bank', { managed: true }), client('cl_acme_travel', 'Acme Travel', { active: false })];

describe('the summary line', () => {
  it.each<[string, ReadonlySet<FileRole>, string, ClientSummary[], string]>([
    ['everything, for a chosen client', ALL, 'cl_acme', ACME, 'Screenshot, page source, details, 2 added files · 60 kB · Acme Holdings'],
    ['only what is switched on', new Set(['page_details', 'extra', 'record']), 'cl_acme_bank', ACME, 'Details, 2 added files · 15 kB · Acme Bank'],
    ['the screenshot alone', new Set(['screenshot', 'record']), 'cl_acme', ACME, 'Screenshot · 40 kB · Acme Holdings'],
    ['no file but the record, written when sent', new Set(['record']), 'cl_acme', ACME, 'Evidence record only · Acme Holdings'],
    ["the key's default, named: its own client among managed sub-clients", ALL, '', ACME, 'Screenshot, page source, details, 2 added files · 60 kB · Acme Holdings'],
    ["the key's default when the list does not tell which", ALL, '', [client('cl_a', 'A'), client('cl_b', 'B')], "Screenshot, page source, details, 2 added files · 60 kB · This key's default client"],
    ['the only client of the key, by name', ALL, '', [client('cl_globex', 'Globex Corporation')], 'Screenshot, page source, details, 2 added files · 60 kB · Globex Corporation'],
    ['a client without a name, by its id', ALL, 'cl_x', [client('cl_x', null), client('cl_y', 'Y')], 'Screenshot, page source, details, 2 added files · 60 kB · cl_x'],
  ])('%s', (_name, included, clientId, clients, expected) => {
    expect(describeSending({ files: FILES, included, clientId, clients })).toBe(expected);
  });

  it('counts one added file as one', () => {
    expect(describeSending({ files: [file('extra', 1_500)], included: ALL, clientId: 'cl_acme', clients: ACME })).toBe('1 added file · 1.5 kB · Acme Holdings');
  });
});

describe('the send bar', () => {
  const bar = (props: { open: boolean; refused?: boolean; onToggle?: () => void }) =>
    mount(
      <SendBar
        detailsId="report-details"
        open={props.open}
        onToggle={props.onToggle ?? (() => {})}
        summary="Screenshot · 40 kB · Acme Holdings"
        refused={props.refused ?? false}
        problem={null}
        clientId="cl_acme"
      >
        <button type="submit">Report for takedown</button>
      </SendBar>,
    );

  it('shows the summary as a button that opens the details and says whether they are open', () => {
    const onToggle = vi.fn();
    const toggle = bar({ open: false, onToggle }).querySelector<HTMLButtonElement>('button[aria-controls="report-details"]')!;
    expect(toggle.textContent).toBe('Screenshot · 40 kB · Acme Holdings▾');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.click();
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(bar({ open: true }).querySelector('button[aria-controls="report-details"]')!.getAttribute('aria-expanded')).toBe('true');
  });

  it('says files were refused while the details that hold their errors are closed, and only then', () => {
    expect(bar({ open: false, refused: true }).querySelector('[role="alert"]')?.textContent).toBe('Some files were not added: show the details to see why.');
    expect(bar({ open: true, refused: true }).querySelector('[role="alert"]')).toBeNull();
  });
});

describe('after a send', () => {
  const report = (extra: Partial<OutboxReport>): OutboxReport => ({
    id: 'r1',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:01.000Z',
    state: 'sent',
    action: 'tkd',
    subject: { type: 'url', value: 'https://phish.example/login' },
    fields: { url: 'https://phish.example/login' },
    files: [],
    origin: 'popup',
    attempts: 1,
    ...extra,
  });
  const outcome = (sent: OutboxReport, onViewIncident: () => void) =>
    mount(<ReportFormOutcome phase={{ step: 'done', report: sent }} reportId="r1" subject="https://phish.example/login" hasEvidence comment="" onBack={() => {}} onViewIncident={onViewIncident} />);
  const viewHere = (root: HTMLElement) => [...root.querySelectorAll('button')].find((button) => button.textContent === 'View incident here');

  it.each([
    ['sent', { state: 'sent', incident: { id: 'q/tkd:100', dashboardUrl: 'https://dashboard.example/incidents/100' } }],
    ['a duplicate linked to the existing incident', { state: 'duplicate', incident: { id: 'inc_existing', status: 'pending_review' } }],
  ] as const)('offers "View incident here" for a report %s, showing its incident', (_name, extra) => {
    const onViewIncident = vi.fn();
    const root = outcome(report(extra), onViewIncident);
    viewHere(root)!.click();
    expect(onViewIncident).toHaveBeenCalledWith({ id: extra.incident.id, subject: 'https://phish.example/login' });
  });

  it('offers nothing to view while the report has no incident (queued, failed)', () => {
    expect(viewHere(outcome(report({ state: 'queued' }), () => {}))).toBeUndefined();
  });
});
