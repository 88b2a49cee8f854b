import type { BrowserContext, Page } from '@playwright/test';

declare const chrome: { tabs: { query(query: object): Promise<{ id: number; url?: string }[]> } };

/** The review window opened for the webmail tab at `origin`, as the popup opens it (`?webmail=<tab id>`). */
export async function openWebmailReview(context: BrowserContext, extensionId: string, origin: string): Promise<Page> {
  const review = await context.newPage();
  await review.goto(`chrome-extension://${extensionId}/review.html`);
  const tabId = await review.evaluate(async (origin) => (await chrome.tabs.query({})).find((each) => each.url?.startsWith(`${origin}/`))!.id, origin);
  await review.goto(`chrome-extension://${extensionId}/review.html?email=1&webmail=${tabId}`);
  return review;
}
