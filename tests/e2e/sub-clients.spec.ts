import { test, expect, openToolbarPopup } from './fixtures.ts';
import { AccountSection } from './pages/account-section.ts';
import { addFault, connect, openPhishingPage, openReportDetails, servePhishingPages } from './reporting-helpers.ts';
import type { Page } from '@playwright/test';

// Issue 11: a key's sub-clients are shown under their parent wherever the
// extension lists the key's clients. The spec documents `parentClientId` only
// on a document's client, so the relation is learned when the Account section
// lists documents (the sandbox's /v1/clients leaves it out, as the spec
// shows it), kept, and used by the options page, the credits and the popup.
// Without a usable relation every list stays flat, as before.

// Issue 44, point 6: the choice that sends no client names the client it files under, once the relations tell which.
const OWN_CLIENT = "Acme Holdings (this key's default)";
/** Without relations nothing tells which client that is: not guessed. */
const UNNAMED_DEFAULT = "This key's default client";

/** A page of documents whose one document names its client as given. */
function documentsWith(client: unknown) {
  return {
    method: 'GET',
    path: '/v1/documents',
    status: 200,
    body: { message: 'OK', data: [{ id: 'doc_only', clientId: 'cl_acme_bank', docType: 'loa', client }], paging: { page: 1, limit: 50, count: 1, total: 1, totalPages: 1, hasMore: false } },
  };
}

/** The text of every option of the popup's client picker. */
/** The client picker's options as they are now (it is in the send bar's details, which load after the popup's first paint: poll it). */
async function pickerOptions(popup: Page): Promise<string[]> {
  return popup.getByLabel('Report for client').locator('option').allTextContents();
}

test('sub-clients show under their parent once the documents told, on the options page, in the credits and the popup, and still after reopening', async ({
  context,
  extensionId,
  sandbox,
  serviceWorker,
  debugPort,
}) => {
  await servePhishingPages(context);
  await connect(context, extensionId, sandbox);
  const account = new AccountSection(await context.newPage());
  await account.open(extensionId);
  await expect(account.documentRows.first()).toBeVisible();
  const options = account.page;

  // The client list: Acme Bank inside Acme Holdings; Acme Travel's document names no client, so its relation is unknown and it stays at the top.
  const subClients = options.getByRole('list', { name: 'Sub-clients of Acme Holdings' });
  await expect(subClients.getByRole('listitem')).toHaveText(['Acme Bank']);
  await expect(options.getByRole('list', { name: 'Clients this key reports for' }).locator(':scope > li > .client-entry')).toHaveText(['Acme Holdings', 'Acme Travelinactive']);

  // The credits: the sub-client's row right under its parent's, indented, and said to be its sub-client.
  await expect(account.credits.locator('tbody th')).toHaveText(['Acme Holdings (cl_acme)', 'Acme Bank (cl_acme_bank), sub-client of Acme Holdings (cl_acme)', 'Acme Travel (cl_acme_travel)']);
  await expect(account.credits.locator('tr[data-client="cl_acme_bank"]')).toHaveAttribute('data-parent-id', 'cl_acme');
  const indent = (clientId: string) => account.credits.locator(`tr[data-client="${clientId}"] th`).evaluate((cell) => parseFloat(getComputedStyle(cell).paddingInlineStart));
  expect(await indent('cl_acme_bank')).toBeGreaterThan(await indent('cl_acme'));

  // The documents' client filter indents too; its values stay the ids.
  const filter = account.root.getByRole('group', { name: 'Filter the documents' }).getByLabel('Client', { exact: true });
  await expect(filter.locator('option')).toHaveText(['All clients', 'Acme Holdings (cl_acme)', '— Acme Bank (cl_acme_bank)', 'Acme Travel (cl_acme_travel)']);

  // The popup, which never lists documents, knows it from what was kept.
  await options.close();
  const page = await openPhishingPage(context, 'https://secure-acme-login.com/signin');
  let popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await expect.poll(() => pickerOptions(popup)).toEqual([OWN_CLIENT, 'Acme Holdings (cl_acme)', '— Acme Bank (cl_acme_bank)']);
  await openReportDetails(popup);
  await popup.getByLabel('Report for client').selectOption('cl_acme_bank');
  await expect(popup.getByLabel('Report for client')).toHaveValue('cl_acme_bank');
  await popup.close();

  // Reopened with the documents failing: the grouping learned before stays.
  await addFault(sandbox, { method: 'GET', path: '/v1/documents', status: 500, body: { message: 'Internal error' } });
  const reopened = new AccountSection(await context.newPage());
  await reopened.open(extensionId);
  await expect(reopened.page.getByRole('list', { name: 'Sub-clients of Acme Holdings' }).getByRole('listitem')).toHaveText(['Acme Bank']);
  popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await expect.poll(() => pickerOptions(popup)).toEqual([OWN_CLIENT, 'Acme Holdings (cl_acme)', '— Acme Bank (cl_acme_bank)']);
});

