import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { Window } from 'happy-dom';
import { render } from 'preact';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { BackgroundService } from '@/utils/messaging/service-types';
import { registerBackgroundService } from '@/utils/messaging/serve-pages';
import { discardReport } from '@/utils/report/outbox-upkeep';
import { sendAsPage } from '../messaging/as-page';
import { IncidentView } from '@/components/incident/incident-view';
import { MyReports } from '@/components/my-reports/my-reports';
import { useReports } from '@/components/my-reports/use-reports';
import { DetailedIncident, type Incident } from '@/utils/api/schemas/incident';
import type { OutboxReport } from '@/utils/storage/report-types';
import { DEFAULT_SETTINGS, type Settings } from '@/utils/settings/settings';
import { closeReportsDb, putReport, putWatchedIncidents } from '@/utils/storage/reports-db';
import { connectionItem } from '@/utils/storage/connection';

// "My reports" as the options page shows it, over a fake IndexedDB, in a
// happy-dom window of its own. happy-dom lays nothing out, so boxes are given
// sizes: a list 400 px high, rows of 40 px. It does not scroll, so the
// #report-<id> target is left to tests/e2e/my-reports.spec.ts.

const window = new Window({ url: 'chrome-extension://test/options.html' });
const document = window.document as unknown as Document;
const heightOf = (element: { classList: DOMTokenList }) => (element.classList.contains('report-scroll') ? 400 : 40);
for (const property of ['clientHeight', 'offsetHeight']) {
  Object.defineProperty(window.HTMLElement.prototype, property, {
    get: function (this: { classList: DOMTokenList }) {
      return heightOf(this);
    },
  });
}
window.HTMLElement.prototype.getBoundingClientRect = function (this: { classList: DOMTokenList }) {
  const height = heightOf(this);
  return { x: 0, y: 0, top: 0, left: 0, right: 800, bottom: height, width: 800, height, toJSON: () => ({}) } as never;
};
/** happy-dom's ResizeObserver never reports: this one reports each box it is given once, a task later, as a browser does after the frame's layout. */
class LaidOutResizeObserver {
  constructor(private readonly report: (entries: unknown[], observer: unknown) => void) {}
  observe(element: { classList: DOMTokenList; getBoundingClientRect(): DOMRect }): void {
    const height = heightOf(element);
    setTimeout(() => this.report([{ target: element, contentRect: element.getBoundingClientRect(), borderBoxSize: [{ blockSize: height, inlineSize: 800 }] }], this));
  }
  unobserve(): void {}
  disconnect(): void {}
}
Object.assign(window, { ResizeObserver: LaidOutResizeObserver });
beforeAll(() => {
  Object.assign(globalThis, { document, location: window.location, confirm: () => true });
});
afterAll(async () => {
  for (const name of ['document', 'location', 'confirm']) delete (globalThis as Record<string, unknown>)[name];
  await window.happyDOM.close();
});

let root: HTMLElement;
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(async () => {
  render(null, root);
  document.body.innerHTML = '';
  await closeReportsDb();
});

const at = (hour: number) => new Date(Date.UTC(2026, 0, 1, hour)).toISOString();

function report(id: string, hour: number, extra: Partial<OutboxReport> = {}): OutboxReport {
  return {
    id,
    createdAt: at(hour),
    updatedAt: at(hour),
    state: 'sent',
    action: 'tkd',
    subject: { type: 'url', value: `https://${id}.example/` },
    fields: {},
    files: [],
    origin: 'menu',
    attempts: 1,
    ...extra,
  };
}

/** My reports as the options page holds it: the page reads the sources and hands them down. */
function Page({ settings }: { settings: Settings }) {
  return <MyReports settings={settings} sources={useReports()} />;
}

async function shown(settings: Partial<Settings> = {}): Promise<void> {
  render(<Page settings={{ ...DEFAULT_SETTINGS, ...settings }} />, root);
  await vi.waitFor(() => expect(root.querySelector('tr.report-row')).not.toBeNull());
}

