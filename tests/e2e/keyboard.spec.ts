import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, openToolbarPopup, readExtensionStorage } from './fixtures.ts';
import { activate, chooseFilesWithSpace, expectFullTabOrder, expectVisibleFocus, focusLosses, tabTo, watchFocusLoss } from './keyboard-helpers.ts';
import { addFault, clickMenu, connect, incidentFor, incidents, openPhishingPage, servePhishingPages } from './reporting-helpers.ts';
import type { Sandbox } from '../sandbox/server.ts';

// Issue 11: every view is usable with the keyboard alone, with a visible focus.
// Each test drives a view's main task with Tab, Shift+Tab, Enter, Space and the
// arrow keys only, checks the outcome the user or the service sees, that the
// focus shows at every stop, that it never drops to <body> mid-flow, and that
// the whole tab order reaches every control and comes to an end (no trap).

const PAGE = 'https://secure-acme-login.com/signin';

// Whole walks through a view, step by step: on two busy cores one takes 20–26 s, too near the 30 s default.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ context }) => {
  await servePhishingPages(context);
});

/** Types into the focused field, as a user would. */
const type = (page: Page, text: string) => page.keyboard.type(text);

/** Opens the options page on one section (its fragment), watching for focus dropped to <body>. */
async function openOptions(page: Page, extensionId: string, section: string, name: string): Promise<void> {
  await page.goto(`chrome-extension://${extensionId}/options.html#${section}`);
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  await watchFocusLoss(page);
}

/** Goes to a section of the options page by its link in the navigation (Shift+Tab back to it, Enter): its heading takes the focus. */
async function goToSection(page: Page, name: string): Promise<void> {
  await tabTo(page, page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name, exact: true }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeFocused();
  await expectVisibleFocus(page);
}

/** The outcome line of the incident's actions. */
const actionOutcome = (page: Page, text: string) => page.locator('.incident-actions').getByText(text, { exact: true });

