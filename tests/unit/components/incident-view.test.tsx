import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { IncidentView } from '@/components/incident/incident-view';
import { createIncidentApi } from '@/utils/api/client';
import { DetailedIncident } from '@/utils/api/schemas/incident';
import { findIncident } from '@/utils/incidents/find-incident';
import { closeReportsDb, putReport } from '@/utils/storage/reports-db';
import { useSandbox } from '../../sandbox/test-helpers.ts';
import { useDomWindow } from './dom';

// The incident view over what the real client reads from the sandbox: the
// richest seeded incident, and one with nothing but its required fields.
// The DOM is a happy-dom window of its own, so fetch stays Node's (happy-dom's
// would apply a page's same-origin policy to the sandbox).

const { mount } = useDomWindow();

const harness = useSandbox();
const api = () => createIncidentApi({ baseUrl: harness.sbx.baseUrl, apiKey: harness.sbx.keys.managed });

const shown = (incident: DetailedIncident): HTMLElement => mount(<IncidentView incident={incident} />);

describe('the incident view', () => {
  it('shows every part of a rich incident', async () => {
    const lookup = await findIncident(api(), { subject: 'https://acme-account-verify.test/account/verify' });
    expect(lookup.found).toBe(true);
    const root = shown((lookup as { incident: DetailedIncident }).incident);
    const text = root.textContent ?? '';
    expect(root.querySelector('.status-chip')?.textContent).toBe('Taken down');
    expect(root.querySelector('.status-chip')?.className).toBe('status-chip tone-done');
    for (const part of ['Taken down successfully.', 'Web page', 'History', 'State of the site', 'Blocklists', 'What the captures found', 'WHOIS', 'Certificate', 'Hosting', 'DNS', 'Page']) {
      expect(text).toContain(part);
    }
    expect(root.querySelectorAll('.timeline-entry').length).toBeGreaterThan(2);
    expect([...root.querySelectorAll('.timeline-entry')].map((entry) => entry.getAttribute('data-author'))).toEqual(expect.arrayContaining(['system', 'client']));
    expect(root.querySelectorAll('.listings li')).toHaveLength(4);
    expect(text).toContain('submitted (protection in progress)');
    expect(text).toContain('listed (confirmed live)');
    // Only http(s) links are made links.
    for (const link of root.querySelectorAll('.listings a')) expect(link.getAttribute('href')).toMatch(/^https?:\/\//);
  });

  it('shows an incident with only its required fields: unknowns are "not given", absent parts "not captured"', () => {
    const minimal = DetailedIncident.parse({ id: 'inc_min', someFutureField: { x: 1 } });
    const root = shown(minimal);
    const text = root.textContent ?? '';
    expect(root.querySelector('h2')?.textContent).toBe('inc_min');
    expect(root.querySelector('.status-chip')?.textContent).toBe('status not given');
    expect(text).toContain('History');
    expect(text).toContain('No history entries yet.');
    expect(text).toContain('Not submitted to any blocklist yet.');
    expect(root.querySelectorAll('.incident-section .hint')).not.toHaveLength(0);
    expect(text).toContain('Not checked yet.');
    expect(text.match(/not captured/g)).toHaveLength(1);
  });

  /** The sentences of the site's state, as the view shows them. */
  const siteSentences = (incidentState: unknown): string[] =>
    [...shown(DetailedIncident.parse({ id: 'inc_site', incidentState })).querySelectorAll('.site-facts li')].map((item) => item.textContent ?? '');
  const siteNote = (incidentState: unknown): string | null | undefined => shown(DetailedIncident.parse({ id: 'inc_site', incidentState })).querySelector('.site-facts-none')?.textContent;

  it.each([
    ['does not respond', { responsive: false, unresponsive: true }, ['The site no longer responds.']],
    ['removed, redirecting, warned', { contentRemoved: true, redirect: true, warningBanner: true, responsive: null }, ['The content was removed.', 'The site redirects.', 'Browsers show a warning.']],
    ['responds and does not respond: inconclusive, never both', { responsive: true, unresponsive: true }, ["The check was inconclusive: the site's state could not be determined."]],
    ['responds', { responsive: true, unresponsive: false, contentRemoved: null }, ['The site responds.']],
  ])('says the site’s state as the facts the service asserts: %s', (_name, state, sentences) => {
    expect(siteSentences(state)).toEqual(sentences);
  });

  it.each([
    ['no state at all', undefined, 'Not checked yet.'],
    ['false for both responds and does not respond', { responsive: false, unresponsive: false, contentRemoved: null, redirect: false }, 'Not checked yet.'],
    ['nothing asserted by a dated scan', { responsive: false, unresponsive: false, timestamp: '2026-11-20T10:00:00Z' }, 'The last check reported no state of the site.'],
  ])('never makes a "no" of false or null: %s reads "%s"', (_name, state, note) => {
    expect(siteNote(state)).toBe(note);
    expect(siteSentences(state)).toEqual([]);
    expect(document.body.textContent).not.toMatch(/Does not respond|Responds|undetermined/);
  });

  /** Insights with one flag set to `value` (undefined: the key absent) inside a category that is present. */
  function insightsWith(flag: string, value: boolean | null | undefined): Record<string, unknown> {
    const set = (object: Record<string, unknown>) => (value === undefined ? object : { ...object, [flag]: value });
    switch (flag) {
      case 'isNewDomain':
      case 'isExpired':
        return { whois: set({ domainAgeDays: 3 }) };
      case 'isValid':
        return { certificate: set({ issuer: 'R3' }) };
      case 'cdnDetected':
        return { hosting: set({ providers: [] }) };
      case 'isCdn':
        return { hosting: { cdnDetected: false, providers: [set({ ip: '203.0.113.7', abuseEmails: [] })] } };
      default:
        return { indicators: { redirectChain: [], scrapeRoute: set({ country: 'NL' }) } };
    }
  }

  it.each(
    ['isNewDomain', 'isExpired', 'isValid', 'cdnDetected', 'isCdn', 'mobileExit'].flatMap(
      (flag) =>
        [
          [flag, true, 'Yes'],
          [flag, false, 'No'],
          [flag, null, 'undetermined'],
          [flag, undefined, 'undetermined'],
        ] as const,
    ),
  )('reads the insight %s = %s as "%s": null and absent are never "no"', (flag, value, label) => {
    const root = shown(DetailedIncident.parse({ id: 'inc_insight', insights: { snapshotTimestamp: '2026-11-20T10:00:00Z', ...insightsWith(flag, value) } }));
    expect(root.querySelector(`[data-insight="${flag}"] dd`)?.textContent).toBe(label);
  });

  it('marks a new domain and an invalid certificate, and nothing when they are unknown', () => {
    const alerts = (insights: Record<string, unknown>) =>
      [...shown(DetailedIncident.parse({ id: 'inc_alert', insights })).querySelectorAll('.fact.alert')].map((row) => row.getAttribute('data-insight'));
    expect(alerts({ whois: { isNewDomain: true }, certificate: { isValid: false } })).toEqual(['isNewDomain', 'isValid']);
    document.body.innerHTML = '';
    expect(alerts({ whois: { isNewDomain: null }, certificate: { isValid: null } })).toEqual([]);
  });

  it('links the dashboard when a report from this browser got the link, and shows none otherwise', async () => {
    await putReport({
      id: 'r_dash',
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      state: 'sent',
      action: 'tkd',
      subject: { type: 'url', value: 'https://x.example/' },
      fields: {},
      files: [],
      origin: 'popup',
      attempts: 1,
      incident: { id: 'inc_dash', dashboardUrl: 'https://dashboard.example/incidents/inc_dash' },
    });
    const linked = shown(DetailedIncident.parse({ id: 'inc_dash' }));
    const other = shown(DetailedIncident.parse({ id: 'inc_other' }));
    // The link comes after a database read: polled for, not waited a fixed time (a busy machine missed 50 ms).
    await vi.waitFor(() => expect(linked.querySelector('a.dashboard-link')?.getAttribute('href')).toBe('https://dashboard.example/incidents/inc_dash'));
    expect(other.querySelector('a.dashboard-link')).toBeNull();
    await closeReportsDb();
  });

  it('shows a hostile answer as inert text: markup stays text, script and data links are not links, hidden direction changes are shown', () => {
    const root = shown(
      DetailedIncident.parse({
        id: 'inc_hostile',
        subject: 'https://evil.example/\u202Egpj.exe',
        history: [{ timestamp: '2026-11-20T10:00:00Z', message: '<img src=x onerror="alert(1)"><b>bold</b>', author: 'analyst@service.example' }],
        blocklists: [
          { authority: 'Script', type: 'blocklist', status: 'listed', listedAt: '2026-11-20T10:00:00Z', link: 'javascript:alert(1)' },
          { authority: 'Data', type: 'blocklist', status: 'listed', listedAt: '2026-11-20T10:00:00Z', link: 'data:text/html,<script>alert(1)</script>' },
          { authority: 'Web', type: 'blocklist', status: 'listed', listedAt: '2026-11-20T10:00:00Z', link: 'https://list.example/entry' },
        ],
      }),
    );
    expect(root.querySelector('h2')?.textContent).toBe('https://evil.example/⟨U+202E⟩gpj.exe');
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('.incident b')).toBeNull();
    expect(root.textContent).toContain('<img src=x onerror="alert(1)"><b>bold</b>');
    expect([...root.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(['https://list.example/entry']);
  });

  it('shows the history newest first whatever order the service sends', () => {
    const root = shown(
      DetailedIncident.parse({
        id: 'inc_order',
        history: [
          { timestamp: '2026-11-01T10:00:00Z', message: 'Reported', author: 'Service System' },
          { timestamp: '2026-11-03T10:00:00Z', message: 'Taken down', author: 'Service System' },
          { timestamp: '2026-11-02T10:00:00Z', message: 'Approved', author: 'Client (soc@acme.example)' },
        ],
      }),
    );
    expect([...root.querySelectorAll('.timeline-message')].map((entry) => entry.textContent)).toEqual(['Taken down', 'Approved', 'Reported']);
  });

  it('an absent category reads "not captured", one present with nothing known reads "undetermined"', () => {
    const root = shown(DetailedIncident.parse({ id: 'inc_cat', insights: { snapshotTimestamp: null, whois: {} } }));
    const category = (id: string) => root.querySelector(`[data-category="${id}"]`)?.textContent ?? '';
    expect(category('whois')).toContain('undetermined');
    for (const id of ['certificate', 'hosting', 'dns', 'page', 'capture']) expect(category(id)).toContain('not captured');
  });
});

describe('findIncident', () => {
  it('finds by id and by subject, and tells "none" from a failure', async () => {
    const bySubject = await findIncident(api(), { subject: '203.0.113.10' });
    expect(bySubject).toMatchObject({ found: true, incident: { status: 'case_building' } });
    const id = (bySubject as { incident: DetailedIncident }).incident.id;
    expect(await findIncident(api(), { id })).toMatchObject({ found: true, incident: { id } });
    expect(await findIncident(api(), { subject: 'never-reported.example' })).toEqual({ found: false });
    expect(await findIncident(createIncidentApi({ baseUrl: harness.sbx.baseUrl, apiKey: 'sbx_wrong_key_0000' }), { id })).toEqual({
      found: null,
      problem: { kind: 'unauthorized', status: 401, serverMessage: 'Invalid or missing API key.', target: 'incident' },
    });
  });
});

describe('readIncidentExtras', () => {
  it('picks the incident’s takedown attempts from the resolutions and reads its snapshots', async () => {
    const { readIncidentExtras } = await import('@/utils/incidents/incident-service');
    const rich = (await findIncident(api(), { subject: 'https://acme-account-verify.test/account/verify' })) as { incident: DetailedIncident };
    const extras = await readIncidentExtras(api(), rich.incident.id);
    expect(extras.attempts).toMatchObject({ ok: true, listed: true, items: [{ outcome: 'failed' }, { outcome: 'success' }] });
    expect(extras.snapshots).toMatchObject({ ok: true });
    expect((extras.snapshots as { items: unknown[] }).items).toHaveLength(3);

    const inProgress = (await findIncident(api(), { subject: 'https://acme-wallet-connect.test/claim' })) as { incident: DetailedIncident };
    expect((await readIncidentExtras(api(), inProgress.incident.id)).attempts).toMatchObject({ ok: true, items: [{ outcome: null, resolvedAt: null }] });
  });

  it('says why a part could not be read, and keeps the other', async () => {
    const { readIncidentExtras } = await import('@/utils/incidents/incident-service');
    await harness.control('POST', 'faults', { method: 'GET', path: '/v1/incidents/resolutions', status: 503, times: 1 });
    const rich = (await findIncident(api(), { subject: 'https://acme-account-verify.test/account/verify' })) as { incident: DetailedIncident };
    const extras = await readIncidentExtras(api(), rich.incident.id);
    expect(extras.attempts).toEqual({ ok: false, problem: { kind: 'server_error', status: 503, serverMessage: 'Sandbox fault: HTTP 503.' } });
    expect(extras.snapshots.ok).toBe(true);
    // Not in the resolutions list at all: told apart from an incident listed with no attempt.
    expect(await readIncidentExtras(api(), 'inc_unknown')).toEqual({
      attempts: { ok: true, listed: false, items: [] },
      snapshots: { ok: false, problem: { kind: 'not_found', status: 404, serverMessage: 'Incident not found.', target: 'incident' } },
    });
  });
});