for (const [name, client] of [
  ['the documents do not say', { id: 'cl_acme_bank', name: 'Acme Bank' }],
  ['the parent named is not a client of the key', { id: 'cl_acme_bank', name: 'Acme Bank', parentClientId: 'cl_elsewhere' }],
  ['the relation is malformed', { id: 'cl_acme_bank', name: 'Acme Bank', parentClientId: 42 }],
  ['the document has no client', null],
] as const) {
  test(`the lists stay flat, without an error, when ${name}`, async ({ context, extensionId, sandbox, serviceWorker, debugPort }) => {
    await addFault(sandbox, documentsWith(client));
    await servePhishingPages(context);
    await connect(context, extensionId, sandbox);
    const account = new AccountSection(await context.newPage());
    await account.open(extensionId);
    await expect(account.documentRow('doc_only')).toBeVisible();

    const clients = account.page.getByRole('list', { name: 'Clients this key reports for' });
    await expect(clients.locator(':scope > li > .client-entry')).toHaveText(['Acme Holdings', 'Acme Bank', 'Acme Travelinactive']);
    await expect(account.page.locator('ul.sub-clients')).toHaveCount(0);
    await expect(account.credits.locator('tbody th')).toHaveText(['Acme Holdings (cl_acme)', 'Acme Bank (cl_acme_bank)', 'Acme Travel (cl_acme_travel)']);
    await expect(account.page.getByRole('alert')).toHaveCount(0);

    const page = await openPhishingPage(context, 'https://secure-acme-login.com/signin');
    const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
    await expect.poll(() => pickerOptions(popup)).toEqual([UNNAMED_DEFAULT, 'Acme Holdings (cl_acme)', 'Acme Bank (cl_acme_bank)']);
  });
}

test('a service whose client list sends parentClientId groups the clients at once, before any document is listed', async ({ context, extensionId, sandbox, serviceWorker, debugPort }) => {
  const clients = [
    { id: 'cl_acme_bank', name: 'Acme Bank', active: true, parentClientId: 'cl_acme' },
    { id: 'cl_acme', name: 'Acme Holdings', active: true, parentClientId: null },
    { id: 'cl_acme_travel', name: 'Acme Travel', active: false, parentClientId: 'cl_acme' },
  ];
  await addFault(sandbox, { method: 'GET', path: '/v1/clients', status: 200, body: { message: 'OK', data: clients } });
  await addFault(sandbox, { method: 'GET', path: '/v1/documents', status: 500, body: { message: 'Internal error' } });
  await servePhishingPages(context);
  await connect(context, extensionId, sandbox);

  const page = await openPhishingPage(context, 'https://secure-acme-login.com/signin');
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  // Listed sub-client first by the service; the parent comes first. Acme Travel is inactive: not offered.
  await expect.poll(() => pickerOptions(popup)).toEqual([OWN_CLIENT, 'Acme Holdings (cl_acme)', '— Acme Bank (cl_acme_bank)']);

  const account = new AccountSection(await context.newPage());
  await account.open(extensionId);
  await expect(account.page.getByRole('list', { name: 'Sub-clients of Acme Holdings' }).getByRole('listitem')).toHaveText(['Acme Bank', 'Acme Travelinactive']);
});
