import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { test, expect, openToolbarPopup } from './fixtures.ts';
import { clickMenu, connect, incidentFor, waitForPage } from './reporting-helpers.ts';
import { PHISHING_HTML } from '../support/phishing-page.ts';

// "Record how I reached each page" (issue 41), in Chromium: a page reached
// through two redirects across two origins — a 302 from an open redirect on
// one local server, then a meta refresh on another — reported with the
// setting on and off. Real servers, not routed answers: the browser follows
// a real 302, as it would on the web.

interface Site {
  origin: string;
  close(): Promise<void>;
}

/** A local server on its own port: `/out?to=` answers 302 to `to`; `/bounce?to=` a meta refresh to it; anything else the phishing page. */
async function startSite(): Promise<Site> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to') ?? '/';
    if (url.pathname === '/out') response.writeHead(302, { location: to }).end();
    else if (url.pathname === '/bounce') response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><meta http-equiv="refresh" content="0; url=${to}"><title>One moment</title>`);
    else if (url.pathname === '/favicon.ico') response.writeHead(204).end();
    else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PHISHING_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // The browser keeps its connections open: closed here, or close() would wait for them.
      server.closeAllConnections();
    });
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close };
}

/** The two sites and the addresses of the way: the open redirect (302), the bounce page (meta refresh), the phishing page. */
async function startWay() {
  const [first, second] = await Promise.all([startSite(), startSite()]);
  const page = `${second.origin}/signin`;
  const bounce = `${second.origin}/bounce?to=${encodeURIComponent(page)}`;
  const start = `${first.origin}/out?to=${encodeURIComponent(bounce)}`;
  return { start, bounce, page, close: () => Promise.all([first.close(), second.close()]) };
}

declare const chrome: { storage: { session: { get(keys: null): Promise<Record<string, { chain?: { hops: unknown[] } }>> } } };

/** Opens `start` in a new tab, in front, and waits until it has reached `page` and the keeper has written down `hops` hops. */
async function followWay(context: BrowserContext, worker: Worker, start: string, page: string, hops: number): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(start);
  await tab.waitForURL(page);
  await tab.bringToFront();
  await expect.poll(() => worker.evaluate(async () => Object.values(await chrome.storage.session.get(null)).map((kept) => kept.chain?.hops.length ?? 0))).toContain(hops);
  return tab;
}

let way: Awaited<ReturnType<typeof startWay>>;

test.beforeEach(async ({ context, extensionId, sandbox }) => {
  way = await startWay();
  await connect(context, extensionId, sandbox);
});
test.afterEach(async () => {
  await way.close();
});

test('with the setting on, the popup shows the way, the review offers each hop and the record lists them in order', async ({
  context,
  sandbox,
  serviceWorker,
  optionsPage,
  debugPort,
  extensionId,
}) => {
  await optionsPage.open('reporting');
  const settings = optionsPage.page.getByRole('region', { name: 'Reporting and evidence' });
  const record = settings.getByLabel('Record how I reached each page');
  await expect(record).not.toBeChecked();
  await record.check();
  await settings.getByLabel('Confirm before sending menu and shortcut reports (opens the review window)').check();
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByRole('status')).toHaveText('Settings saved.');

  const tab = await followWay(context, serviceWorker, way.start, way.page, 3);

  const popup = await openToolbarPopup(tab, serviceWorker, debugPort, extensionId);
  const shown = popup.getByRole('region', { name: 'How this tab got here' });
  await expect(shown.getByRole('listitem')).toHaveText([`${new URL(way.start).host} (Open redirect)`, `${new URL(way.bounce).host} (Redirect)`, `${new URL(way.page).host} (Page reached)`]);
  await popup.close();

  await tab.bringToFront();
  await clickMenu(serviceWorker, { menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: way.page });
  const review = await waitForPage(context, '/review.html');
  const rows = review.locator('.review-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(way.start);
  await expect(rows.nth(0)).toContainText('Open redirect — step 1 of 3 on the way to the reported page');
  await expect(rows.nth(1)).toContainText('Redirect — step 2 of 3 on the way to the reported page');
  await expect(rows.nth(2)).toContainText('Page reached — step 3 of 3 on the way to the reported page');
  for (const [index, ticked] of [false, false, true].entries()) await expect(rows.nth(index).getByRole('checkbox')).toBeChecked({ checked: ticked });
  await review.getByRole('button', { name: 'Report 1 selected' }).click();
  await expect(review.locator('.review-tally')).toHaveText('1 sent');

  const text = (await incidentFor(sandbox, way.page))!.attachments.find((file) => file.name === 'evidence-record.txt')!.text!;
  const lines = text.split('\n');
  const first = lines.indexOf('How the browser reached this page (recorded by the extension in this tab):');
  expect(lines.slice(first + 2, first + 8)).toEqual([
    `  1. ${way.start}`,
    expect.stringMatching(/^ {5}Open redirect · sent on by a server redirect \(HTTP 3xx\) · \d{4}-\d\d-\d\dT/),
    `  2. ${way.bounce}`,
    expect.stringMatching(/^ {5}Redirect · sent on by a client redirect \(a meta refresh or a script\) · \d{4}-/),
    `  3. ${way.page}`,
    expect.stringMatching(/^ {5}Page reached · reached · \d{4}-/),
  ]);
});

test('with the setting off (the default), nothing is recorded and the record says so', async ({ context, sandbox, serviceWorker }) => {
  const tab = await context.newPage();
  await tab.goto(way.start);
  await tab.waitForURL(way.page);
  await tab.bringToFront();
  await clickMenu(serviceWorker, { menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: way.page });
  const text = (await incidentFor(sandbox, way.page))!.attachments.find((file) => file.name === 'evidence-record.txt')!.text!;
  expect(text).toContain('How the browser reached this page: not recorded (the setting “Record how I reached each page” is off).');
  expect(text).not.toContain(way.bounce);
  expect(Object.keys(await serviceWorker.evaluate(() => chrome.storage.session.get(null))).filter((key) => key.startsWith('navigation:'))).toEqual([]);
});
