import type { Page } from 'puppeteer-core';
import { test, expect, openWebPage, PRODUCTION_BUILD } from './fixtures.ts';
import { click, setChecked, textsOf } from './dom.ts';
import { clickMenu, connect, openPopupOver } from './steps.ts';
import { showSection } from './options-steps.ts';
import { incidentFor } from '../e2e/reporting-helpers.ts';
import type { WebServer } from './web-server.ts';

// "Record how I reached each page" (issue 41) in Firefox: a page reached
// through a 302 on one site and a meta refresh on another, with the setting on
// and off; and in the build users get, the permission asked for in the click.

declare const browser: {
  storage: { session: { get(keys: null): Promise<Record<string, { chain?: { hops: { url: string; left?: string }[] } }>> } };
  permissions: { contains(permissions: object): Promise<boolean> };
};

/** The way to `/<name>`: an open redirect on one site (302), a bounce page on another (meta refresh), the phishing page. */
function wayOn(web: WebServer, name: string) {
  const page = `${web.origin('acme-secure-login.com')}/${name}`;
  const bounce = `${web.origin('acme-billing.com')}/bounce-${name}`;
  web.serve(`/bounce-${name}`, `<!doctype html><meta http-equiv="refresh" content="0; url=${page}"><title>One moment</title>`);
  return { start: `${web.origin('pay.evil-link.com')}/out?to=${encodeURIComponent(bounce)}`, bounce, page };
}

/** Every way the extension keeps, as each tab's addresses with how each was left. `from`: any extension page. */
function keptWays(from: Page): Promise<string[][]> {
  return from.evaluate(async () =>
    Object.entries(await browser.storage.session.get(null))
      .filter(([key]) => key.startsWith('navigation:'))
      .map(([, kept]) => (kept.chain?.hops ?? []).map((hop) => `${hop.url}${hop.left ? ` (${hop.left})` : ''}`)),
  );
}

/** Turns the setting on in the options page, with a real click, and saves. */
async function turnOn(options: Page): Promise<void> {
  await showSection(options, 'reporting');
  await setChecked(options, 'Record how I reached each page');
  await click(options, 'Save settings');
  await expect.poll(() => options.evaluate(() => document.querySelector('.settings-form [role="status"]')?.textContent)).toBe('Settings saved.');
}

test('with the setting on, the popup shows the way and the record lists both redirects in order; off, it says not recorded', async ({ extension, sandbox, web }) => {
  const options = await connect(extension, sandbox);
  const unrecorded = wayOn(web, 'verify');
  const before = await openWebPage(extension.browser, unrecorded.start);
  await expect.poll(() => before.evaluate(() => location.href)).toBe(unrecorded.page);
  await clickMenu(options, { menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: unrecorded.page });
  const off = (await incidentFor(sandbox, unrecorded.page))!.attachments.find((file) => file.name === 'evidence-record.txt')!.text!;
  expect(off).toContain('How the browser reached this page: not recorded (the setting “Record how I reached each page” is off).');
  expect(await keptWays(options)).toEqual([]);
  await before.close();

  await turnOn(options);
  const way = wayOn(web, 'signin');
  const tab = await openWebPage(extension.browser, way.start);
  await expect.poll(() => keptWays(options)).toContainEqual([`${way.start} (server_redirect)`, `${way.bounce} (client_redirect)`, way.page]);

  const popup = await openPopupOver(extension, tab);
  expect(await textsOf(popup, '.navigation-way li')).toEqual([`${new URL(way.start).host} (Open redirect)`, `${new URL(way.bounce).host} (Redirect)`, `${new URL(way.page).host} (Page reached)`]);
  await popup.close();

  await tab.bringToFront();
  await clickMenu(options, { menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: way.page });
  const text = (await incidentFor(sandbox, way.page))!.attachments.find((file) => file.name === 'evidence-record.txt')!.text!;
  const lines = text.split('\n');
  const first = lines.indexOf('How the browser reached this page (recorded by the extension in this tab):');
  expect(lines.slice(first + 2, first + 8)).toEqual([
    `  1. ${way.start}`,
    expect.stringMatching(/^ {5}Open redirect · sent on by a server redirect \(HTTP 3xx\) · \d{4}-/),
    `  2. ${way.bounce}`,
    expect.stringMatching(/^ {5}Redirect · sent on by a client redirect \(a meta refresh or a script\) · \d{4}-/),
    `  3. ${way.page}`,
    expect.stringMatching(/^ {5}Page reached · reached · \d{4}-/),
  ]);
});

test.describe('the build users get', () => {
  test.use({ build: PRODUCTION_BUILD });

  test('asks for the permission in the click, records at once without a restart, and gives it back when turned off', async ({ extension, web }) => {
    const way = wayOn(web, 'signin');
    const options = await extension.open('options.html');
    const held = () => options.evaluate(() => browser.permissions.contains({ permissions: ['webNavigation'] }));
    expect(await held()).toBe(false);
    await turnOn(options);
    expect(await held()).toBe(true);

    await openWebPage(extension.browser, way.start);
    await expect.poll(() => keptWays(options)).toContainEqual([`${way.start} (server_redirect)`, `${way.bounce} (client_redirect)`, way.page]);

    await setChecked(options, 'Record how I reached each page', false);
    await expect.poll(held).toBe(false);
    // The permission taken back: every way is forgotten.
    await expect.poll(() => keptWays(options)).toEqual([]);
  });
});