async function createIncident(sandbox: Sandbox, fields: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${sandbox.baseUrl}/__sandbox/incidents`, { method: 'POST', body: JSON.stringify({ clientId: 'cl_acme', ...fields }) });
  return ((await response.json()) as { data: { id: string } }).data.id;
}

test('the popup: report the page for monitoring, see the result, look the page up', async ({ context, sandbox, serviceWorker, debugPort, extensionId }) => {
  await connect(context, extensionId, sandbox);
  const page = await openPhishingPage(context, PAGE);
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await watchFocusLoss(popup);
  // The send bar's summary opens the details: a button saying whether they are open.
  const details = popup.locator('button[aria-controls="report-details"]');
  await activate(popup, details);
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(details).toBeFocused();
  await expect(popup.getByRole('img', { name: 'The screenshot that will be sent' })).toBeVisible();
  await expectFullTabOrder(popup);

  await tabTo(popup, popup.getByLabel('Comment for the analyst (optional)'));
  await type(popup, 'Typed, never clicked.');
  await activate(popup, popup.getByRole('button', { name: 'Monitor', exact: true }));
  await expect(popup.locator('[data-report-state]')).toHaveAttribute('data-report-state', 'sent');
  await expect.poll(async () => (await incidentFor(sandbox, PAGE))?.comment).toBe('Typed, never clicked.');
  expect((await incidentFor(sandbox, PAGE))!.status).toBe('pre_weaponised');
  await expectVisibleFocus(popup);
  expect(await focusLosses(popup)).toEqual([]);

  // The lookup is a tab of its own: the arrow keys move between the tabs.
  await tabTo(popup, popup.getByRole('tab', { name: 'New report' }), { back: true });
  await popup.keyboard.press('ArrowRight');
  await expect(popup.getByRole('tab', { name: 'Look up' })).toHaveAttribute('aria-selected', 'true');
  await expectVisibleFocus(popup);
  await tabTo(popup, popup.getByRole('textbox', { name: 'Look up an incident' }));
  await type(popup, PAGE);
  await popup.keyboard.press('Enter');
  await expect(popup.locator('.incident h2')).toHaveText(PAGE);
  await expectVisibleFocus(popup);
  await expectFullTabOrder(popup);
  expect(await focusLosses(popup)).toEqual([]);
});

test('the popup on a page already reported: comment on the incident instead, then back to the form', async ({ context, sandbox, serviceWorker, debugPort, extensionId }) => {
  // 203.0.113.10 is a seeded incident of the key's first client.
  await connect(context, extensionId, sandbox);
  const page = await openPhishingPage(context, PAGE);
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await watchFocusLoss(popup);
  await activate(popup, popup.locator('button[aria-controls="report-details"]'));
  await expect(popup.getByRole('img', { name: 'The screenshot that will be sent' })).toBeVisible();
  const subject = popup.getByLabel('Report', { exact: true });
  await tabTo(popup, subject);
  await popup.keyboard.press('ControlOrMeta+a');
  await type(popup, '203.0.113[.]10');
  await activate(popup, popup.getByRole('button', { name: 'Report for takedown' }));
  await expect(popup.getByText('Already an incident (status: Case building)')).toBeVisible();
  await expectVisibleFocus(popup);
  await expectFullTabOrder(popup);

  await tabTo(popup, popup.getByLabel('Comment for the analyst', { exact: true }));
  await type(popup, 'Seen again today.');
  await activate(popup, popup.getByRole('button', { name: 'Add this comment' }));
  await expect(popup.getByRole('button', { name: 'Comment added' })).toBeDisabled();
  await expect.poll(async () => (await incidentFor(sandbox, '203.0.113.10'))!.history.map((entry) => entry.message)).toContain('Seen again today.');
  await expectVisibleFocus(popup);

  await activate(popup, popup.getByRole('button', { name: 'Back to the report' }));
  await expect(subject).toBeVisible();
  await expectVisibleFocus(popup);
  expect(await focusLosses(popup)).toEqual([]);
});

test('the review window: type a list, leave one out, monitor another, report them', async ({ context, sandbox, extensionId }) => {
  await connect(context, extensionId, sandbox);
  const review = await context.newPage();
  await review.goto(`chrome-extension://${extensionId}/review.html`);
  await watchFocusLoss(review);
  await tabTo(review, review.getByLabel('Text to search for indicators'));
  await type(review, 'hxxps://kb-one[.]com/login\nkb-two[.]com\nscam[at]kb-three[.]com');
  const rows = review.locator('.review-row');
  await expect(rows).toHaveCount(3);
  await expectFullTabOrder(review);

  await tabTo(review, review.getByRole('checkbox', { name: /kb-two\.com/ }));
  await review.keyboard.press('Space');
  await expect(review.getByRole('checkbox', { name: /kb-two\.com/ })).not.toBeChecked();
  await tabTo(review, review.getByLabel('Action for scam@kb-three.com'));
  await review.keyboard.press('ArrowDown');
  await expect(review.getByLabel('Action for scam@kb-three.com')).toHaveValue('monitor');
  await activate(review, review.getByRole('button', { name: 'Report 2 selected' }));
  await expect(review.locator('.review-tally')).toHaveText('2 sent');
  await expect
    .poll(async () =>
      (await incidents(sandbox))
        .filter((incident) => /kb-(one|two|three)/.test(incident.url ?? incident.subject ?? ''))
        .map((incident) => incident.status)
        .sort(),
    )
    .toEqual(['pending_review', 'pre_weaponised']);
  await expectVisibleFocus(review);
  await expectFullTabOrder(review);

  await activate(review, review.getByRole('button', { name: 'Start over' }));
  await expect(review.getByRole('button', { name: 'Report 3 selected' })).toBeVisible();
  await expect(review.getByLabel('Text to search for indicators')).toBeFocused();
  expect(await focusLosses(review)).toEqual([]);
});

