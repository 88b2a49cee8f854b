import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { test, expect, navigateExtensionPage, openWebPage, setViewportSize } from './fixtures.ts';
import { find } from './dom.ts';
import { connect, openPopupOver } from './steps.ts';
import { SCREENSHOTS_DIR } from '../support/ui-fingerprint.ts';

// The README's Firefox screenshots (the popup and the options page, light and
// dark), taken from the real Firefox build in Firefox. Only with
// UPDATE_SCREENSHOTS=1 (`npm run screenshots`).

test.skip(!process.env.UPDATE_SCREENSHOTS, 'Takes the README screenshots: npm run screenshots');

/** Chooses a theme in the settings, as a user does; every open page follows it. */
async function chooseTheme(options: Page, url: string, theme: 'light' | 'dark'): Promise<void> {
  await navigateExtensionPage(options, url);
  await (await find(options, `input[type="radio"][value="${theme}"]`)).click();
  await expect.poll(() => options.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(theme === 'dark' ? 'rgb(22, 25, 29)' : 'rgb(255, 255, 255)');
}

test('the popup and the options page in Firefox, light and dark', async ({ extension, sandbox, web }) => {
  test.setTimeout(90_000);
  const options = await connect(extension, sandbox);
  const page = await openWebPage(extension.browser, `${web.origin()}/signin`);
  for (const theme of ['light', 'dark'] as const) {
    await chooseTheme(options, extension.url('options.html#reporting'), theme);
    const popup = await openPopupOver(extension, page);
    await expect.poll(() => popup.evaluate(() => (document.querySelector('button[aria-controls="report-details"]')?.textContent ?? '').startsWith('Screenshot, page source, details · '))).toBe(true);
    await popup.screenshot({ path: path.join(SCREENSHOTS_DIR, `firefox-popup-${theme}.png`) });
    await popup.close();

    await setViewportSize(options, 1280, 900);
    await navigateExtensionPage(options, extension.url('options.html#connection'));
    await find(options, '[data-state="connected"]');
    await options.screenshot({ path: path.join(SCREENSHOTS_DIR, `firefox-options-${theme}.png`) });
  }
});
