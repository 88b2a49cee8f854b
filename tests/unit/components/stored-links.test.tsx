import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardLink } from '@/components/incident/dashboard-link';
import { ReportResult } from '@/components/reporting/report-result';
import type { OutboxReport } from '@/utils/storage/report-types';
import { closeReportsDb, putReport } from '@/utils/storage/reports-db';
import { useDomWindow } from './dom';

// A dashboard link in storage came from the service's answer or a backup: it
// is checked when stored, and again where it becomes a link.

const { mount } = useDomWindow('chrome-extension://test/popup.html');
afterEach(async () => {
  await closeReportsDb();
});

function report(dashboardUrl: string): OutboxReport {
  return {
    id: 'rep_1',
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    state: 'sent',
    action: 'tkd',
    subject: { type: 'url', value: 'https://phish.example/' },
    fields: {},
    files: [],
    origin: 'popup',
    attempts: 1,
    incident: { id: 'inc_1', dashboardUrl },
  };
}

describe('stored dashboard links', () => {
  it.each([
    ['https://dash.example/inc_1', 'https://dash.example/inc_1'],
    ['javascript:alert(document.cookie)', null],
    ['data:text/html,<script>alert(1)</script>', null],
  ])('a report’s result links %s only when it is http(s)', (dashboardUrl, href) => {
    const root = mount(<ReportResult report={report(dashboardUrl)} />);
    expect(root.querySelector('a')?.getAttribute('href') ?? null).toBe(href);
    expect(root.textContent).toContain('inc_1');
  });

  it.each([
    ['https://dash.example/inc_1', 'https://dash.example/inc_1'],
    ['javascript:alert(1)', null],
  ])('the incident page links %s only when it is http(s)', async (dashboardUrl, href) => {
    globalThis.indexedDB = new IDBFactory();
    await putReport(report(dashboardUrl));
    // A second incident's link, read after the first: once it shows, the first was read too (no fixed wait).
    const other = report('https://dash.example/inc_2');
    await putReport({ ...other, id: 'rep_2', incident: { id: 'inc_2', dashboardUrl: 'https://dash.example/inc_2' } });
    const root = mount(
      <>
        <div id="first">
          <DashboardLink incidentId="inc_1" />
        </div>
        <DashboardLink incidentId="inc_2" />
      </>,
    );
    await vi.waitFor(() => expect(root.querySelector('a[href="https://dash.example/inc_2"]')).not.toBeNull());
    expect(root.querySelector('#first a')?.getAttribute('href') ?? null).toBe(href);
  });
});
