import type { Page } from 'puppeteer-core';
import { test, expect, openWebPage } from './fixtures.ts';
import { clickButton, control, field, fill, find, textOf, textsOf } from './dom.ts';
import { clickMenu, connect, openPopupOver } from './steps.ts';
import { badgeText, clickClosing, download, openTabUrls, waitForExtensionPage } from './review-steps.ts';
import { incidentFor, reportRequests } from '../e2e/reporting-helpers.ts';

// Reports from the context menu and the review window, in Firefox. A native
// menu cannot be clicked over WebDriver BiDi: the sandbox build exposes the
// dispatcher the menu's click listener calls (steps.ts: clickMenu).

/** The `data-report-state` of each review row's result ('' while a row has none). */
function rowStates(review: Page): Promise<string[]> {
  return review.evaluate(() => [...document.querySelectorAll('.review-row')].map((row) => row.querySelector('[data-report-state]')?.getAttribute('data-report-state') ?? ''));
}

/** Each review row's checkbox: [checked, disabled]. */
function rowBoxes(review: Page): Promise<[boolean, boolean][]> {
  return review.evaluate(() => [...document.querySelectorAll<HTMLInputElement>('.review-row input[type="checkbox"]')].map((box): [boolean, boolean] => [box.checked, box.disabled]));
}

const progress = (review: Page) => textOf(review, '.review > p[role="status"]');

test('the page and a link on it reported from the menu: the page for monitoring, the link at once without visiting it, the page as its evidence', async ({ extension, sandbox, web }) => {
  const options = await connect(extension, sandbox);
  const pageUrl = `${web.origin()}/signin`;
  await openWebPage(extension.browser, pageUrl);

  await clickMenu(options, { menuItemId: 'takedown-reporter:report-page-monitor', pageUrl });
  const page = (await incidentFor(sandbox, pageUrl))!;
  expect(page).toMatchObject({ status: 'pre_weaponised' });
  expect(page.attachments.map((file) => file.name)).toEqual([expect.stringMatching(/^screenshot-/), 'page-source.txt', 'page-details.txt', 'evidence-record.txt']);

  const link = 'https://pay.evil-link.com/checkout';
  await clickMenu(options, { menuItemId: 'takedown-reporter:report-link-tkd', linkUrl: link, pageUrl });
  const incident = (await incidentFor(sandbox, link))!;
  expect(incident.status).toBe('pending_review');
  expect(incident.attachments.map((file) => file.name)).toEqual([expect.stringMatching(/^screenshot-/), 'page-source.txt', 'page-details.txt', 'evidence-record.txt']);
  const [shot, source, , record] = incident.attachments;
  expect(shot!.size).toBeGreaterThan(5_000);
  // The evidence is the page the link was found on.
  expect(source!.text).toContain('<h1>Acme Bank secure sign-in</h1>');
  expect(record!.text).toContain(`Reported address: ${link}`);
  expect(record!.text).toContain(`Address shown in the tab: ${pageUrl}`);
  expect((await reportRequests(sandbox)).map((request) => [request.path, request.status])).toEqual([
    ['/v1/incident/monitor', 200],
    ['/v1/incident/tkd', 200],
  ]);
  expect(await badgeText(options)).toBe('✓');
  // The link itself was never opened.
  expect((await openTabUrls(options)).filter((url) => url.includes('evil-link'))).toEqual([]);
});

