import { test, expect, openToolbarPopup } from './fixtures.ts';
import { AccountSection } from './pages/account-section.ts';
import { connect, openPhishingPage, openReportDetails, servePhishingPages } from './reporting-helpers.ts';
import type { LoggedRequest } from '../sandbox/request-log.ts';
import type { Sandbox } from '../sandbox/server.ts';

// The account, read-only as the API is: credits in the spec's three forms
// (also before reporting, in the popup), users with their roles and MFA, and
// the documents on file: filtered by the service, paged to the end, each
// downloaded through a signed link fetched at the moment of the click.

async function requests(sandbox: Sandbox, path: string): Promise<LoggedRequest[]> {
  const body = (await (await fetch(`${sandbox.baseUrl}/__sandbox/requests`)).json()) as { data: LoggedRequest[] };
  return body.data.filter((request) => request.path === path || (path.endsWith('*') && request.path.startsWith(path.slice(0, -1))));
}

async function addFault(sandbox: Sandbox, fault: Record<string, unknown>): Promise<void> {
  await fetch(`${sandbox.baseUrl}/__sandbox/faults`, { method: 'POST', body: JSON.stringify(fault) });
}

/** Answers GET /v1/usage with these balances: the sandbox's seed holds one of each form, a fault switches them. */
function usageAnswer(sandbox: Sandbox, remaining: Record<string, unknown>): Promise<void> {
  const data = Object.entries(remaining).map(([clientId, remainingCredits]) => ({ clientId, clientName: clientId.replace('cl_', 'Client '), remainingCredits }));
  return addFault(sandbox, { method: 'GET', path: '/v1/usage', status: 200, body: { message: 'OK', data } });
}

test('credits show in each of the three forms, per client, and follow the service on refresh', async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
  const account = new AccountSection(await context.newPage());
  await account.open(extensionId);
  // The seed: one metered, one unlimited, one client without credits.
  await expect(account.creditsOf('cl_acme')).toHaveText('120 credits left');
  await expect(account.creditsOf('cl_acme_bank')).toHaveText('Unlimited');
  await expect(account.creditsOf('cl_acme_travel')).toHaveText('Not metered (this client does not use credits)');
  // Acme Bank under its parent, as the documents listed beside tell (tests/e2e/sub-clients.spec.ts).
  await expect(account.credits.locator('tbody th')).toHaveText(['Acme Holdings (cl_acme)', 'Acme Bank (cl_acme_bank), sub-client of Acme Holdings (cl_acme)', 'Acme Travel (cl_acme_travel)']);

  // Each client switched to another form between loads.
  for (const [acme, shown] of [
    ['unlimited', 'Unlimited'],
    [null, 'Not metered (this client does not use credits)'],
    [1, '1 credit left'],
  ] as const) {
    await fetch(`${sandbox.baseUrl}/__sandbox/faults`, { method: 'DELETE' });
    await usageAnswer(sandbox, { cl_acme: acme, cl_acme_bank: 7, cl_acme_travel: 'unlimited' });
    await account.refreshCredits.click();
    await expect(account.creditsOf('cl_acme')).toHaveText(shown);
    await expect(account.creditsOf('cl_acme_bank')).toHaveText('7 credits left');
    await expect(account.creditsOf('cl_acme_travel')).toHaveText('Unlimited');
  }
});

test('the popup shows the remaining credits before reporting when metered, without asking the service on every open', async ({ context, extensionId, sandbox, serviceWorker, debugPort }) => {
  await servePhishingPages(context);
  await connect(context, extensionId, sandbox);
  const page = await openPhishingPage(context, 'https://secure-acme-login.com/signin');
  let popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  const form = popup.locator('form.report-form');
  await expect(form.getByText('Credits left: Acme Holdings 120')).toBeVisible();
  // Choosing the unlimited client hides the line; the metered one shows it again.
  await openReportDetails(popup);
  await form.getByLabel('Report for client').selectOption('cl_acme_bank');
  await expect(form.getByText(/^Credits left/)).toHaveCount(0);
  await form.getByLabel('Report for client').selectOption('cl_acme');
  await expect(form.getByText('Credits left: Acme Holdings 120')).toBeVisible();
  const asked = (await requests(sandbox, '/v1/usage')).length;
  expect(asked).toBeLessThanOrEqual(1);

  await popup.close();
  popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await expect(popup.getByText('Credits left: Acme Holdings 120')).toBeVisible();
  expect(await requests(sandbox, '/v1/usage')).toHaveLength(asked);
});

test('the popup shows no credits line when no client is metered', async ({ context, extensionId, sandbox, serviceWorker, debugPort }) => {
  await usageAnswer(sandbox, { cl_acme: 'unlimited', cl_acme_bank: null, cl_acme_travel: null });
  await servePhishingPages(context);
  await connect(context, extensionId, sandbox);
  const page = await openPhishingPage(context, 'https://secure-acme-login.com/signin');
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await expect(popup.getByRole('button', { name: 'Report for takedown' })).toBeVisible();
  await expect.poll(async () => (await requests(sandbox, '/v1/usage')).length).toBeGreaterThan(0);
  await expect(popup.getByText(/^Credits left/)).toHaveCount(0);
});