test('the incident page: approve, comment, attach evidence, cancel, open a snapshot; an id not found', async ({ context, sandbox, extensionId }) => {
  await connect(context, extensionId, sandbox);
  const id = await createIncident(sandbox, { subject: 'https://kb-approve.com/', url: 'https://kb-approve.com/', status: 'approval_required' });
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/incident.html#${encodeURIComponent(id)}`);
  await expect(page.locator('.status-chip')).toHaveText('Approval required');
  await watchFocusLoss(page);
  await expectFullTabOrder(page);

  await activate(page, page.getByRole('button', { name: 'Approve the takedown' }));
  await activate(page, page.getByRole('button', { name: 'Confirm' }));
  await expect(actionOutcome(page, 'Takedown approved.')).toBeFocused();
  await expect(page.locator('.status-chip')).toHaveText('Takedown ready');
  await expectVisibleFocus(page);

  await tabTo(page, page.getByRole('button', { name: 'Comment', exact: true }), { back: true });
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel('Comment for the analyst', { exact: true }));
  await type(page, 'Approved from the keyboard.');
  await activate(page, page.getByRole('button', { name: 'Confirm' }));
  await expect(actionOutcome(page, 'Comment added.')).toBeFocused();
  await expect(page.locator('.timeline')).toContainText('Approved from the keyboard.');

  await tabTo(page, page.getByRole('button', { name: 'Attach evidence' }), { back: true });
  await page.keyboard.press('Space');
  await tabTo(page, page.getByLabel('Add files (or drop them here)'));
  await chooseFilesWithSpace(page, [{ name: 'sms.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1]) }]);
  await activate(page, page.getByRole('button', { name: 'Confirm' }));
  await expect(actionOutcome(page, 'Evidence attached.')).toBeFocused();
  await expect.poll(async () => (await incidents(sandbox)).find((incident) => incident.id === id)?.attachments.map((file) => file.name)).toEqual(['sms.png']);
  expect((await incidents(sandbox)).find((incident) => incident.id === id)!.status).toBe('takedown_ready');

  // Cancel closes the confirmation and gives the focus back to the action's button.
  const monitor = page.getByRole('button', { name: 'Move to monitoring' });
  await tabTo(page, monitor, { back: true });
  await page.keyboard.press('Enter');
  await activate(page, page.getByRole('button', { name: 'Cancel' }));
  await expect(monitor).toBeFocused();
  await expect(monitor).toHaveAttribute('aria-expanded', 'false');
  await expectVisibleFocus(page);
  expect(await focusLosses(page)).toEqual([]);

  await page.goto(`chrome-extension://${extensionId}/incident.html#subject=${encodeURIComponent('https://acme-account-verify.test/account/verify')}`);
  await expect(page.locator('.snapshot')).toHaveCount(3);
  await activate(page, page.locator('.snapshot summary').first());
  await expect(page.locator('.snapshot pre').first()).toBeVisible();
  await expectFullTabOrder(page);

  await page.goto(`chrome-extension://${extensionId}/incident.html#inc_does_not_exist`);
  await expect(page.getByText('No incident with this id was found for your clients.')).toBeVisible();
  await expectFullTabOrder(page);
});

test('the options page: connect with another key, then every control is reached', async ({ sandbox, optionsPage }) => {
  // A full Tab order both ways in each of the seven sections.
  test.setTimeout(180_000);
  const { page } = optionsPage;
  await optionsPage.open();
  await watchFocusLoss(page);
  await tabTo(page, optionsPage.baseUrl);
  await type(page, sandbox.baseUrl);
  await tabTo(page, optionsPage.apiKey);
  await type(page, sandbox.keys.single);
  await page.keyboard.press('Enter');
  await expect(optionsPage.clients).toHaveText(['Globex Corporation']);
  await expectVisibleFocus(page);
  expect(await focusLosses(page)).toEqual([]);
  await expectFullTabOrder(page);
  // Every other section, reached by its link: each control of it is reached too.
  for (const name of ['Reporting and evidence', 'My reports', 'Account', 'Webhooks', 'Backup and policy', 'About', 'Connection']) {
    await goToSection(page, name);
    // Each section's content settled first: My reports reads its reports and the settings after it shows, and a
    // control that appears while the walk goes back is one it never reached.
    if (name === 'My reports') {
      await expect(page.getByText('No reports yet.', { exact: false })).toBeVisible();
      await expect(page.getByRole('switch', { name: "Include all of the account's incidents" })).toBeVisible();
    }
    if (name === 'Account') await expect(page.getByRole('table', { name: 'Documents on file' })).toBeVisible();
    if (name === 'Webhooks') await expect(page.getByRole('region', { name: 'New subscription' })).toBeVisible();
    // Nothing still loading in the section shown (the settings and backup forms load when first shown too).
    await expect(page.locator('.options-section:not([hidden]) .status-pending'), `${name}: nothing still loading`).toHaveCount(0);
    await expectFullTabOrder(page);
  }
  expect(await focusLosses(page)).toEqual([]);

  page.once('dialog', (dialog) => void dialog.accept());
  await tabTo(page, optionsPage.forgetButton);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-state="not_configured"]')).toBeVisible();
  await expect(optionsPage.baseUrl).toBeFocused();
  expect(await focusLosses(page)).toEqual([]);
});

test('the options page, My reports: sort, filter, search, Check, Send again, open an incident, delete', async ({ context, sandbox, extensionId, serviceWorker }) => {
  await connect(context, extensionId, sandbox);
  // Three reports: one sent, one failed, one whose fate is unknown (a gateway's 502 after its body was sent: it may have arrived).
  await openPhishingPage(context, PAGE);
  await clickMenu(serviceWorker, { menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: PAGE });
  await addFault(sandbox, { method: 'POST', path: '/v1/incident/', status: 500, times: 1 });
  await clickMenu(serviceWorker, { menuItemId: 'takedown-reporter:report-link-tkd', linkUrl: 'https://pay.evil-link.com/checkout', pageUrl: PAGE });
  await addFault(sandbox, { method: 'POST', path: '/v1/incident/', status: 502, times: 1 });
  await clickMenu(serviceWorker, { menuItemId: 'takedown-reporter:report-link-tkd', linkUrl: 'https://kb-unknown.com/', pageUrl: PAGE });
  const page = await context.newPage();
  await openOptions(page, extensionId, 'reports', 'My reports');
  const rows = page.locator('tbody tr.report-row');
  const count = page.locator('.report-count');
  await expect(count).toHaveText('3 of 3');

  const subject = page.getByRole('columnheader', { name: 'Subject' });
  await activate(page, subject.getByRole('button'));
  await expect(subject).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first()).toContainText('kb-unknown.com');
  await page.keyboard.press('Space');
  await expect(subject).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first()).toContainText('secure-acme-login.com');

  await tabTo(page, page.getByLabel('Status', { exact: true }), { back: true });
  await page.keyboard.press('ArrowDown');
  await expect(count).not.toHaveText('3 of 3');
  await expect(rows).toHaveCount(Number((await count.textContent())!.split(' ')[0]));
  await page.keyboard.press('ArrowUp');
  await expect(count).toHaveText('3 of 3');
  await tabTo(page, page.getByLabel('Search by subject, incident id or client'));
  await type(page, 'evil-link');
  await expect(count).toHaveText('1 of 3');
  await expect(rows).toHaveText([/pay\.evil-link\.com/]);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await expect(count).toHaveText('3 of 3');

  // Check finds it never arrived; Send again sends it: the focus stays in its row throughout.
  const unknown = rows.filter({ hasText: 'kb-unknown.com' });
  await activate(page, unknown.getByRole('button', { name: 'Check whether it arrived' }));
  await expect(unknown.getByRole('button', { name: 'Send again' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await incidentFor(sandbox, 'https://kb-unknown.com/'))?.status).toBe('pending_review');
  await expect(unknown.getByRole('link', { name: /^Open incident .* in a new tab$/ })).toBeVisible();
  await expectVisibleFocus(page);
  await tabTo(page, page.getByRole('button', { name: 'Refresh now' }), { back: true });
  await page.keyboard.press('Enter');
  await expectVisibleFocus(page);

  const sent = (await incidentFor(sandbox, PAGE))!;
  const opened = context.waitForEvent('page');
  await activate(page, page.getByRole('link', { name: `Open incident ${sent.id} in a new tab` }));
  const incidentPage = await opened;
  await expect(incidentPage).toHaveURL(new RegExp(`/incident\\.html#${sent.id}$`));
  await incidentPage.close();

  page.once('dialog', (dialog) => void dialog.accept());
  await tabTo(page, page.getByRole('button', { name: `Delete the report of ${PAGE}` }));
  await page.keyboard.press('Enter');
  await expect(count).toHaveText('2 of 2');
  await expectVisibleFocus(page);
  expect(await focusLosses(page)).toEqual([]);
});

