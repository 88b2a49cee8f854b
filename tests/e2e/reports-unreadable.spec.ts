import type { BrowserContext, Page } from '@playwright/test';
import type { Sandbox } from '../sandbox/server.ts';
import { test, expect, openToolbarPopup } from './fixtures.ts';
import { clickMenu, connect, openPhishingPage, reportRequests, servePhishingPages } from './reporting-helpers.ts';

// When the reports kept in this browser cannot be read or written: here the
// database is a version newer than this extension knows (as after going back
// to an older version of the extension), so opening it fails. My reports says
// so, with Reload the page, instead of loading for ever; a report from the
// menu or the popup sends nothing and says why. Each test has its own
// browser: the database is left that way.
test.use({ ownBrowser: true });

declare const chrome: { notifications: { create(...args: unknown[]): Promise<string> } };

/** Makes the extension's database one version newer than it knows, from one of its pages. */
async function makeDatabaseNewer(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('takedown-reporter', 99);
        request.onsuccess = () => {
          request.result.close();
          resolve(request.result.version);
        };
        request.onerror = () => reject(request.error);
      }),
  );
}

/** Connected to the sandbox, with the database made newer from a page that is closed again; the phishing pages served. */
async function connectOverNewerDatabase(context: BrowserContext, extensionId: string, sandbox: Sandbox): Promise<void> {
  await servePhishingPages(context);
  await connect(context, extensionId, sandbox);
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  expect(await makeDatabaseNewer(options)).toBe(99);
  await options.close();
}

test('My reports says the reports kept in this browser cannot be read, instead of loading for ever', async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html#reports`);
  await expect(options.locator('#my-reports')).toContainText('No reports yet.');

  // A version newer than the extension's: the open connections are asked to close, and do.
  expect(await makeDatabaseNewer(options)).toBe(99);

  await options.reload();
  const problem = options.locator('#my-reports p.problem');
  await expect(problem).toHaveText('The reports kept in this browser could not be read. Nothing was deleted; reload the page to try again. Reload the page');
  await expect(problem).toHaveAttribute('role', 'alert');
  await expect(options.locator('#my-reports .status-pending')).toHaveCount(0);
  await expect(problem.getByRole('button', { name: 'Reload the page' })).toBeVisible();
});

test('a menu report the browser cannot save sends nothing, and its notification says why', async ({ context, extensionId, sandbox, serviceWorker }) => {
  await connectOverNewerDatabase(context, extensionId, sandbox);
  // The notifications the worker shows, as it shows them.
  await serviceWorker.evaluate(() => {
    const shown: unknown[] = [];
    const create = chrome.notifications.create.bind(chrome.notifications);
    chrome.notifications.create = (...args: unknown[]) => {
      shown.push(args.at(-1));
      return create(...args);
    };
    Object.assign(globalThis, { shownNotifications: shown });
  });
  const page = 'https://secure-acme-login.com/signin';
  await openPhishingPage(context, page);
  await clickMenu(serviceWorker, { menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: page });
  await expect
    .poll(() => serviceWorker.evaluate(() => (globalThis as unknown as { shownNotifications: unknown[] }).shownNotifications))
    .toEqual([
      expect.objectContaining({
        title: 'Nothing was reported',
        message: 'The report could not be saved in this browser, so nothing was sent. Try again; if it keeps failing, restart the browser.',
      }),
    ]);
  expect(await reportRequests(sandbox)).toEqual([]);
});

test('the popup over a database it cannot open says the report cannot be saved, not that the service failed', async ({ context, extensionId, sandbox, serviceWorker, debugPort }) => {
  await connectOverNewerDatabase(context, extensionId, sandbox);
  const page = await openPhishingPage(context, 'https://secure-acme-login.com/signin');
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await expect(popup.locator('main .problem')).toHaveText('The report could not be saved in this browser, so nothing was sent. Try again; if it keeps failing, restart the browser.');
  expect(await reportRequests(sandbox)).toEqual([]);
});
