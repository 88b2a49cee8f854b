import type { Worker } from '@playwright/test';
import type { Sandbox } from '../sandbox/server.ts';
import { test, expect } from './fixtures.ts';
import { connect } from './reporting-helpers.ts';
import { createIncidents, seedReports } from '../support/seed-extension.ts';

// The background status refresh against the sandbox: whole pages of
// GET /v1/incidents, never one request per report; a changed status becomes a
// notification and the toolbar badge counts what waits for the user.

interface LoggedRequest {
  method: string;
  path: string;
  query?: Record<string, string>;
}

async function sandboxRequests(sandbox: Sandbox): Promise<LoggedRequest[]> {
  return ((await (await fetch(`${sandbox.baseUrl}/__sandbox/requests`)).json()) as { data: LoggedRequest[] }).data;
}

declare const takedownReporterTest: { refresh(): Promise<unknown> };
declare const chrome: {
  notifications: { getAll(): Promise<Record<string, boolean>> };
  action: { getBadgeText(details: object): Promise<string> };
};

function refresh(worker: Worker): Promise<unknown> {
  return worker.evaluate(() => takedownReporterTest.refresh());
}

test.beforeEach(async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
});

test('a refresh over 1,000 followed reports asks for one page of incidents and nothing per id', async ({ sandbox, optionsPage, serviceWorker }) => {
  const ids = await createIncidents(sandbox.baseUrl, 1000);
  await optionsPage.open();
  await seedReports(optionsPage.page, ids);
  await fetch(`${sandbox.baseUrl}/__sandbox/requests`, { method: 'DELETE' });

  const started = Date.now();
  const state = (await refresh(serviceWorker)) as { requests: { listPages: number; perId: number }; problem?: unknown };
  const took = Date.now() - started;

  const requests = await sandboxRequests(sandbox);
  const lists = requests.filter((entry) => entry.method === 'GET' && entry.path === '/v1/incidents');
  const perId = requests.filter((entry) => entry.method === 'GET' && entry.path.startsWith('/v1/incident/'));
  // ceil(1000 / 5000) = 1 list request, and not one request per report.
  expect(lists).toHaveLength(Math.ceil(ids.length / 5000));
  expect(perId).toHaveLength(0);
  expect(state).toMatchObject({ requests: { listPages: 1, perId: 0 } });
  expect(state.problem).toBeUndefined();
  console.log(`refresh of ${ids.length} followed reports: ${lists.length} list request(s), ${perId.length} per-id, ${took} ms`);
});

test('a status changed in the sandbox shows after a refresh: a notification and the badge', async ({ sandbox, optionsPage, serviceWorker }) => {
  const ids = await createIncidents(sandbox.baseUrl, 3);
  await optionsPage.open();
  await seedReports(optionsPage.page, ids);
  await refresh(serviceWorker);
  expect(await serviceWorker.evaluate(() => chrome.notifications.getAll())).toEqual({});

  await fetch(`${sandbox.baseUrl}/__sandbox/incidents/${ids[1]}/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'approval_required' }),
  });
  await refresh(serviceWorker);

  // The notification comes just after the refresh's write.
  await expect.poll(() => serviceWorker.evaluate(() => chrome.notifications.getAll())).toEqual({ [`status:${ids[1]}`]: true });
  expect(await serviceWorker.evaluate(() => chrome.action.getBadgeText({}))).toBe('1');
});

test('Refresh now in My reports updates the row a changed status belongs to', async ({ sandbox, optionsPage, serviceWorker }) => {
  const ids = await createIncidents(sandbox.baseUrl, 2);
  await optionsPage.open('reports');
  await seedReports(optionsPage.page, ids);
  const page = optionsPage.page;
  await page.reload();
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(page.getByText(/^Statuses updated/)).toBeVisible();
  const row = page.locator('.report-row', { hasText: 'login-1.acme-phish.com' });
  await expect(row.locator('.status-chip')).toHaveText('Pending review');

  await fetch(`${sandbox.baseUrl}/__sandbox/incidents/${ids[1]}/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'takedown_success' }),
  });
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(row.locator('.status-chip')).toHaveText('Taken down');
  await expect(page.locator('.report-row', { hasText: 'login-0.acme-phish.com' }).locator('.status-chip')).toHaveText('Pending review');
  // The row follows the store's write; the notification comes just after it.
  await expect.poll(() => serviceWorker.evaluate(() => chrome.notifications.getAll())).toEqual({ [`status:${ids[1]}`]: true });

  // The row and the incident's own page say the same words (issue 21): the status alone, no second word beside it.
  const cells = row.locator('td');
  await expect(cells.nth(0)).toHaveText('Taken down');
  const [incidentPage] = await Promise.all([page.context().waitForEvent('page'), row.getByRole('link', { name: /^Open incident/ }).click()]);
  await expect(incidentPage.locator('.incident .status-chip')).toHaveText('Taken down');
  const fact = (term: string) =>
    incidentPage
      .locator('.facts .fact')
      .filter({ has: incidentPage.getByText(term, { exact: true }) })
      .locator('dd');
  await expect(fact('Client')).toHaveText('Acme Holdings');
  for (const [index, term] of [
    [1, 'Type'],
    [3, 'Client'],
  ] as const) {
    await expect(cells.nth(index)).toHaveText((await fact(term).textContent())!);
  }
});