test('users are listed with their roles and what they mean, MFA on or off, and their client', async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
  const account = new AccountSection(await context.newPage());
  await account.open(extensionId);
  const rows = account.users.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  const alice = account.users.locator('tr[data-user="usr_01HQALICE"] td');
  await expect(alice).toHaveText(['alice@acme.example', 'superuser: Client administrator', 'On', 'Acme Holdings (cl_acme)']);
  await expect(account.users.locator('tr[data-user="usr_01HQPAT"]')).toContainText('parentadmin: Administrator of the parent account and all its sub-clients');
  const bob = account.users.locator('tr[data-user="7f3c9a52-4d1e-4b8a-9c71-2f6e0d4b1a33"]');
  await expect(bob.locator('th')).toHaveText('(no name)');
  await expect(bob.locator('td')).toHaveText(['bob@acmebank.example', 'user: Standard user', 'Off', 'Acme Bank (cl_acme_bank)']);
  await expect(account.page.getByText('4 users; MFA off for 2.')).toBeVisible();
  // Staff accounts are never listed.
  await expect(account.users).not.toContainText('service-operator.example');
});

test('documents page through every page, and each filter, switch and order changes the request', async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
  const account = new AccountSection(await context.newPage());
  await account.open(extensionId);
  await expect(account.documentCount).toHaveText('8 of 8 documents shown.');

  await account.pageSize.fill('3');
  await expect(account.documentCount).toHaveText('3 of 8 documents shown.');
  await account.loadMore.click();
  await expect(account.documentCount).toHaveText('6 of 8 documents shown.');
  await account.loadMore.click();
  await expect(account.documentCount).toHaveText('8 of 8 documents shown.');
  await expect(account.loadMore).toHaveCount(0);
  await expect(account.documentRows).toHaveCount(8);
  const pages = (await requests(sandbox, '/v1/documents')).filter((request) => request.query.limit === '3').map((request) => request.query.page);
  expect(pages).toEqual(['1', '2', '3']);

  const lastQuery = async () => (await requests(sandbox, '/v1/documents')).at(-1)?.query;
  await account.pageSize.fill('50');
  await account.page.getByLabel('Letter of authorisation', { exact: true }).check();
  await expect.poll(lastQuery).toMatchObject({ docType: 'loa', page: '1', limit: '50' });
  await expect(account.documentRows).toHaveCount(3);
  await account.page.getByLabel('Hide deleted documents').check();
  await expect.poll(lastQuery).toMatchObject({ docType: 'loa', excludeDeleted: 'true' });
  await expect(account.documentRows).toHaveCount(2);
  await expect(account.documentRow('doc_5Lr8Qa1')).toHaveCount(0);

  await account.page.getByLabel('Letter of authorisation', { exact: true }).uncheck();
  await account.page.getByLabel('Only the latest document of each type').check();
  await account.page.getByLabel('Sort by').selectOption('docType');
  await account.page.getByLabel('Order').selectOption('asc');
  await expect.poll(lastQuery).toEqual({ sortBy: 'docType', sortDir: 'asc', latestOnly: 'true', excludeDeleted: 'true', limit: '50', page: '1' });
  await account.page.getByLabel('Search', { exact: true }).fill('ceo');
  await expect.poll(lastQuery).toMatchObject({ q: 'ceo' });
  await expect(account.documentRows).toHaveCount(1);
  await expect(account.documentRow('88231')).toContainText('loa-ceo-jane-doe.pdf');
});

test('bad input is refused next to its control: a page size out of range before sending, a 400 at the parameter it names', async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
  const account = new AccountSection(await context.newPage());
  await account.open(extensionId);
  await expect(account.documentCount).toHaveText('8 of 8 documents shown.');
  const asked = (await requests(sandbox, '/v1/documents')).length;

  await account.pageSize.fill('500');
  await expect(account.filterError('Per page')).toHaveText('Enter a whole number of documents from 1 to 200.');
  await expect(account.pageSize).toHaveAttribute('aria-invalid', 'true');
  await account.page.waitForTimeout(500);
  expect(await requests(sandbox, '/v1/documents')).toHaveLength(asked);
  await account.pageSize.fill('50');
  await expect(account.filterError('Per page')).toHaveCount(0);

  await addFault(sandbox, { method: 'GET', path: '/v1/documents', status: 400, body: { message: 'sortDir must be one of asc, desc; got "up".' }, times: 1 });
  await account.page.getByLabel('Order').selectOption('asc');
  const error = account.filterError('Order');
  await expect(error).toHaveText('The service refused “Sort by”. sortDir must be one of asc, desc; got "up".');
  await expect(account.page.getByLabel('Order')).toHaveAttribute('aria-describedby', 'documents-sort-error');
});

test('a download fetches a fresh signed link at the moment of the click and opens the file; a 404 reads “document not found”', async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
  const account = new AccountSection(await context.newPage());
  await account.open(extensionId);
  await expect(account.documentRows).toHaveCount(8);
  expect(await requests(sandbox, '/v1/documents/*')).toHaveLength(0);

  const row = account.documentRow('doc_5Lr8Qa2');
  for (const click of [1, 2]) {
    const file = context.waitForEvent('response', (response) => response.url().includes('/__sandbox/files/doc_5Lr8Qa2?sig='));
    await row.getByRole('button', { name: 'Download acme-loa-2025-renewed.pdf' }).click();
    expect((await file).status()).toBe(200);
    // A fresh link for every click: nothing is kept between them.
    expect((await requests(sandbox, '/v1/documents/*')).map((request) => request.path)).toEqual(Array(click).fill('/v1/documents/doc_5Lr8Qa2/signed-url'));
  }
  await expect(row.getByRole('alert')).toHaveCount(0);

  await addFault(sandbox, { method: 'GET', path: '/v1/documents/doc_9xTc/signed-url', status: 404, body: { message: 'Document not found.' } });
  const gone = account.documentRow('doc_9xTc');
  await gone.getByRole('button', { name: 'Download acme-bank-loa.pdf' }).click();
  await expect(gone.getByRole('alert')).toHaveText(/^Document not found/);
  await expect(gone.getByRole('button', { name: 'Download acme-bank-loa.pdf' })).toHaveAccessibleDescription(/^Document not found/);
});
