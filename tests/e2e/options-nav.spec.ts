import { EXTENSION_DIR, test, expect } from './fixtures.ts';
import { measureBundles } from '../bench/measure-bundles.ts';
import { SECTIONS, type Section } from './pages/options-page.ts';
import { connect } from './reporting-helpers.ts';
import { createIncidents, seedReports } from '../support/seed-extension.ts';

// Issue 21: the options page in sections a user reaches in one click, each at
// its own address (options.html#reports), the current one marked; before
// connecting, what each section will hold and one way to connect.

// Walks through all seven sections: on two busy cores one takes 25–40 s, too near the 30 s default.
test.describe.configure({ timeout: 90_000 });

const ALL = Object.keys(SECTIONS) as Section[];
const NEEDS_CONNECTION: { section: Section; preview: RegExp }[] = [
  { section: 'reports', preview: /every report you make from this browser is listed here/ },
  { section: 'account', preview: /the clients your key reports for, the credits left for each, the dashboard users and the documents on file/ },
  { section: 'webhooks', preview: /lists the webhook subscriptions that post signed incident events/ },
];

test('a navigation of the seven sections: each link shows its section alone, its heading in view and focused', async ({ context, extensionId, sandbox, optionsPage }) => {
  await connect(context, extensionId, sandbox);
  const { page } = optionsPage;
  await optionsPage.open();
  await expect(optionsPage.nav.getByRole('link')).toHaveText(Object.values(SECTIONS));
  // No fragment: the first section.
  await expect(optionsPage.link('connection')).toHaveAttribute('aria-current', 'page');

  for (const section of [...ALL.slice(1), 'connection' as const]) {
    await optionsPage.link(section).click();
    await expect(page).toHaveURL(new RegExp(`/options\\.html#${section}$`));
    const heading = optionsPage.heading(section);
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();
    await expect(optionsPage.nav.locator('[aria-current="page"]')).toHaveText([SECTIONS[section]]);
    // Alone: every other section's heading is hidden.
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([SECTIONS[section]]);
  }

  // Back and Forward go through the sections followed.
  await page.goBack();
  await expect(optionsPage.heading('about')).toBeFocused();
  await page.goBack();
  await expect(optionsPage.heading('backup')).toBeVisible();
  await page.goForward();
  await expect(optionsPage.heading('about')).toBeVisible();
  await expect(optionsPage.link('about')).toHaveAttribute('aria-current', 'page');
});

test('options.html#reports opens on My reports, and a reload stays there', async ({ context, extensionId, sandbox, optionsPage }) => {
  await connect(context, extensionId, sandbox);
  const { page } = optionsPage;
  await page.goto(`chrome-extension://${extensionId}/options.html#reports`);
  await expect(optionsPage.heading('reports')).toBeInViewport();
  await expect(page.getByText('No reports yet.', { exact: false })).toBeVisible();
  await expect(optionsPage.heading('connection')).toBeHidden();
  await page.reload();
  await expect(optionsPage.heading('reports')).toBeInViewport();
  await expect(optionsPage.link('reports')).toHaveAttribute('aria-current', 'page');
  await expect(optionsPage.baseUrl).toBeHidden();
});

test('the Account section is loaded when first shown: none of it is in what the options page loads before My reports paints', () => {
  const bundles = measureBundles(EXTENSION_DIR);
  expect(bundles.files.options).not.toContainEqual(expect.stringMatching(/account-section/));
  expect(bundles.lazy.map(({ file }) => file)).toContainEqual(expect.stringMatching(/^chunks\/account-section-[\w-]+\.js$/));
});

test('every card of every section is one width', async ({ context, extensionId, sandbox, optionsPage }) => {
  await connect(context, extensionId, sandbox);
  const { page } = optionsPage;
  await page.setViewportSize({ width: 1600, height: 900 });
  await optionsPage.open();
  const widths: Record<string, number[]> = {};
  for (const section of ALL) {
    await optionsPage.show(section);
    const cards = page.locator(`#section-${section} .card`);
    await expect(cards.first()).toBeVisible();
    widths[section] = await cards.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().width)));
  }
  const all = Object.values(widths).flat();
  // Connection 1, Reporting 2, My reports 2, Account 1, Webhooks 1, Backup and policy 2, About 1.
  expect(all).toHaveLength(10);
  expect(new Set(all).size, JSON.stringify(widths)).toBe(1);
  // On a wide screen, wide enough for My reports' table (70rem), the card's padding and border: no sideways scroll.
  const rem = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  expect(all[0]).toBeGreaterThanOrEqual(72.5 * rem + 2);
});

