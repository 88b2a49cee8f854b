import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { test as base, expect, openWebPage, type Extension } from './fixtures.ts';
import { clickButton, control, textOf, textsOf } from './dom.ts';
import { clickClosing, waitForExtensionPage } from './review-steps.ts';
import { connect, openPopupOver } from './steps.ts';
import { incidentFor } from '../e2e/reporting-helpers.ts';
import { startGmailStandIn, type GmailStandIn } from '../support/gmail-stand-in.ts';
import { OUTLOOK_CONVERSATION, startOutlookStandIn, type OutlookStandIn } from '../support/outlook-stand-in.ts';

// The email open in a webmail tab, in Firefox (issue 40): the stand-in Gmail
// and Outlook answer as mail.google.com and outlook.office.com
// (`network.dns.localDomains`, port 443, their throwaway certificates
// accepted by `acceptInsecureCerts`). The popup's "Report this email" is
// clicked for real (a trusted click: what `permissions.request` needs); the
// review window it opens injects its reader into the tab and reads the
// original there.

const test = base.extend<{ gmail: GmailStandIn; outlook: OutlookStandIn }>({
  gmail: async ({}, use) => {
    const gmail = await startGmailStandIn(443);
    await use(gmail);
    await gmail.close();
  },
  outlook: async ({}, use) => {
    const outlook = await startOutlookStandIn(443);
    await use(outlook);
    await outlook.close();
  },
});

// Both stand-ins listen on 443: this file's tests run one after the other.
test.describe.configure({ mode: 'default' });

const PHISH = readFileSync(path.resolve('tests/fixtures/email/phish-examplebank.eml'));

/** The popup over the webmail tab: its first action is "Report this email"; clicked, the popup closes and the review window it opened is answered. */
async function reportFromPopup(extension: Extension, tab: Page): Promise<Page> {
  const popup = await openPopupOver(extension, tab);
  await expect.poll(() => textOf(popup, 'main button')).toBe('Report this email');
  await clickClosing(await control(popup, 'Report this email'));
  return waitForExtensionPage(extension, 'review.html', 15_000);
}

/** Reports the phishing sender alone from the review, and answers its incident's .eml. */
async function reportSender(review: Page, sandbox: Parameters<typeof incidentFor>[0]) {
  await review.evaluate(() => {
    for (const box of document.querySelectorAll<HTMLInputElement>('.review-row input[type="checkbox"]'))
      if (box.checked !== (box.closest('.review-row')!.getAttribute('data-value') === 'security@examplebank-secure.com')) box.click();
  });
  await clickButton(review, 'Report 1 selected');
  await expect.poll(() => textOf(review, '.review > p[role="status"]'), { timeout: 15_000 }).toBe('1 sent');
  return (await incidentFor(sandbox, 'security@examplebank-secure.com'))!.attachments[0]!;
}

test('on a Gmail tab the popup’s "Report this email" opens the review, which reads the original and reports it with the .eml hashed', async ({ extension, sandbox, gmail }) => {
  await connect(extension, sandbox);
  const tab = await openWebPage(extension.browser, 'https://mail.google.com/mail/u/1/#inbox/FMfcgzQXJWDsKmVqRTbLqrPnHtLVlHGk');
  const review = await reportFromPopup(extension, tab);
  await expect.poll(() => textsOf(review, '.email-card h2'), { timeout: 15_000 }).toEqual(['Urgent: your account will be closed — action needed']);
  expect(await textOf(review, '.email-card .email-headers')).toContain('Reply-ToExample Bank Support <support@helpdesk-mailer.net>');
  expect(await textOf(review, '.email-card .email-received')).toContain('Sent from IPv4 185.234.72.19');
  expect(gmail.requests.filter((request) => request.includes('view='))).toEqual(['/mail/u/1/?ik=4fd1a2b3c4&view=att&th=1823e33def6f5124&attid=0&disp=comp&safe=1&zw']);

  const eml = await reportSender(review, sandbox);
  expect(eml.name).toBe('Urgent your account will be closed — action needed.eml');
  expect(eml.sha256).toBe(createHash('sha256').update(PHISH).digest('hex'));
});

test('on an Outlook tab the popup’s "Report this email" opens the review, which reads the original from Outlook’s service and reports it with the .eml hashed', async ({
  extension,
  sandbox,
  outlook,
}) => {
  await connect(extension, sandbox);
  const tab = await openWebPage(extension.browser, `https://outlook.office.com/mail/inbox/id/${encodeURIComponent(OUTLOOK_CONVERSATION)}`);
  const review = await reportFromPopup(extension, tab);
  await expect.poll(() => textsOf(review, '.email-card h2'), { timeout: 15_000 }).toEqual(['Urgent: your account will be closed — action needed']);
  expect(await textOf(review, '.email-card .email-headers')).toContain('Reply-ToExample Bank Support <support@helpdesk-mailer.net>');
  expect(await textOf(review, '.email-card .email-received')).toContain('Sent from IPv4 185.234.72.19');
  // Asked from the tab, with the page's canary and token (in Firefox too, the isolated world sees the page's cookies and storage).
  expect(outlook.requests).toEqual([
    { action: 'GetConversationItems', canary: true, token: true },
    { action: 'GetItem', canary: true, token: true },
  ]);

  const eml = await reportSender(review, sandbox);
  expect(eml.name).toBe('Urgent your account will be closed — action needed.eml');
  expect(eml.sha256).toBe(createHash('sha256').update(PHISH).digest('hex'));
});
