import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, openToolbarPopup } from './fixtures.ts';
import { axeViolations } from '../support/axe.ts';
import { OptionsPage, SECTIONS, type Section } from './pages/options-page.ts';
import { addFault, clickMenu, connect, openPhishingPage, openReportDetails, servePhishingPages, waitForPage } from './reporting-helpers.ts';

// Whole walks through a view, step by step: on two busy cores one takes 20–26 s, too near the 30 s default.
test.describe.configure({ timeout: 60_000 });

// axe-core over every view, in each of its states, in light and in dark:
// no violation of WCAG 2.1 A/AA (contrast included) or axe's best practices
// (in dark, the rules whose outcome the colours decide).

const PAGE = 'https://secure-acme-login.com/signin';

declare const chrome: { storage: { local: { set(items: object): Promise<void> } } };

/**
 * axe's violations on the page as it is now, in both colour schemes (tests/support/axe.ts): every rule in
 * light, the colour rules again in dark; one line each, naming the view and the scheme. axe runs inside the
 * page: it opens no page of its own, which would take the focus and close a toolbar popup. No view has frames.
 */
async function violations(page: Page, view: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    found.push(...(await axeViolations(page, colorScheme)).map((line) => `${view} (${colorScheme}): ${line}`));
  }
  return found;
}

test('the options page, every section unconfigured and connected, with a report that failed', async ({ context, extensionId, sandbox, optionsPage, serviceWorker }) => {
  // Seven sections twice, each in two schemes.
  test.setTimeout(150_000);
  const found: string[] = [];
  await optionsPage.open();
  await expect(optionsPage.page.locator('[data-state]').first()).toBeVisible();
  // One section shows at a time: each is visited.
  for (const section of Object.keys(SECTIONS) as Section[]) {
    await optionsPage.show(section);
    await expect(optionsPage.page.locator(`#section-${section} .card`).first()).toBeVisible();
    found.push(...(await violations(optionsPage.page, `options, ${section}, not connected`)));
  }

  await servePhishingPages(context);
  await connect(context, extensionId, sandbox);
  // One report that went, one that failed: My reports shows both, the failed one with its actions.
  await openPhishingPage(context, PAGE);
  await clickMenu(serviceWorker, { menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: PAGE });
  await addFault(sandbox, { method: 'POST', path: '/v1/incident/', status: 500, times: 1 });
  await clickMenu(serviceWorker, { menuItemId: 'takedown-reporter:report-link-tkd', linkUrl: 'https://pay.evil-link.com/checkout', pageUrl: PAGE });
  const connected = new OptionsPage(await context.newPage(), extensionId);
  const options = connected.page;
  await connected.open();
  await expect(options.locator('[data-state="connected"]').first()).toBeVisible();
  found.push(...(await violations(options, 'options, connection, connected')));
  await connected.show('reporting');
  await expect(options.getByRole('button', { name: 'Save settings' })).toBeVisible();
  found.push(...(await violations(options, 'options, reporting, connected')));
  await connected.show('reports');
  await expect(options.getByRole('button', { name: 'Send again' })).toBeVisible();
  // Insights counts this week's two reports: one in progress, one not received.
  const thisWeek = options.getByRole('table', { name: 'Reports per week, by outcome' }).locator('tbody tr').last();
  await expect(thisWeek.locator('td')).toHaveText(['0', '1', '0', '1']);
  await expect(options.getByRole('img', { name: /Reports made from this browser in the last 12 weeks.*\(2 in all\)/ })).toBeVisible();
  found.push(...(await violations(options, 'options, my reports, connected')));
  await connected.show('account');
  await expect(options.getByRole('table', { name: 'Remaining credits per client' })).toBeVisible();
  await expect(options.getByRole('table', { name: 'Dashboard users of the account' })).toBeVisible();
  await expect(options.getByRole('table', { name: 'Documents on file' })).toBeVisible();
  found.push(...(await violations(options, 'options, account, connected')));
  await connected.show('webhooks');
  await expect(options.getByRole('region', { name: 'New subscription' })).toBeVisible();
  found.push(...(await violations(options, 'options, webhooks, connected')));
  for (const section of ['backup', 'about'] as const) {
    await connected.show(section);
    found.push(...(await violations(options, `options, ${section}, connected`)));
  }
  expect(found).toEqual([]);
});