test('a selection opens the review window; an email and a phone are reported from it, one result per row, the results saved as CSV', async ({ extension, sandbox, web, downloads }) => {
  const options = await connect(extension, sandbox);
  await openWebPage(extension.browser, `${web.origin()}/signin`);
  await clickMenu(options, {
    menuItemId: 'takedown-reporter:report-selection',
    selectionText: 'Call +44 20 7946 0958 or write to refunds[at]acme-billing[.]com or see hxxps://bad-site[.]notatld',
  });
  const review = await waitForExtensionPage(extension, 'review.html');
  await expect.poll(() => textsOf(review, '.review-row code')).toEqual(['+442079460958', 'refunds@acme-billing.com', 'https://bad-site.notatld/']);
  // A top-level domain the bundled list does not know: a warning, left for the user to tick (issue 19), never refused.
  expect(await textOf(review, '.review-row:nth-child(3) .warning')).toBe('Not a known top-level domain — check the spelling. The service will judge it; you can still look it up or report it.');
  expect(await rowBoxes(review)).toEqual([
    [true, false],
    [true, false],
    [false, false],
  ]);
  // The selection's page is sent with each report.
  // A selection's page may be internal: its reports go with the record alone unless ticked (issue 44).
  await expect.poll(() => textOf(review, '.review')).toMatch(/The page you selected from may be internal/);

  await (await field(review, 'Action for refunds@acme-billing.com')).select('monitor');
  await clickButton(review, 'Report 2 selected');
  await expect.poll(() => progress(review), { timeout: 15_000 }).toBe('2 sent');
  expect(await rowStates(review)).toEqual(['sent', 'sent', '']);

  expect(await incidentFor(sandbox, '+442079460958')).toMatchObject({ incidentType: 'phone', status: 'pending_review' });
  const email = (await incidentFor(sandbox, 'refunds@acme-billing.com'))!;
  expect(email).toMatchObject({ incidentType: 'email', status: 'pre_weaponised' });
  expect(email.attachments.map((file) => file.name)).toContain('evidence-record.txt');
  expect(await incidentFor(sandbox, 'https://bad-site.notatld/')).toBeUndefined();
  expect((await reportRequests(sandbox)).map((request) => request.path).sort()).toEqual(['/v1/incident/monitor', '/v1/incident/tkd']);

  // The results, saved through the page's own download link (a blob URL the page revokes a minute later).
  const csv = await download(downloads, /^takedown-reports-.*\.csv$/, () => clickButton(review, 'Export results (CSV)'));
  expect(csv.split('\r\n')[0]).toBe('indicator,type,action,result,incident_id,incident_status,dashboard_url,message');
  expect(csv).toContain(`refunds@acme-billing.com,email,monitor,sent,${email.id}`);
});

test('a pasted list is refanged, deduplicated and reported one by one, an existing incident offered for follow-up', async ({ extension, sandbox }) => {
  const options = await connect(extension, sandbox);
  // The popup's "Report a list…" opens the review window empty.
  const popup = await openPopupOver(extension, options);
  // Once the popup has laid itself out: its credits line comes last and moves the links under it down, and a
  // click aims where the link was a moment before. (Not a key press: keys go to the tab in front, not the popup's.)
  await find(popup, '.credits-line');
  await clickClosing(await control(popup, 'Report a list…'));
  const review = await waitForExtensionPage(extension, 'review.html');
  // The popup closed itself, as it does over the toolbar.
  await expect.poll(async () => (await openTabUrls(options)).filter((url) => url.includes('/popup.html'))).toEqual([]);
  await fill(review, 'Text to search for indicators', ['hxxps://bulk-one[.]com/a', 'https://bulk-one.com/a', 'bulk-two[.]com', '203.0.113.10', 'not an indicator'].join('\n'));
  await expect.poll(() => textsOf(review, '.review-row code')).toEqual(['https://bulk-one.com/a', 'bulk-two.com', '203.0.113.10']);
  // A documentation-range address is valid but left for the user to tick.
  expect(await textOf(review, '.review-row:nth-child(3)')).toContain('This address is reserved for documentation and examples.');
  expect(await rowBoxes(review)).toEqual([
    [true, false],
    [true, false],
    [false, false],
  ]);
  await control(review, 'Report 2 selected');
  await (await find(review, '.review-row:nth-child(3) input[type="checkbox"]')).click();
  await clickButton(review, 'Report 3 selected');
  await expect.poll(() => progress(review), { timeout: 15_000 }).toBe('2 sent · 1 waits for your decision');
  expect(await rowStates(review)).toEqual(['sent', 'sent', '']);
  // 203.0.113.10 is a seeded incident: offered for follow-up, not reported again.
  expect(await textOf(review, '.review-row:nth-child(3)')).toContain('Already an incident (status: Case building)');
  expect((await reportRequests(sandbox)).length).toBe(2);
  expect(await incidentFor(sandbox, 'https://bulk-one.com/a')).toMatchObject({ status: 'pending_review' });
  expect(await incidentFor(sandbox, 'bulk-two.com')).toMatchObject({ status: 'pending_review' });
});
