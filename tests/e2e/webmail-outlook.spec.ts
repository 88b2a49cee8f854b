import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, openToolbarPopup } from './fixtures.ts';
import { openWebmailReview } from './webmail-review.ts';
import { clickMenu, connect, incidentFor, pressShortcut, reportRequests, waitForPage } from './reporting-helpers.ts';
import { OUTLOOK_CONVERSATION, startOutlookStandIn, type OutlookStandIn } from '../support/outlook-stand-in.ts';

// Report the email open in an Outlook on the web tab (issue 40): the popup's
// first action there opens the review window, which asks Outlook's own
// service, from the tab and with its session, for the open conversation and
// the message's original, and analyses it as a dropped .eml. Outlook is a
// local TLS stand-in the browser reaches under its real name.

const test = base.extend<{ outlook: OutlookStandIn }>({
  outlook: async ({}, use) => {
    const outlook = await startOutlookStandIn();
    await use(outlook);
    await outlook.close();
  },
  browserArgs: async ({ outlook }, use) => {
    await use([`--host-resolver-rules=MAP outlook.office.com:443 127.0.0.1:${outlook.port}`, '--ignore-certificate-errors']);
  },
});

const CONVERSATION_PAGE = `https://outlook.office.com/mail/inbox/id/${encodeURIComponent(OUTLOOK_CONVERSATION)}`;
const PHISH = readFileSync(path.resolve('tests/fixtures/email/phish-examplebank.eml'));
const hash = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

declare const chrome: { storage: { local: { set(items: object): Promise<void> } } };

test('"Report this email" on an Outlook tab reads the open message’s original and reports it with the .eml attached and hashed', async ({
  context,
  extensionId,
  sandbox,
  serviceWorker,
  debugPort,
  outlook,
}) => {
  test.slow();
  await connect(context, extensionId, sandbox);
  await serviceWorker.evaluate(() => chrome.storage.local.set({ settings: { ownDomains: ['examplebank.com'] } }));
  const tab = await context.newPage();
  await tab.goto(CONVERSATION_PAGE);
  const popup = await openToolbarPopup(tab, serviceWorker, debugPort, extensionId);
  await expect(popup.locator('main button').first()).toHaveText('Report this email');
  const opened = waitForPage(context, 'review.html');
  await popup.getByRole('button', { name: 'Report this email' }).click();
  const review = await opened;

  // Facts only the headers hold: the reply address and the sending server. (Two requests to the tab, then the reading: a loaded machine takes its time.)
  const card = review.getByRole('region', { name: 'Urgent: your account will be closed — action needed' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.locator('.email-headers')).toContainText('Reply-ToExample Bank Support <support@helpdesk-mailer.net>');
  await expect(card.locator('.email-received')).toContainText('Sent from IPv4 185.234.72.19');
  // The conversation listed, then its newest message's original: each with the page's canary and token.
  expect(outlook.requests).toEqual([
    { action: 'GetConversationItems', canary: true, token: true },
    { action: 'GetItem', canary: true, token: true },
  ]);
  await expect(review.getByLabel('Message of this conversation to report').locator('option')).toHaveText([
    // In the user's words ("5 days ago (Nov 23, 2026, 9:14 AM)"), not Exchange's 2026-11-23T09:14:07Z.
    /^Example Bank <noreply@examplebank\.com> · .+ \(Nov 22, 2026, \d{1,2}:02 [AP]M\)$/,
    /^Example Bank Security <security@examplebank-secure\.com> · .+ \(Nov 23, 2026, \d{1,2}:14 [AP]M\)$/,
  ]);
  await expect(review.getByRole('status').filter({ hasText: 'Outlook did not give' })).toHaveCount(0);

  const row = (value: string) => review.locator(`.review-row[data-value="${value}"]`);
  await expect(row('security@examplebank-secure.com').getByRole('checkbox')).toBeChecked();
  for (const value of ['examplebank-secure.com', 'support@helpdesk-mailer.net', 'https://examplebank-verify.com/login?id=7731']) await row(value).getByRole('checkbox').uncheck();
  await review.getByRole('button', { name: 'Report 1 selected' }).click();
  await expect(review.locator('.review-tally')).toHaveText('1 sent', { timeout: 15_000 });
  const incident = (await incidentFor(sandbox, 'security@examplebank-secure.com'))!;
  const [eml, , record] = incident.attachments;
  expect([eml!.name, eml!.type]).toEqual(['Urgent your account will be closed — action needed.eml', 'message/rfc822']);
  expect(eml!.sha256).toBe(hash(PHISH));
  expect(record!.text).toContain(`  ${eml!.sha256}  ${eml!.name}`);
});

test('when Outlook gives no original, the review reads what the page shows and says the headers were not available', async ({ context, extensionId, sandbox, outlook }) => {
  test.slow();
  await connect(context, extensionId, sandbox);
  outlook.refuseOriginal = true;
  const tab = await context.newPage();
  await tab.goto(CONVERSATION_PAGE);
  const review = await openWebmailReview(context, extensionId, 'https://outlook.office.com');
  await expect(review.getByRole('status').filter({ hasText: 'Outlook did not give' })).toHaveText(
    'Outlook did not give this email’s original, so it is read from what the page shows: the sender, subject, links and text, without its headers (Reply-To, the servers it came through, its authentication). For those, save the message in Outlook (… › Save as) and drop it here.',
    { timeout: 15_000 },
  );
  const card = review.getByRole('region', { name: 'Urgent: your account will be closed — action needed' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.locator('.email-headers')).not.toContainText('Reply-To');
  // The page's link, through Microsoft's Safe Links wrapper, and the sender the page shows.
  await expect(review.locator('.review-row[data-value="https://examplebank-verify.com/login?id=7731"]')).toHaveCount(1);
  await expect(review.locator('.review-row[data-value="security@examplebank-secure.com"]')).toHaveCount(1);
});

test('with no email open, the review window says what to do instead, in Outlook’s words', async ({ context, extensionId, sandbox }) => {
  test.slow();
  await connect(context, extensionId, sandbox);
  const tab = await context.newPage();
  await tab.goto('https://outlook.office.com/mail/inbox');
  const review = await openWebmailReview(context, extensionId, 'https://outlook.office.com');
  await expect(review.getByRole('alert')).toHaveText('No email is open in the Outlook tab. Open the email you want to report and try again, or save it in Outlook and drop it here.');
});

test('the context menu’s "Report this email" and the shortcut on an Outlook tab open the same review', async ({ context, extensionId, sandbox, serviceWorker }) => {
  test.slow();
  await connect(context, extensionId, sandbox);
  const tab = await context.newPage();
  await tab.goto(CONVERSATION_PAGE);
  await tab.bringToFront();
  for (const open of [() => clickMenu(serviceWorker, { menuItemId: 'takedown-reporter:report-webmail' }), () => pressShortcut(serviceWorker)]) {
    const opened = waitForPage(context, 'webmail=');
    await open();
    const review = await opened;
    await expect(review.locator('.email-received')).toContainText('Sent from IPv4 185.234.72.19', { timeout: 15_000 });
    await review.close();
    await tab.bringToFront();
  }
  expect(await reportRequests(sandbox)).toEqual([]);
});