test('the options page, webhooks: create, dismiss the secret, send a test event, edit, delete, activate', async ({ context, sandbox, extensionId }) => {
  await connect(context, extensionId, sandbox);
  const page = await context.newPage();
  await openOptions(page, extensionId, 'webhooks', 'Webhooks');
  const url = 'http://127.0.0.1:9/kb-hook';
  const form = page.getByRole('region', { name: 'New subscription' });
  await tabTo(page, form.getByLabel('Delivery URL'));
  await type(page, url);
  const create = form.getByRole('button', { name: 'Create subscription' });
  await activate(page, create);
  await expect(page.getByRole('heading', { name: /signing secret/i }).first()).toBeFocused();
  await activate(page, page.getByRole('button', { name: 'I have stored it' }));
  await expect(create).toBeFocused();

  const item = (action: string) => page.getByRole('button', { name: `${action}: ${url}`, exact: true });
  await activate(page, item('Send test event'), 'Enter');
  await expect(page.getByText(/^Test event sent/)).toBeVisible();
  await expect(item('Send test event')).toBeFocused();

  await tabTo(page, item('Edit'), { back: true });
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('form', { name: `Edit the subscription to ${url}` }).getByLabel('Description (optional)'));
  await type(page, 'SOC queue');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Changes saved.')).toBeVisible();
  await expect(item('Edit')).toBeFocused();

  page.once('dialog', (dialog) => void dialog.accept());
  await activate(page, item('Delete'));
  await expect(page.getByText(`The subscription to ${url} was deleted.`)).toBeVisible();
  await expectVisibleFocus(page);
  const state = (await (await fetch(`${sandbox.baseUrl}/__sandbox/state`)).json()) as { data: { webhooks: { url: string }[] } };
  expect(state.data.webhooks.map((webhook) => webhook.url)).not.toContain(url);

  // The seeded subscription is inactive: "Activate" goes once it is on, and the focus goes to the result.
  const seed = 'https://hooks.acme.example/takedown-events';
  await activate(page, page.getByRole('button', { name: `Activate: ${seed}`, exact: true }));
  await expect(page.getByText(`Subscription to ${seed} activated`)).toBeFocused();
  await expect(page.getByRole('button', { name: `Activate: ${seed}`, exact: true })).toHaveCount(0);
  await expectVisibleFocus(page);
  expect(await focusLosses(page)).toEqual([]);
});

