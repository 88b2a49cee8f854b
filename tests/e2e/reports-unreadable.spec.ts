import type { BrowserContext, Page } from '@playwright/test';
import type { Sandbox } from '../sandbox/server.ts';
import { test, expect, openToolbarPopup } from './fixtures.ts';
import { clickMenu, connect, openPhishingPage, reportRequests, servePhishingPages } from './reporting-helpers.ts';
import { createIncidents, seedReports } from '../support/seed-extension.ts';

// Going back a version: the reports database is a version newer than this
// extension knows (as after going back to an older version of the
// extension). One that still has every store this version uses is used as it
// is: its reports are listed, new ones saved and sent. One a newer version
// changed beyond that is left untouched: My reports says so, with Reload the
// page, instead of loading for ever; a report from the menu or the popup
// sends nothing and says why. Each test has its own browser: the database is
// left that way.
test.use({ ownBrowser: true });

declare const chrome: { notifications: { create(...args: unknown[]): Promise<string> } };

/**
 * Makes the extension's database version 99, from one of its pages: `adds` a
 * store this version does not know, or `drops` the reports store (a change
 * this version cannot read).
 */
async function makeDatabaseNewer(page: Page, change: 'adds' | 'drops'): Promise<number> {
  return page.evaluate(
    (change) =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('takedown-reporter', 99);
        request.onupgradeneeded = () => {
          const database = request.result;
          if (change === 'adds') database.createObjectStore('labels', { keyPath: 'id' });
          else if (database.objectStoreNames.contains('reports')) database.deleteObjectStore('reports');
        };
        request.onsuccess = () => {
          request.result.close();
          resolve(request.result.version);
        };
        request.onerror = () => reject(request.error);
      }),
    change,
  );
}

/** Connected to the sandbox, with the database made newer from a page that is closed again; the phishing pages served. */
async function connectOverNewerDatabase(context: BrowserContext, extensionId: string, sandbox: Sandbox): Promise<void> {
  await servePhishingPages(context);
  await connect(context, extensionId, sandbox);
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  expect(await makeDatabaseNewer(options, 'drops')).toBe(99);
  await options.close();
}

test('My reports lists the reports a newer version left, and a new report is saved and sent over them', async ({ context, extensionId, sandbox, serviceWorker }) => {
  await servePhishingPages(context);
  await connect(context, extensionId, sandbox);
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html#reports`);
  await expect(options.locator('#my-reports')).toContainText('No reports yet.');
  await seedReports(options, await createIncidents(sandbox.baseUrl, 1));

  // A version newer than the extension's, that added a store: the open connections are asked to close, and do.
  expect(await makeDatabaseNewer(options, 'adds')).toBe(99);

  await options.reload();
  await expect(options.locator('.report-row', { hasText: 'login-0.acme-phish.com' })).toBeVisible();
  await expect(options.locator('#my-reports p.problem')).toHaveCount(0);

  const page = 'https://secure-acme-login.com/signin';
  await openPhishingPage(context, page);
  await clickMenu(serviceWorker, { menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: page });
  await expect.poll(async () => (await reportRequests(sandbox)).length).toBe(1);
  await options.bringToFront();
  await expect(options.locator('.report-row', { hasText: 'secure-acme-login.com' })).toBeVisible();
  await expect(options.locator('.report-row')).toHaveCount(2);
});

test('My reports says a newer version changed the reports beyond what this one reads, instead of loading for ever', async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html#reports`);
  await expect(options.locator('#my-reports')).toContainText('No reports yet.');

  // A version newer than the extension's, without the store this version reads.
  expect(await makeDatabaseNewer(options, 'drops')).toBe(99);

  await options.reload();
  const problem = options.locator('#my-reports p.problem');
  await expect(problem).toHaveText(
    'The reports kept in this browser were last changed by a newer version of the extension, in a way this version cannot read. Nothing was deleted; update the extension again to see them. Reload the page',
  );
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