test('before connecting: no empty box; each section that needs the service says what it will hold, with one call to connect', async ({ optionsPage }) => {
  const { page } = optionsPage;
  await optionsPage.open();
  await expect(page.locator('[data-state="not_configured"]')).toBeVisible();

  for (const section of ALL) {
    await optionsPage.show(section);
    const cards = page.locator(`#section-${section} .card`);
    await expect(cards.first()).toBeVisible();
    for (const text of await cards.allInnerTexts()) expect(text.trim(), `a card of ${section} says something`).not.toBe('');
  }

  for (const { section, preview } of NEEDS_CONNECTION) {
    await optionsPage.show(section);
    const shown = page.locator(`#section-${section}`);
    await expect(shown.getByText(preview)).toBeVisible();
    await expect(shown.getByRole('link')).toHaveText(['Connect first']);
    await expect(shown.getByRole('heading', { name: 'Insights' })).toHaveCount(0);
    await shown.getByRole('link', { name: 'Connect first' }).click();
    await expect(page).toHaveURL(/#connection$/);
    await expect(optionsPage.heading('connection')).toBeFocused();
    await expect(optionsPage.baseUrl).toBeVisible();
  }
});

test('the popup’s “Reports and settings” opens My reports', async ({ context, extensionId, sandbox, popupPage }) => {
  await connect(context, extensionId, sandbox);
  await popupPage.open();
  const [options] = await Promise.all([context.waitForEvent('page'), popupPage.page.getByRole('button', { name: 'Reports and settings' }).click()]);
  await expect(options).toHaveURL(/\/options\.html#reports$/);
  await expect(options.getByRole('heading', { level: 2, name: 'My reports', exact: true })).toBeInViewport();
  await expect(options.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'My reports' })).toHaveAttribute('aria-current', 'page');
});

test('a notification’s link to one report (#report-<id>) opens My reports on its row', async ({ context, extensionId, sandbox, optionsPage }) => {
  await connect(context, extensionId, sandbox);
  const ids = await createIncidents(sandbox.baseUrl, 60);
  await optionsPage.open();
  await seedReports(optionsPage.page, ids);
  // A new tab, as the notification opens one (utils/background/reporting.ts).
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html#report-seed-45`);
  await expect(page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'My reports' })).toHaveAttribute('aria-current', 'page');
  const row = page.locator('#report-seed-45');
  await expect(row).toHaveClass(/report-target/);
  await expect(row).toBeInViewport();
  await expect(row).toContainText('https://login-45.acme-phish.com/');
});

test('the review window’s “not connected” leads to the Connection section', async ({ context, extensionId }) => {
  const review = await context.newPage();
  await review.goto(`chrome-extension://${extensionId}/review.html`);
  const link = review.getByRole('link', { name: 'Open the connection settings' });
  await expect(link).toHaveAttribute('href', `chrome-extension://${extensionId}/options.html#connection`);
  const [options] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(options.getByRole('heading', { level: 2, name: 'Connection', exact: true })).toBeVisible();
  await expect(options.getByLabel('Service URL')).toBeVisible();
});

declare const chrome: {
  commands: { getAll(): Promise<{ name?: string; shortcut?: string }[]> };
  developerPrivate: { updateExtensionCommand(update: { extensionId: string; commandName: string; keybinding: string }): Promise<void> };
};

test('About shows the reporting shortcut once the user sets it in the browser, without reloading (issue 44, point 11)', async ({ extensionId, serviceWorker, context }) => {
  const about = await context.newPage();
  await about.goto(`chrome-extension://${extensionId}/options.html#about`);
  const row = about.locator('.fact', { hasText: 'Report the current page with your default action' });
  await expect(row.locator('dd')).toHaveText('Not set');

  // The user sets it on the browser's own shortcuts page, as its key field does, and comes back.
  const shortcuts = await context.newPage();
  await shortcuts.goto('chrome://extensions/shortcuts');
  await shortcuts.evaluate((id) => chrome.developerPrivate.updateExtensionCommand({ extensionId: id, commandName: 'report-page', keybinding: 'Alt+Shift+R' }), extensionId);
  const set = (await serviceWorker.evaluate(() => chrome.commands.getAll())).find((command) => command.name === 'report-page')!.shortcut;
  expect(set).toBe('Alt+Shift+R');
  await about.bringToFront();
  // Headless Chromium gives the page no focus event when it comes back to the front (a headed one does): sent as it would be.
  await about.evaluate(() => dispatchEvent(new FocusEvent('focus')));
  await expect(row.locator('dd')).toHaveText(set!);
  await expect(about.getByText('Not set')).toHaveCount(0);
});
