import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, openToolbarPopup } from './fixtures.ts';
import { openWebmailReview } from './webmail-review.ts';
import { clickMenu, connect, incidentFor, pressShortcut, reportRequests, waitForPage } from './reporting-helpers.ts';
import { startGmailStandIn, type GmailStandIn } from '../support/gmail-stand-in.ts';

// Report the email open in a Gmail tab (issue 40): the popup's first action
// there opens the review window, which reads the message's original from the
// tab (the user's session, the page's account) and analyses it as a dropped
// .eml. Gmail is a local TLS stand-in the browser reaches under its real name.

const test = base.extend<{ gmail: GmailStandIn }>({
  gmail: async ({}, use) => {
    const gmail = await startGmailStandIn();
    await use(gmail);
    await gmail.close();
  },
  browserArgs: async ({ gmail }, use) => {
    await use([`--host-resolver-rules=MAP mail.google.com:443 127.0.0.1:${gmail.port}`, '--ignore-certificate-errors']);
  },
});

const PHISH = readFileSync(path.resolve('tests/fixtures/email/phish-examplebank.eml'));
const hash = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

declare const chrome: { storage: { local: { set(items: object): Promise<void> } } };

test('"Report this email" on a Gmail tab reads the open message’s original and reports it with the .eml attached and hashed', async ({
  context,
  extensionId,
  sandbox,
  serviceWorker,
  debugPort,
  gmail,
}) => {
  test.slow();
  await connect(context, extensionId, sandbox);
  // The organisation's domain, as report-email.spec.ts sets it: the same picks as a dropped email.
  await serviceWorker.evaluate(() => chrome.storage.local.set({ settings: { ownDomains: ['examplebank.com'] } }));
  const tab = await context.newPage();
  await tab.goto('https://mail.google.com/mail/u/1/#inbox/FMfcgzQXJWDsKmVqRTbLqrPnHtLVlHGk');
  const popup = await openToolbarPopup(tab, serviceWorker, debugPort, extensionId);
  // The popup's first action there.
  const action = popup.getByRole('button', { name: 'Report this email' });
  await expect(popup.locator('main button').first()).toHaveText('Report this email');
  const opened = waitForPage(context, 'review.html');
  await action.click();
  const review = await opened;

  // Facts only the headers hold: the reply address and the sending server.
  const card = review.getByRole('region', { name: 'Urgent: your account will be closed — action needed' });
  await expect(card).toBeVisible();
  await expect(card.locator('.email-headers')).toContainText('Reply-ToExample Bank Support <support@helpdesk-mailer.net>');
  await expect(card.locator('.email-received')).toContainText('Sent from IPv4 185.234.72.19');
  // The page's account and token, the last expanded message; "Download message" answered, so nothing more was asked.
  expect(gmail.requests.filter((request) => request.includes('view='))).toEqual(['/mail/u/1/?ik=4fd1a2b3c4&view=att&th=1823e33def6f5124&attid=0&disp=comp&safe=1&zw']);
  // The conversation's other message can be picked instead.
  await expect(review.getByLabel('Message of this conversation to report').locator('option')).toHaveText([
    'Example Bank <noreply@examplebank.com> · Sun, Nov 22, 2026, 8:02 AM',
    'Example Bank Security <security@examplebank-secure.com> · Mon, Nov 23, 2026, 9:13 AM',
  ]);

  const row = (value: string) => review.locator(`.review-row[data-value="${value}"]`);
  await expect(row('security@examplebank-secure.com').getByRole('checkbox')).toBeChecked();
  for (const value of ['examplebank-secure.com', 'support@helpdesk-mailer.net', 'https://examplebank-verify.com/login?id=7731']) await row(value).getByRole('checkbox').uncheck();
  await review.getByRole('button', { name: 'Report 1 selected' }).click();
  // A send waits on the loaded machine's two cores (the whole suite shares them): as in tests/firefox.
  await expect(review.locator('.review-tally')).toHaveText('1 sent', { timeout: 15_000 });
  expect((await reportRequests(sandbox)).length).toBe(1);
  const incident = (await incidentFor(sandbox, 'security@examplebank-secure.com'))!;
  const [eml, , record] = incident.attachments;
  expect([eml!.name, eml!.type]).toEqual(['Urgent your account will be closed — action needed.eml', 'message/rfc822']);
  expect(eml!.sha256).toBe(hash(PHISH));
  expect(record!.text).toContain(`  ${eml!.sha256}  ${eml!.name}`);
});

test('the other message of the conversation, picked, replaces the first; "Show original" serves when the download is refused', async ({ context, extensionId, sandbox, gmail }) => {
  await connect(context, extensionId, sandbox);
  gmail.refuseDownload = true;
  const tab = await context.newPage();
  await tab.goto('https://mail.google.com/mail/u/1/#inbox/FMfcgzQXJWDsKmVqRTbLqrPnHtLVlHGk');
  const review = await openWebmailReview(context, extensionId, 'https://mail.google.com');
  await expect(review.locator('.email-card h2')).toHaveText('Urgent: your account will be closed — action needed');
  await review.getByLabel('Message of this conversation to report').selectOption({ index: 0 });
  await expect(review.locator('.email-card h2')).toHaveText('Refund pending');
  await expect(review.locator('.email-card')).toHaveCount(1);
  expect(gmail.requests.filter((request) => request.includes('view=om'))).toEqual([
    '/mail/u/1/?ik=4fd1a2b3c4&view=om&permmsgid=msg-f:1739483736244703524',
    '/mail/u/1/?ik=4fd1a2b3c4&view=om&permmsgid=msg-f:1739483736244682753',
  ]);
});

test('with no email open, the review window says what to do instead', async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
  const tab = await context.newPage();
  await tab.goto('https://mail.google.com/mail/u/0/#inbox');
  const review = await openWebmailReview(context, extensionId, 'https://mail.google.com');
  await expect(review.getByRole('alert')).toHaveText('No email is open in the webmail tab. Open the email you want to report and try again, or download it and drop it here.');
});

test('the context menu’s "Report this email" and the shortcut on a Gmail tab open the same review', async ({ context, extensionId, sandbox, serviceWorker }) => {
  await connect(context, extensionId, sandbox);
  const tab = await context.newPage();
  await tab.goto('https://mail.google.com/mail/u/1/#inbox/FMfcgzQXJWDsKmVqRTbLqrPnHtLVlHGk');
  await tab.bringToFront();
  for (const open of [() => clickMenu(serviceWorker, { menuItemId: 'takedown-reporter:report-webmail' }), () => pressShortcut(serviceWorker)]) {
    const opened = waitForPage(context, 'webmail=');
    await open();
    const review = await opened;
    await expect(review.locator('.email-card h2')).toHaveText('Urgent: your account will be closed — action needed');
    await expect(review.locator('.email-received')).toContainText('Sent from IPv4 185.234.72.19');
    await review.close();
    await tab.bringToFront();
  }
  // The shortcut took the email, not the page: nothing was reported or captured.
  expect(await reportRequests(sandbox)).toEqual([]);
});
