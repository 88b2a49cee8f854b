import { test, expect } from './fixtures.ts';
import { connect } from './reporting-helpers.ts';

// My reports when the reports kept in this browser cannot be read: here the
// database is a version newer than this extension knows (as after going back
// to an older version of the extension), so opening it fails. The page says
// so, with Reload the page, instead of loading for ever. Its own browser: the
// database is left unreadable for the rest of the test.
test.use({ ownBrowser: true });

test('My reports says the reports kept in this browser cannot be read, instead of loading for ever', async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html#reports`);
  await expect(options.locator('#my-reports')).toContainText('No reports yet.');

  // A version newer than the extension's: the open connections are asked to close, and do.
  const version = await options.evaluate(
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
  expect(version).toBe(99);

  await options.reload();
  const problem = options.locator('#my-reports p.problem');
  await expect(problem).toHaveText('The reports kept in this browser could not be read. Nothing was deleted; reload the page to try again. Reload the page');
  await expect(problem).toHaveAttribute('role', 'alert');
  await expect(options.locator('#my-reports .status-pending')).toHaveCount(0);
  await expect(problem.getByRole('button', { name: 'Reload the page' })).toBeVisible();
});