test('the popup over a page: the form, its details, its result, and a lookup', async ({ context, extensionId, sandbox, serviceWorker, debugPort }) => {
  await servePhishingPages(context);
  await connect(context, extensionId, sandbox);
  const page = await openPhishingPage(context, PAGE);
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await expect(popup.getByLabel('Report', { exact: true })).toHaveValue(PAGE);
  const found = await violations(popup, 'popup, form');
  await openReportDetails(popup);
  await expect(popup.getByRole('img', { name: 'The screenshot that will be sent' })).toBeVisible();
  found.push(...(await violations(popup, 'popup, form with its details')));

  await popup.getByLabel('Report', { exact: true }).fill('020 7946 0958');
  await expect(popup.locator('#report-subject-error')).toBeVisible();
  found.push(...(await violations(popup, 'popup, field error')));
  await popup.getByLabel('Report', { exact: true }).fill(PAGE);

  await popup.getByRole('button', { name: 'Report for takedown' }).click();
  await expect(popup.locator('[data-report-state]')).toHaveAttribute('data-report-state', 'sent');
  found.push(...(await violations(popup, 'popup, reported')));

  await popup.getByRole('tab', { name: 'Look up' }).click();
  await popup.getByRole('textbox', { name: 'Look up an incident' }).fill(PAGE);
  await popup.getByRole('textbox', { name: 'Look up an incident' }).press('Enter');
  await expect(popup.locator('.incident')).toBeVisible();
  found.push(...(await violations(popup, 'popup, lookup')));
  expect(found).toEqual([]);
});

test('the review window and the incident page', async ({ context, extensionId, sandbox, serviceWorker }) => {
  await servePhishingPages(context);
  await connect(context, extensionId, sandbox);
  await openPhishingPage(context, PAGE);
  await clickMenu(serviceWorker, {
    menuItemId: 'takedown-reporter:report-selection',
    selectionText: 'Call +44 20 7946 0958 or write to refunds[at]acme-billing[.]com; internal: intranet.corp, +1 415 555 0198 2024',
  });
  const review = await waitForPage(context, '/review.html');
  await expect(review.locator('.review-row')).toHaveCount(2);
  // The "Not recognised" list (issue 44), one item open to be fixed.
  await review.getByRole('button', { name: 'Fix +1 415 555 0198 2024 and add it to the list' }).click();
  await expect(review.getByLabel('Indicator to add (written as +1 415 555 0198 2024)')).toBeVisible();
  const found = await violations(review, 'review window');

  await review.getByRole('button', { name: 'Report 2 selected' }).click();
  await expect(review.locator('.review-tally')).toHaveText('2 sent');
  found.push(...(await violations(review, 'review window, done')));

  // Emails, read and refused, every part of their card open.
  await serviceWorker.evaluate(() => chrome.storage.local.set({ settings: { ownDomains: ['examplebank.com'] } }));
  const emails = await context.newPage();
  await emails.goto(`chrome-extension://${extensionId}/review.html?email=1`);
  await emails.getByLabel('Open emails or lists…').setInputFiles([path.resolve('tests/fixtures/email/phish-examplebank.eml'), path.resolve('tests/fixtures/email/not-email.pdf')]);
  await expect(emails.locator('.email-card')).toBeVisible();
  await expect(emails.locator('.review-files .field-error')).toHaveCount(1);
  for (const summary of await emails.locator('.email-card summary').all()) await summary.click();
  found.push(...(await violations(emails, 'review window, emails')));
  await emails.getByRole('button', { name: 'Search more text for indicators…' }).click();
  found.push(...(await violations(emails, 'review window, emails, the text box opened')));

  const created = await fetch(`${sandbox.baseUrl}/__sandbox/incidents`, {
    method: 'POST',
    body: JSON.stringify({ clientId: 'cl_acme', subject: 'https://a11y-phish.com/login', url: 'https://a11y-phish.com/login', status: 'action_required' }),
  });
  const { id } = ((await created.json()) as { data: { id: string } }).data;
  const incident = await context.newPage();
  await incident.goto(`chrome-extension://${extensionId}/incident.html#${encodeURIComponent(id)}`);
  await expect(incident.locator('.incident')).toBeVisible();
  found.push(...(await violations(incident, 'incident page')));
  await incident.goto(`chrome-extension://${extensionId}/incident.html#inc_does_not_exist`);
  await incident.reload();
  await expect(incident.getByRole('status').filter({ hasText: /./ }).first()).toBeVisible();
  found.push(...(await violations(incident, 'incident page, not found')));
  expect(found).toEqual([]);
});

test('a theme chosen in the settings wins over the system’s, on every page at once', async ({ context, extensionId }) => {
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const options = await context.newPage();
  await options.emulateMedia({ colorScheme: 'light' });
  await options.goto(`chrome-extension://${extensionId}/options.html#reporting`);
  const popup = await context.newPage();
  await popup.emulateMedia({ colorScheme: 'light' });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  expect(await background(popup)).toBe('rgb(255, 255, 255)');

  await options.getByRole('radio', { name: 'Dark', exact: true }).check();
  // The open popup follows without a reload; a page opened later starts dark.
  await expect.poll(() => background(popup)).toBe('rgb(22, 25, 29)');
  const incident = await context.newPage();
  await incident.emulateMedia({ colorScheme: 'light' });
  await incident.goto(`chrome-extension://${extensionId}/incident.html#inc_1`);
  expect(await background(incident)).toBe('rgb(22, 25, 29)');
  expect(await violations(options, 'options, dark chosen')).toEqual([]);

  await options.getByRole('radio', { name: 'Follow the system (light or dark)' }).check();
  await expect.poll(() => background(popup)).toBe('rgb(255, 255, 255)');
  await popup.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => background(popup)).toBe('rgb(22, 25, 29)');
});
