import type { Worker } from '@playwright/test';
import { test, expect, openToolbarPopup } from './fixtures.ts';
import { connect, openPhishingPage, servePhishingPages } from './reporting-helpers.ts';

// What the popup captures and keeps (issue 19): only the evidence the
// settings allow, and no unsent draft once the popup closes unless the user
// kept it.

const PAGE = 'https://secure-acme-login.com/signin';

declare const chrome: { storage: { local: { set(items: object): Promise<void> } } };

interface StoredDraft {
  id: string;
  keptAt?: string;
  comment?: string;
  roles: string[];
}

/** The unsent drafts as stored, read straight from IndexedDB. */
function drafts(worker: Worker): Promise<StoredDraft[]> {
  return worker.evaluate(
    () =>
      new Promise<StoredDraft[]>((resolve, reject) => {
        const open = indexedDB.open('takedown-reporter');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('reports').objectStore('reports').getAll();
          request.onsuccess = () => {
            open.result.close();
            const all = request.result as { id: string; state: string; keptAt?: string; fields: { comment?: string }; files: { role: string }[] }[];
            resolve(
              all
                .filter((report) => report.state === 'draft')
                .map((report) => ({
                  id: report.id,
                  ...(report.keptAt ? { keptAt: report.keptAt } : {}),
                  ...(report.fields.comment ? { comment: report.fields.comment } : {}),
                  roles: report.files.map((file) => file.role),
                })),
            );
          };
        };
      }),
  );
}

test.beforeEach(async ({ context, extensionId, sandbox }) => {
  await servePhishingPages(context);
  await connect(context, extensionId, sandbox);
});

test('the popup captures only the evidence the settings allow', async ({ context, serviceWorker, debugPort, extensionId }) => {
  await serviceWorker.evaluate(() => chrome.storage.local.set({ settings: { evidence: { screenshot: false, pageSource: false, pageDetails: true } } }));
  const page = await openPhishingPage(context, PAGE);
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await expect(popup.getByLabel('Forms, outbound links and script origins')).toBeChecked();
  await expect(popup.getByLabel(/Screenshot, stamped/)).toHaveCount(0);
  await expect(popup.getByLabel('Page source (HTML)')).toHaveCount(0);
  await expect(popup.getByRole('img', { name: 'The screenshot that will be sent' })).toHaveCount(0);
  await expect.poll(async () => (await drafts(serviceWorker)).map((draft) => draft.roles)).toEqual([['page_details']]);
});

test('an unsent draft is deleted when the popup closes; one the user kept comes back as it was left', async ({ context, serviceWorker, debugPort, extensionId }) => {
  const page = await openPhishingPage(context, PAGE);
  let popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await expect(popup.getByRole('button', { name: 'Report for takedown' })).toBeEnabled();
  await expect.poll(async () => (await drafts(serviceWorker)).length).toBe(1);
  await popup.close();
  await expect.poll(async () => drafts(serviceWorker)).toEqual([]);

  popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await expect(popup.getByRole('button', { name: 'Report for takedown' })).toBeEnabled();
  await popup.getByLabel('Comment for the analyst (optional)').fill('Kit seen in an SMS campaign');
  await popup.getByRole('button', { name: 'Keep as draft' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Kept as a draft for 2 days' })).toBeVisible();
  await popup.close();
  // Closing never removes a kept draft.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await drafts(serviceWorker)).toEqual([expect.objectContaining({ keptAt: expect.any(String), comment: 'Kit seen in an SMS campaign' })]);

  popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await expect(popup.getByLabel('Comment for the analyst (optional)')).toHaveValue('Kit seen in an SMS campaign');
  await expect(popup.getByLabel(/Screenshot, stamped/)).toBeChecked();
  expect(await drafts(serviceWorker)).toHaveLength(1);
  await popup.getByRole('button', { name: 'Discard this draft' }).click();
  await expect.poll(async () => drafts(serviceWorker)).toEqual([]);
});
