import { test, expect } from './fixtures.ts';
import { clickMenu, connect, incidentFor, openPhishingPage, servePhishingPages } from './reporting-helpers.ts';

// The default client chosen in the settings is the one a report goes to when
// it names none: switched in the options page, seen in what the service stored.

const PAGE = 'https://secure-acme-login.com/signin';

test('switching the default client sends the next menu report for that client', async ({ context, extensionId, sandbox, optionsPage, serviceWorker }) => {
  await servePhishingPages(context);
  await connect(context, extensionId, sandbox);
  await optionsPage.open('reporting');
  const settings = optionsPage.page.getByRole('region', { name: 'Reporting and evidence' });
  await settings.getByLabel('Report for client').selectOption('cl_acme_bank');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByRole('status')).toHaveText('Settings saved.');

  await openPhishingPage(context, PAGE);
  await clickMenu(serviceWorker, { menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: PAGE });
  expect((await incidentFor(sandbox, PAGE))?.clientId).toBe('cl_acme_bank');

  // And back to the key's own client.
  await optionsPage.page.bringToFront();
  await settings.getByLabel('Report for client').selectOption('');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await openPhishingPage(context, 'https://secure-acme-login.com/verify');
  await clickMenu(serviceWorker, { menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: 'https://secure-acme-login.com/verify' });
  expect((await incidentFor(sandbox, 'https://secure-acme-login.com/verify'))?.clientId).toBe('cl_acme');
});