test('a failed refresh keeps the statuses and says why; a key it found refused shows in the popup', async ({ sandbox, optionsPage, popupPage, serviceWorker }) => {
  const ids = await createIncidents(sandbox.baseUrl, 1);
  await optionsPage.open();
  await seedReports(optionsPage.page, ids);
  await refresh(serviceWorker);
  await fetch(`${sandbox.baseUrl}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: '/v1/', status: 401, body: { message: 'Invalid or missing API key.' } }),
  });
  const failed = (await refresh(serviceWorker)) as { problem?: { kind: string }; lastSuccessAt?: string };
  expect(failed.problem).toMatchObject({ kind: 'unauthorized' });
  expect(failed.lastSuccessAt).toBeDefined();

  await popupPage.open();
  await expect(popupPage.state).toHaveAttribute('data-state', 'failing');
  await expect(popupPage.page.getByRole('alert')).toContainText('rejected this API key');
});

test('an incident the service fails to answer says so on its row; the others still get fresh statuses', async ({ sandbox, optionsPage, serviceWorker }) => {
  const listed = await createIncidents(sandbox.baseUrl, 2);
  // Older than any list a refresh asks for: it is fetched on its own, by id.
  const created = await fetch(`${sandbox.baseUrl}/__sandbox/incidents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'cl_acme', url: 'https://login-2.acme-phish.com/', source: 'CLIENT_REPORTED', status: 'pending_review', timestamp: '2020-01-01T00:00:00.000Z' }),
  });
  const old = ((await created.json()) as { data: { id: string } }).data.id;
  await optionsPage.open('reports');
  await seedReports(optionsPage.page, [...listed, old]);
  await fetch(`${sandbox.baseUrl}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'GET', path: `/v1/incident/${old}`, status: 500, times: 1 }),
  });
  for (const [id, status] of [
    [listed[1], 'takedown_success'],
    [old, 'closed'],
  ]) {
    await fetch(`${sandbox.baseUrl}/__sandbox/incidents/${id}/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status }) });
  }
  const page = optionsPage.page;
  await page.reload();
  await page.getByRole('button', { name: 'Refresh now' }).click();

  await expect(page.getByText(/^Statuses updated .+ 1 incident could not be refreshed; its row says why\.$/)).toBeVisible();
  const failing = page.locator('.report-row', { hasText: 'login-2.acme-phish.com' });
  await expect(failing).toContainText('Could not be refreshed: ');
  await expect(failing.locator('.status-chip')).toHaveText('Pending review');
  await expect(page.locator('.report-row', { hasText: 'login-1.acme-phish.com' }).locator('.status-chip')).toHaveText('Taken down');
  await expect(page.locator('.report-row', { hasText: 'login-0.acme-phish.com' })).not.toContainText('Could not be refreshed');

  // It backs off: the next refresh does not ask for it again, and its row still says why.
  await fetch(`${sandbox.baseUrl}/__sandbox/requests`, { method: 'DELETE' });
  const state = (await refresh(serviceWorker)) as { problem?: unknown; failedIds?: { id: string }[] };
  expect(state.problem).toBeUndefined();
  expect(state.failedIds?.map((failure) => failure.id)).toEqual([old]);
  expect((await sandboxRequests(sandbox)).filter((entry) => entry.path === `/v1/incident/${old}`)).toEqual([]);
  await expect(failing).toContainText('Could not be refreshed: ');
});

test('approving and commenting on an incident appear in My reports as actions, not as reports, with the client named (issue 44)', async ({ context, extensionId, sandbox, optionsPage }) => {
  const response = await fetch(`${sandbox.baseUrl}/__sandbox/incidents`, {
    method: 'POST',
    body: JSON.stringify({ clientId: 'cl_acme_bank', subject: 'https://acted-on.example/', url: 'https://acted-on.example/', status: 'approval_required' }),
  });
  const { id } = ((await response.json()) as { data: { id: string } }).data;
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/incident.html#${encodeURIComponent(id)}`);
  await page.getByRole('button', { name: 'Approve the takedown' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('#incident-action-outcome')).toHaveText('Takedown approved.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await page.getByLabel('Comment for the analyst', { exact: true }).fill('Approved, thanks.');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('#incident-action-outcome')).toHaveText('Comment added.');

  await optionsPage.open('reports');
  const reports = optionsPage.page;
  const actions = reports.getByRole('region', { name: 'Actions on incidents' });
  await expect(actions.locator('tbody tr')).toHaveCount(2);
  await expect(actions.locator('tbody tr').nth(0)).toContainText('Commented');
  await expect(actions.locator('tbody tr').nth(1)).toContainText('Approved the takedown');
  for (const index of [0, 1]) await expect(actions.locator('tbody tr').nth(index).locator('td').nth(2)).toHaveText('Acme Bank');
  // Not a report: no report row, no "Already an incident", no Takedown action.
  await expect(reports.locator('.report-row')).toHaveCount(0);
  await expect(reports.getByText('No reports yet.', { exact: false })).toBeVisible();
});
