import { browser } from 'wxt/browser';
import { PAGE_PATHS } from './protocol';

// The review page's one way in, for the popup and the worker alike: a small
// window of its own where the browser has windows, a tab where it has none.

/** Wide enough for a list of indicators and their warnings, short enough for a laptop's screen. */
const REVIEW_WINDOW = { type: 'popup', width: 620, height: 760 } as const;

/**
 * Opens the review page with `query` (`?email=1`) in a small window; in a tab
 * where `windows` is absent (Firefox for Android, docs/releasing.md), so the
 * review opens there instead of failing.
 */
export async function openReviewPage(query = ''): Promise<void> {
  const url = browser.runtime.getURL(`${PAGE_PATHS.review}${query}`);
  if (browser.windows) await browser.windows.create({ url, ...REVIEW_WINDOW });
  else await browser.tabs.create({ url });
}