const count = () => root.querySelector('.report-count')?.textContent;
const subjects = () => [...root.querySelectorAll('tr.report-row')].map((row) => row.querySelectorAll('td')[2]!.textContent);
const header = (name: string) => [...root.querySelectorAll('th')].find((th) => th.textContent?.startsWith(name))!;

async function seedThree(): Promise<void> {
  await putReport(report('alpha', 1, { incident: { id: 'inc_alpha', status: 'pending_review' }, fields: { clientId: 'cl_bank' } }));
  await putReport(report('bravo', 3, { state: 'failed', lastProblem: { kind: 'server_error', status: 502 } }));
  await putWatchedIncidents([{ id: 'inc_det', fetchedAt: at(2), statusSeenAt: at(2), incident: { id: 'inc_det', source: 'SERVICE_DETECTED' } as Incident }]);
}

describe('My reports', () => {
  it('lists reports and, with the switch on, the account’s other incidents, newest change first; absent values read "—"', async () => {
    await seedThree();
    performance.clearMarks();
    await shown({ includeAccountIncidents: true });
    expect(count()).toBe('3 of 3');
    // Its renders leave one mark, the one the bench reads (a debugging mark per render once grew the page's timeline).
    expect(new Set(performance.getEntriesByType('mark').map((mark) => mark.name))).toEqual(new Set(['my-reports-rows']));
    expect(subjects()).toEqual(['https://bravo.example/', '—Incident inc_det', 'https://alpha.example/Incident inc_alpha']);
    const detected = root.querySelectorAll('tr.report-row')[1]!;
    expect([...detected.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'status not given',
      '—',
      '—Incident inc_det',
      '—',
      '—',
      'Detected by the service',
      '—',
      expect.any(String),
      'Open',
    ]);
    expect(detected.querySelector('a')?.getAttribute('href')).toBe('/incident.html#inc_det');
    expect(detected.querySelector('a')?.getAttribute('target')).toBe('_blank');
    // The failed report can be sent again from its row; the attention line counts it.
    expect(root.querySelectorAll('tr.report-row')[0]!.querySelector('[data-report-state="failed"]')?.textContent).toContain('Send again');
    expect(root.textContent).toContain('1 report needs your attention below.');
    expect(header('Last update').getAttribute('aria-sort')).toBe('descending');
  });

  it('says the same words as the incident view for the same incident: status, type, client and source', async () => {
    await connectionItem.setValue({
      baseUrl: 'https://service.example',
      origin: 'https://service.example',
      keyHint: '••••abcd',
      clients: [{ id: 'cl_acme', name: 'Acme Holdings', active: true }],
      clientsSource: 'clients',
      skippedClients: 0,
      verifiedAt: at(0),
    });
    const mine = { id: 'inc_same', status: 'pending_review', incidentType: 'page', clientId: 'cl_acme', source: 'CLIENT_REPORTED', url: 'https://same.example/' };
    const detected = { id: 'inc_ip', status: 'under_legal_review', incidentType: 'ipv4', clientId: 'cl_acme', source: 'SERVICE_DETECTED', subject: '203.0.113.9' };
    await putReport(report('same', 5, { incident: { id: 'inc_same', status: 'pending_review' }, fields: { clientId: 'cl_acme' } }));
    await putWatchedIncidents([mine, detected].map((incident) => ({ id: incident.id, fetchedAt: at(5), statusSeenAt: at(5), incident: incident as Incident })));
    await shown({ includeAccountIncidents: true });
    const cells = (row: Element) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);
    const rowOf = (subject: string) => [...root.querySelectorAll('tr.report-row')].find((row) => row.textContent?.includes(subject))!;
    await vi.waitFor(() => expect(cells(rowOf('https://same.example/'))[3]).toBe('Acme Holdings'));

    for (const [incident, subject] of [
      [mine, 'https://same.example/'],
      [detected, '203.0.113.9'],
    ] as const) {
      const view = document.createElement('div');
      document.body.append(view);
      render(<IncidentView incident={DetailedIncident.parse(incident)} />, view);
      const fact = (term: string) => [...view.querySelectorAll('.facts .fact')].find((row) => row.querySelector('dt')?.textContent === term)?.querySelector('dd')?.textContent;
      await vi.waitFor(() => expect(fact('Client')).toBe('Acme Holdings'));
      const [status, type, , client, , source] = cells(rowOf(subject));
      expect(status).toBe(view.querySelector('.status-chip')?.textContent);
      expect(type).toBe(fact('Type'));
      expect(client).toBe(fact('Client'));
      if (incident === detected) expect(source).toBe(fact('Source'));
      render(null, view);
    }
    expect(cells(rowOf('https://same.example/')).slice(0, 4)).toEqual(['Pending review', 'Web page', 'https://same.example/Incident inc_same', 'Acme Holdings']);
    expect(cells(rowOf('203.0.113.9'))).toEqual(expect.arrayContaining(['Other (under_legal_review)', 'IP address', 'Detected by the service']));
  });

  it('with the switch off, lists only this extension’s reports', async () => {
    await seedThree();
    await shown({ includeAccountIncidents: false });
    expect(count()).toBe('2 of 2');
    expect(subjects()).toEqual(['https://bravo.example/', 'https://alpha.example/Incident inc_alpha']);
  });

  it('sorts by a header, each click the other way, and says so with aria-sort', async () => {
    await seedThree();
    await shown({ includeAccountIncidents: true });
    header('Subject').querySelector('button')!.click();
    await vi.waitFor(() => expect(header('Subject').getAttribute('aria-sort')).toBe('ascending'));
    expect(header('Last update').hasAttribute('aria-sort')).toBe(false);
    expect(subjects()).toEqual(['https://alpha.example/Incident inc_alpha', 'https://bravo.example/', '—Incident inc_det']);
    header('Subject').querySelector('button')!.click();
    await vi.waitFor(() => expect(header('Subject').getAttribute('aria-sort')).toBe('descending'));
    expect(subjects()).toEqual(['https://bravo.example/', 'https://alpha.example/Incident inc_alpha', '—Incident inc_det']);
  });

  it('filters by a select and by the search; the field keeps each keystroke while the table follows', async () => {
    await seedThree();
    await shown({ includeAccountIncidents: true });
    const source = root.querySelector<HTMLSelectElement>('#reports-filter-source')!;
    expect([...source.options].map((option) => option.textContent)).toEqual(['All', 'Detected by the service', 'This extension']);
    source.value = 'extension';
    source.dispatchEvent(new window.Event('change', { bubbles: true }) as unknown as Event);
    await vi.waitFor(() => expect(count()).toBe('2 of 3'));

    const search = root.querySelector<HTMLInputElement>('#reports-search')!;
    search.value = 'ALPHA';
    search.dispatchEvent(new window.Event('input', { bubbles: true }) as unknown as Event);
    expect(search.value).toBe('ALPHA');
    await vi.waitFor(() => expect(count()).toBe('1 of 3'));
    expect(subjects()).toEqual(['https://alpha.example/Incident inc_alpha']);
  });

  it('a select chosen after a search keeps the search (the selects are kept across keystrokes)', async () => {
    await seedThree();
    await shown({ includeAccountIncidents: true });
    const search = root.querySelector<HTMLInputElement>('#reports-search')!;
    search.value = 'inc_';
    search.dispatchEvent(new window.Event('input', { bubbles: true }) as unknown as Event);
    await vi.waitFor(() => expect(count()).toBe('2 of 3'));
    const source = root.querySelector<HTMLSelectElement>('#reports-filter-source')!;
    source.value = 'extension';
    source.dispatchEvent(new window.Event('change', { bubbles: true }) as unknown as Event);
    await vi.waitFor(() => expect(count()).toBe('1 of 3'));
    expect(search.value).toBe('inc_');
    expect(subjects()).toEqual(['https://alpha.example/Incident inc_alpha']);
  });

  it('keeps only the rows in view in the DOM, and tells assistive tech the whole size', async () => {
    for (let n = 0; n < 500; n++) await putReport(report(`r${n}`, n % 24));
    await shown();
    expect(count()).toBe('500 of 500');
    expect(root.querySelector('table')?.getAttribute('aria-rowcount')).toBe('501');
    const rendered = root.querySelectorAll('tr.report-row').length;
    expect(rendered).toBeGreaterThanOrEqual(10);
    expect(rendered).toBeLessThan(30);
  });

  it('paints the rows in view first, and those rendered beyond them after that paint', async () => {
    vi.stubGlobal('innerHeight', 720);
    const preview = { reports: Array.from({ length: 40 }, (_, n) => report(`p${n}`, n % 24)), watched: [] };
    render(<MyReports settings={DEFAULT_SETTINGS} sources={{ reports: null, watched: null, preview, total: 40, refresh: {}, problem: null, reloadReports: () => undefined }} />, root);
    const rows = () => root.querySelectorAll('tr.report-row').length;
    // Before anything is measured: a scroller 70 % of the window tall (504 px), the header's 40 px, rows of 45: 11 rows, none beyond.
    expect(rows()).toBe(11);
    vi.unstubAllGlobals();
    // Once painted and measured (a 400 px box, rows of 40: 9 in view), the 8 beyond them too.
    await vi.waitFor(() => expect(rows()).toBe(17));
  });

  it('a report received without a readable id says so, offers "Look it up again" and never "Send again"', async () => {
    await putReport(report('charlie', 4, { outcome: { status: 'unconfirmed', httpStatus: 200 } }));
    await putReport(report('delta', 3, { state: 'unknown', lastProblem: { kind: 'timeout' } }));
    await shown();
    const rowOf = (id: string) => root.querySelector(`#report-${id}`)!;
    await vi.waitFor(() => expect(rowOf('charlie')).not.toBeNull());
    const buttons = (id: string) => [...rowOf(id).querySelectorAll('td:first-child button')].map((button) => button.textContent);
    expect(rowOf('charlie').querySelector('td:first-child .hint')?.textContent).toBe('Received by the service; its incident id could not be read.');
    expect(buttons('charlie')).toEqual(['Look it up again']);
    expect(buttons('delta')).toEqual(['Check whether it arrived', 'Send again']);
  });

  it('deletes a report from its row, after asking, through the background (the one door of the report store)', async () => {
    // The background as the worker registers it, answering this page's calls (utils/messaging/serve-pages.ts).
    registerBackgroundService({ reports: { discard: discardReport } } as unknown as BackgroundService);
    sendAsPage('options');
    onTestFinished(() => fakeBrowser.reset());
    await seedThree();
    await shown();
    const remove = [...root.querySelectorAll('button')].find((button) => button.getAttribute('aria-label') === 'Delete the report of https://alpha.example/')!;
    remove.click();
    await vi.waitFor(() => expect(count()).toBe('1 of 1'));
    expect(subjects()).toEqual(['https://bravo.example/']);
  });

  it('says when the reports kept in this browser cannot be read, instead of loading for ever, and offers to reload the page', async () => {
    const unreadable = { reports: null, watched: null, preview: null, total: null, refresh: {}, problem: { kind: 'reports_unreadable' as const }, reloadReports: () => undefined };
    const sentence = 'The reports kept in this browser could not be read. Nothing was deleted; reload the page to try again. Reload the page';
    render(<MyReports settings={DEFAULT_SETTINGS} sources={unreadable} />, root);
    await vi.waitFor(() => expect(root.querySelector('p.problem')?.textContent).toBe(sentence));
    expect(root.querySelector('p.problem button')?.textContent).toBe('Reload the page');
    expect(root.querySelector('.status-pending')).toBeNull();
    // With the first page in: its rows stay, and the line that waited for the rest gives way to the problem.
    const preview = { reports: [report('alpha', 1)], watched: [] };
    render(<MyReports settings={DEFAULT_SETTINGS} sources={{ ...unreadable, preview }} />, root);
    await vi.waitFor(() => expect(subjects()).toEqual(['https://alpha.example/']));
    expect(root.querySelector('p.problem')?.textContent).toBe(sentence);
    expect(root.querySelector('.report-loading')).toBeNull();
  });

  it('shows the first page while the rest loads, with no filters until all are read; a notification’s target waits for all', async () => {
    const preview = { reports: [report('alpha', 1), report('bravo', 3)], watched: [] };
    const loading = { reports: null, watched: null, preview, total: 5000, refresh: {}, problem: null, reloadReports: () => undefined };
    // The first page shows before the reports are counted.
    render(<MyReports settings={DEFAULT_SETTINGS} sources={{ ...loading, total: null }} />, root);
    await vi.waitFor(() => expect(subjects()).toEqual(['https://bravo.example/', 'https://alpha.example/']));
    expect(root.querySelector('.report-loading')?.textContent).toBe('Showing the latest 2 while all reports load…');
    render(<MyReports settings={DEFAULT_SETTINGS} sources={loading} />, root);
    await vi.waitFor(() => expect(root.querySelector('.report-loading')?.textContent).toBe('Showing the latest 2 while all 5,000 reports load…'));
    expect(root.querySelector('#reports-search')).toBeNull();

    render(<MyReports settings={DEFAULT_SETTINGS} sources={{ ...loading, reports: [report('charlie', 5), ...preview.reports], watched: [], preview: null }} />, root);
    await vi.waitFor(() => expect(count()).toBe('3 of 3'));
    expect(root.querySelector('.report-loading')).toBeNull();
    expect(root.querySelector('#reports-search')).not.toBeNull();

    render(null, root);
    window.location.hash = '#report-alpha';
    try {
      render(<MyReports settings={DEFAULT_SETTINGS} sources={loading} />, root);
      await vi.waitFor(() => expect(root.textContent).toBe('Loading reports…'));
      expect(subjects()).toEqual([]);
    } finally {
      window.location.hash = '';
    }
  });
  it('lists a keystroke’s rows at once, in the task of the keystroke, not a frame later', async () => {
    const sources = { reports: [report('alpha', 1), report('bravo', 3)], watched: [], preview: null, total: 2, refresh: {}, problem: null, reloadReports: () => undefined };
    render(<MyReports settings={DEFAULT_SETTINGS} sources={sources} />, root);
    await vi.waitFor(() => expect(count()).toBe('2 of 2'));
    const search = root.querySelector<HTMLInputElement>('#reports-search')!;
    search.value = 'bravo';
    search.dispatchEvent(new window.Event('input', { bubbles: true }) as unknown as Event);
    // Preact renders in a microtask: no timer, no frame in between.
    for (let tick = 0; tick < 5; tick++) await Promise.resolve();
    expect(count()).toBe('1 of 2');
    expect(subjects()).toEqual(['https://bravo.example/']);
  });

  it('renders a keystroke’s rows in view only, and those beyond them after its paint', async () => {
    const sources = { reports: Array.from({ length: 40 }, (_, n) => report(`p${n}`, n % 24)), watched: [], preview: null, total: 40, refresh: {}, problem: null, reloadReports: () => undefined };
    render(<MyReports settings={DEFAULT_SETTINGS} sources={sources} />, root);
    const rows = () => root.querySelectorAll('tr.report-row').length;
    // Measured (a 400 px box, rows of 40: 9 in view), the 8 beyond them too.
    await vi.waitFor(() => expect(rows()).toBe(17));
    const search = root.querySelector<HTMLInputElement>('#reports-search')!;
    search.value = 'example';
    search.dispatchEvent(new window.Event('input', { bubbles: true }) as unknown as Event);
    for (let tick = 0; tick < 5; tick++) await Promise.resolve();
    expect(count()).toBe('40 of 40');
    expect(rows()).toBe(9);
    await vi.waitFor(() => expect(rows()).toBe(17));
  });

  it('a keystroke shows the rows found in the row elements already there (no rows built and removed), each element saying its own report', async () => {
    const reports = Array.from({ length: 40 }, (_, n) => report(`p${n}`, n % 24, n % 2 ? {} : { incident: { id: `inc_p${n}`, status: 'pending_review' } }));
    render(<MyReports settings={DEFAULT_SETTINGS} sources={{ reports, watched: [], preview: null, total: 40, refresh: {}, problem: null, reloadReports: () => undefined }} />, root);
    await vi.waitFor(() => expect(root.querySelectorAll('tr.report-row')).toHaveLength(17));
    const elements = [...root.querySelectorAll('tr.report-row')];
    const search = root.querySelector<HTMLInputElement>('#reports-search')!;
    search.value = 'p1';
    search.dispatchEvent(new window.Event('input', { bubbles: true }) as unknown as Event);
    for (let tick = 0; tick < 5; tick++) await Promise.resolve();
    expect(count()).toBe('11 of 40');
    // The rows in view (9 of the 11 found) in the elements that showed the first 9 before.
    const rows = [...root.querySelectorAll('tr.report-row')];
    expect(rows).toHaveLength(9);
    expect(rows.map((row, index) => row === elements[index])).toEqual(rows.map(() => true));
    // Each element now says the report it shows: its id, place, subject, incident and delete label.
    const ids = rows.map((row) => row.id.replace('report-', ''));
    expect(new Set(ids).size).toBe(9);
    for (const id of ids) expect(id).toMatch(/^p1\d?$/);
    rows.forEach((row, index) => {
      const id = ids[index]!;
      expect(row.getAttribute('aria-rowindex')).toBe(String(index + 2));
      expect(row.querySelectorAll('td')[2]!.textContent).toBe(`https://${id}.example/${Number(id.slice(1)) % 2 ? '' : `Incident inc_${id}`}`);
      expect(row.querySelector('button')?.getAttribute('aria-label')).toContain(`https://${id}.example/`);
      expect(row.querySelector('a')?.getAttribute('href') ?? null).toBe(Number(id.slice(1)) % 2 ? null : `/incident.html#inc_${id}`);
    });
  });

  it('over 1,000 rows, the scroll height stands for all of them, and the last ones show once scrolled down to', async () => {
    const start = Date.UTC(2026, 0, 1);
    const reports = Array.from({ length: 1000 }, (_, n) => ({ ...report(`r${n}`, 0), updatedAt: new Date(start + n * 60_000).toISOString() }));
    render(<MyReports settings={DEFAULT_SETTINGS} sources={{ reports, watched: [], preview: null, total: 1000, refresh: {}, problem: null, reloadReports: () => undefined }} />, root);
    await vi.waitFor(() => expect(count()).toBe('1,000 of 1,000'));
    const spacers = () => [...root.querySelectorAll<HTMLElement>('.report-spacer td')].reduce((sum, cell) => sum + parseFloat(cell.style.height), 0);
    const height = () => spacers() + root.querySelectorAll('tr.report-row').length * 40;
    expect(height()).toBeGreaterThan(1000 * 40);
    const scroller = root.querySelector<HTMLElement>('.report-scroll')!;
    for (let step = 0; step < 3 && !subjects().includes('https://r0.example/'); step++) {
      const bottom = height();
      Object.defineProperty(scroller, 'scrollTop', { configurable: true, get: () => bottom - 400 });
      const last = subjects().at(-1);
      scroller.dispatchEvent(new window.Event('scroll') as unknown as Event);
      // Scrolled to the bottom of what is laid out: further rows come in.
      await vi.waitFor(() => expect(subjects().at(-1)).not.toBe(last));
    }
    await vi.waitFor(() => expect(subjects().at(-1)).toBe('https://r0.example/'));
  });
});
