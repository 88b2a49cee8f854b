import { describe, expect, it } from 'vitest';
import { isServiceLink, keepServiceLinks, serviceHost } from '@/utils/backup/backup-links';
import { changesNothing, planImport } from '@/utils/backup/backup-plan';
import { DEFAULT_SETTINGS } from '@/utils/settings/settings';
import { storedReport } from './backup-fixtures';

// Dashboard links of an imported file are kept only under the connected
// service's own host: a hand-edited file cannot point "Open in dashboard" elsewhere.

describe('a dashboard link of a backup', () => {
  it.each<[string, string, string | null, boolean]>([
    ['on the service host', 'https://api.example/incidents/inc_1', 'api.example', true],
    ['on a subdomain', 'https://dash.api.example/incidents/inc_1', 'api.example', true],
    ['on a deeper subdomain', 'https://eu.dash.api.example/i/1', 'api.example', true],
    ['on another host', 'https://evil.example/incidents/inc_1', 'api.example', false],
    ['on a host that only ends like it', 'https://evilapi.example/incidents/inc_1', 'api.example', false],
    ['on a parent of the service host', 'https://example/incidents/inc_1', 'api.example', false],
    ['with the host in its path', 'https://evil.example/api.example/inc_1', 'api.example', false],
    ['http on the service host', 'http://api.example/incidents/inc_1', 'api.example', false],
    ['http on a foreign host', 'http://evil.example/incidents/inc_1', 'api.example', false],
    ['http on the loopback sandbox', 'http://127.0.0.1:8787/dashboard/inc_1', '127.0.0.1', true],
    ['http on another loopback address', 'http://127.0.0.2:8787/dashboard/inc_1', '127.0.0.1', false],
    ['javascript:', 'javascript:alert(1)', 'api.example', false],
    ['not a URL', 'dashboard', 'api.example', false],
    ['with no service connected', 'https://api.example/incidents/inc_1', null, false],
  ])('%s: kept %s', (_name, link, host, kept) => {
    expect(isServiceLink(link, host)).toBe(kept);
  });

  it.each([
    ['https://api.example/tenant', 'api.example'],
    ['http://127.0.0.1:8787', '127.0.0.1'],
    ['', null],
    [null, null],
  ])('the host of the connection %s is %s', (baseUrl, host) => {
    expect(serviceHost(baseUrl)).toBe(host);
  });
});

describe('the reports of a backup', () => {
  const foreign = storedReport('foreign', {
    outcome: { status: 'reported', id: 'inc_foreign', dashboardUrl: 'https://evil.example/inc_foreign' },
    incident: { id: 'inc_foreign', dashboardUrl: 'http://evil.example/inc_foreign', status: 'closed' },
  });
  const sub = storedReport('sub', {
    outcome: { status: 'reported', id: 'inc_sub', dashboardUrl: 'https://dash.api.example/inc_sub' },
    incident: { id: 'inc_sub', dashboardUrl: 'https://dash.api.example/inc_sub' },
  });

  it("lose each link under another host, counted; keep a subdomain's; keep the reports", () => {
    const { reports, dropped } = keepServiceLinks([foreign, sub], 'api.example');
    expect(dropped).toBe(2);
    expect(reports).toHaveLength(2);
    expect(reports[0]!.outcome).toEqual({ status: 'reported', id: 'inc_foreign' });
    expect(reports[0]!.incident).toEqual({ id: 'inc_foreign', status: 'closed' });
    expect(reports[1]).toEqual(sub);
  });

  it('say in the plan how many links were left out and under which host', () => {
    const plan = planImport(
      { settings: null, reports: [foreign, sub], problems: [] },
      { current: DEFAULT_SETTINGS, policy: { settings: {}, evidence: {} }, host: 'api.example', storedIds: new Set(['sub']) },
    );
    expect(plan.problems).toEqual([{ kind: 'dashboard_links_dropped', count: 2, host: 'api.example' }]);
    expect(plan.newReports).toBe(1);
    expect(plan.reports[0]!.incident?.dashboardUrl).toBeUndefined();
    expect(plan.reports[1]!.incident?.dashboardUrl).toBe('https://dash.api.example/inc_sub');
  });

  it('say nothing of links when every one is kept', () => {
    const plan = planImport({ settings: null, reports: [sub], problems: [] }, { current: DEFAULT_SETTINGS, policy: { settings: {}, evidence: {} }, host: 'api.example', storedIds: new Set() });
    expect(plan.problems).toEqual([]);
    expect(changesNothing(plan)).toBe(false);
  });

  it('need no preview when all are here already and no setting changes', () => {
    const plan = planImport(
      { settings: DEFAULT_SETTINGS, reports: [sub], problems: [] },
      { current: DEFAULT_SETTINGS, policy: { settings: {}, evidence: {} }, host: 'api.example', storedIds: new Set(['sub']) },
    );
    expect(changesNothing(plan)).toBe(true);
  });
});