test('the options page: settings, theme, backup export and import', async ({ context, sandbox, extensionId, serviceWorker }) => {
  await connect(context, extensionId, sandbox);
  const page = await context.newPage();
  await openOptions(page, extensionId, 'reporting', 'Reporting and evidence');
  await tabTo(page, page.getByLabel('Your email, for status updates'));
  await type(page, 'soc@acme.example');
  await tabTo(page, page.getByRole('radio', { name: 'Takedown' }));
  await page.keyboard.press('ArrowDown');
  await activate(page, page.getByRole('button', { name: 'Save settings' }));
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect.poll(async () => (await readExtensionStorage(serviceWorker)).settings).toMatchObject({ reporterEmail: 'soc@acme.example', defaultAction: 'monitor' });

  await tabTo(page, page.getByRole('radio', { name: 'Follow the system (light or dark)' }));
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  await goToSection(page, 'Backup and policy');
  const download = page.waitForEvent('download');
  await activate(page, page.getByRole('button', { name: 'Export settings and history' }));
  const file = await (await download).path();
  await tabTo(page, page.getByLabel('Import settings and history…'));
  await chooseFilesWithSpace(page, [{ name: 'backup.json', mimeType: 'application/json', buffer: await readFile(file) }]);
  await expect(page.locator('.backup-outcome')).toHaveAttribute('data-step', 'imported');
  await expectVisibleFocus(page);
  expect(await focusLosses(page)).toEqual([]);
});
