import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect, openToolbarPopup } from './fixtures.ts';
import { OptionsPage, SECTIONS, type Section } from './pages/options-page.ts';
import { clickMenu, connect, openPhishingPage, servePhishingPages, waitForPage } from './reporting-helpers.ts';
import { FINGERPRINT_FILE, SCREENSHOTS_DIR, uiFingerprint } from '../support/ui-fingerprint.ts';

// The README's screenshots, taken from the real build in light and dark.
// Only with UPDATE_SCREENSHOTS=1 (`npm run screenshots`); the unit test
// tests/unit/docs/screenshots-current.test.ts fails when the UI changed
// since they were taken.

test.skip(!process.env.UPDATE_SCREENSHOTS, 'Takes the README screenshots: npm run screenshots');

const PAGE = 'https://secure-acme-login.com/signin';

declare const chrome: { storage: { local: { set(items: object): Promise<void> } } };

async function shoot(page: Page, name: string, options: { fullPage?: boolean; element?: string } = {}): Promise<void> {
  const { element, ...pageOptions } = options;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    // Let the scheme's colours settle before the picture.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const picture = { path: path.join(SCREENSHOTS_DIR, `${name}-${colorScheme}.png`), animations: 'disabled', caret: 'hide' } as const;
    await (element ? page.locator(element).screenshot(picture) : page.screenshot({ ...picture, ...pageOptions }));
  }
}

/** A store screenshot: 1280×800, the size the Chrome Web Store and Edge Add-ons take, light (docs/store/README.md). */
async function shootForStore(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `store-${name}.png`), animations: 'disabled', caret: 'hide' });
}

test('the popup, the review window, the incident view and each section of the options page', async ({ context, extensionId, sandbox, serviceWorker, debugPort }) => {
  test.setTimeout(150_000);
  await servePhishingPages(context);
  await connect(context, extensionId, sandbox);

  // The popup over a phishing page, ready to report.
  const page = await openPhishingPage(context, PAGE);
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await expect(popup.getByLabel('Report', { exact: true })).toHaveValue(PAGE);
  // Captured: the send bar's summary names the evidence.
  await expect(popup.locator('button[aria-controls="report-details"]')).toHaveText(/^Screenshot, page source, details · /);
  await expect(popup.getByRole('button', { name: 'Report for takedown' })).toBeEnabled();
  // The form, whole, as a user's popup shows it (364 × 579 in a headed Chromium): headless Chromium opens
  // the popup 510 px tall and keeps room for scrollbars beside it (tests/e2e/popup-layout.spec.ts).
  await shoot(popup, 'popup', { element: 'main.popup' });
  await popup.getByRole('button', { name: 'Report for takedown' }).click();
  await expect(popup.locator('[data-report-state]')).toHaveAttribute('data-report-state', 'sent');
  await popup.close();

  // A selection read into indicators, in the review window.
  await clickMenu(serviceWorker, {
    menuItemId: 'takedown-reporter:report-selection',
    selectionText: 'Call +44 20 7946 0958 or write to refunds[at]acme-billing[.]com, or pay at hxxps://pay-acme-billing[.]com/checkout',
  });
  const review = await waitForPage(context, '/review.html');
  await expect(review.locator('.review-row')).toHaveCount(3);
  await review.setViewportSize({ width: 620, height: 760 });
  await shoot(review, 'review');

  // A phishing email dropped on the review window: its headers, warnings and indicators.
  await serviceWorker.evaluate(() => chrome.storage.local.set({ settings: { ownDomains: ['examplebank.com'] } }));
  const emailReview = await context.newPage();
  await emailReview.setViewportSize({ width: 620, height: 1400 });
  await emailReview.goto(`chrome-extension://${extensionId}/review.html?email=1`);
  await emailReview.getByLabel('Open emails or lists…').setInputFiles(path.resolve('tests/fixtures/email/phish-examplebank.eml'));
  await expect(emailReview.locator('.email-card')).toBeVisible();
  await emailReview.locator('.email-received summary').click();
  await emailReview.locator('.email-attachments summary').click();
  await emailReview.getByRole('button', { name: 'Search more text for indicators…' }).focus();
  await shoot(emailReview, 'review-email', { fullPage: true });
  await shootForStore(emailReview, 'email');

  // The incident the popup reported, in its full view.
  const created = await fetch(`${sandbox.baseUrl}/__sandbox/incidents`, {
    method: 'POST',
    body: JSON.stringify({ clientId: 'cl_acme', subject: 'https://acme-secure-verify.com/login', url: 'https://acme-secure-verify.com/login', status: 'action_required' }),
  });
  const { id } = ((await created.json()) as { data: { id: string } }).data;
  const incident = await context.newPage();
  await incident.setViewportSize({ width: 900, height: 900 });
  await incident.goto(`chrome-extension://${extensionId}/incident.html#${encodeURIComponent(id)}`);
  await expect(incident.locator('.incident')).toBeVisible();
  await shoot(incident, 'incident');
  await shootForStore(incident, 'incident');

  // The options page, one picture per section; My reports holds the report.
  const options = new OptionsPage(await context.newPage(), extensionId);
  await options.page.setViewportSize({ width: 1200, height: 900 });
  await options.open();
  await expect(options.page.locator('[data-state="connected"]').first()).toBeVisible();
  const ready: Partial<Record<Section, Locator>> = {
    reports: options.page.locator('.report-row').first(),
    account: options.page.getByRole('table', { name: 'Remaining credits per client' }),
    webhooks: options.page.getByRole('region', { name: 'New subscription' }),
    reporting: options.page.getByRole('button', { name: 'Save settings' }),
    backup: options.page.getByRole('button', { name: 'Export settings and history' }),
  };
  for (const section of Object.keys(SECTIONS) as Section[]) {
    await options.show(section);
    await ready[section]?.waitFor();
    // The heading the link focused would show its outline in the picture.
    await options.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await shoot(options.page, `options-${section}`, { fullPage: true });
    if (section !== 'reports') continue;
    await shootForStore(options.page, 'my-reports');
    await options.page.setViewportSize({ width: 1200, height: 900 });
  }

  writeFileSync(FINGERPRINT_FILE, `${uiFingerprint()}\n`);
});
