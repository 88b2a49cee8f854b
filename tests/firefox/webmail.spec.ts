import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, openWebPage } from './fixtures.ts';
import { clickButton, textOf, textsOf } from './dom.ts';
import { connect, openPopupOver } from './steps.ts';
import { incidentFor } from '../e2e/reporting-helpers.ts';
import { startGmailStandIn, type GmailStandIn } from '../support/gmail-stand-in.ts';

// The email open in a Gmail tab, in Firefox (issue 40): the stand-in Gmail
// answers as mail.google.com (`network.dns.localDomains`, port 443, its
// throwaway certificate accepted by `acceptInsecureCerts`); the review window
// injects its reader into the tab (world MAIN) and fetches the original there.

const test = base.extend<{ gmail: GmailStandIn }>({
  gmail: async ({}, use) => {
    const gmail = await startGmailStandIn(443);
    await use(gmail);
    await gmail.close();
  },
});

declare const browser: { tabs: { query(query: object): Promise<{ id: number; url?: string }[]> } };

test('on a Gmail tab the popup offers "Report this email"; the review reads the original and reports it with the .eml hashed', async ({ extension, sandbox, gmail }) => {
  const options = await connect(extension, sandbox);
  const tab = await openWebPage(extension.browser, 'https://mail.google.com/mail/u/1/#inbox/FMfcgzQXJWDsKmVqRTbLqrPnHtLVlHGk');
  const popup = await openPopupOver(extension, tab);
  await expect.poll(() => textOf(popup, 'main button')).toBe('Report this email');
  await popup.close();

  // The review window as the popup opens it, for that tab.
  const tabId = await options.evaluate(async () => (await browser.tabs.query({})).find((each) => each.url?.startsWith('https://mail.google.com/'))!.id);
  await options.close();
  const review = await extension.open(`review.html?email=1&webmail=${tabId}`);
  await expect.poll(() => textsOf(review, '.email-card h2'), { timeout: 15_000 }).toEqual(['Urgent: your account will be closed — action needed']);
  expect(await textOf(review, '.email-card .email-headers')).toContain('Reply-ToExample Bank Support <support@helpdesk-mailer.net>');
  expect(await textOf(review, '.email-card .email-received')).toContain('Sent from IPv4 185.234.72.19');
  expect(gmail.requests.filter((request) => request.includes('view='))).toEqual(['/mail/u/1/?ik=4fd1a2b3c4&view=att&th=1823e33def6f5124&attid=0&disp=comp&safe=1&zw']);

  await review.evaluate(() => {
    for (const box of document.querySelectorAll<HTMLInputElement>('.review-row input[type="checkbox"]'))
      if (box.checked !== (box.closest('.review-row')!.getAttribute('data-value') === 'security@examplebank-secure.com')) box.click();
  });
  await clickButton(review, 'Report 1 selected');
  await expect.poll(() => textOf(review, '.review > p[role="status"]'), { timeout: 15_000 }).toBe('1 sent');
  const eml = (await incidentFor(sandbox, 'security@examplebank-secure.com'))!.attachments[0]!;
  expect(eml.name).toBe('Urgent your account will be closed — action needed.eml');
  expect(eml.sha256).toBe(
    createHash('sha256')
      .update(readFileSync(path.resolve('tests/fixtures/email/phish-examplebank.eml')))
      .digest('hex'),
  );
});
