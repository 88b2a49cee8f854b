import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures.ts';
import { clickButton, textOf, textsOf } from './dom.ts';
import { connect } from './steps.ts';
import { incidentFor } from '../e2e/reporting-helpers.ts';

// A phishing email in Firefox (issue 23): the reading worker is a module
// worker of a moz-extension page, and msgreader runs in it as in Chromium.

const FIXTURES = path.resolve('tests/fixtures/email');

test('an .eml and an Outlook .msg (with an Outlook item attached) dropped on the review window are read in the worker; the sender goes with the email as evidence', async ({ extension, sandbox }) => {
  const options = await connect(extension, sandbox);
  await options.close();
  const review = await extension.open('review.html');
  const files = ['phish-examplebank.eml', 'outlook-received.msg'].map((name) => ({ name, base64: readFileSync(path.join(FIXTURES, name)).toString('base64') }));
  await review.evaluate((files: { name: string; base64: string }[]) => {
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name));
    const main = document.querySelector('main')!;
    main.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    main.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
  // The .msg's own attached Outlook item is read last, on its own.
  await expect
    .poll(() => textsOf(review, '.email-card h2'), { timeout: 15_000 })
    .toEqual(['Urgent: your account will be closed — action needed', 'Action required: confirm your account', 'Earlier notice']);
  expect(await textOf(review, '.email-card .email-received')).toContain('Sent from IPv4 185.234.72.19');
  expect(await textsOf(review, '.email-card .hint')).toContain('From outlook-received.msg (Outlook email, .msg), read as text');

  // Only the sender of the first email.
  await review.evaluate(() => {
    for (const box of document.querySelectorAll<HTMLInputElement>('.review-row input[type="checkbox"]'))
      if (box.checked !== (box.closest('.review-row')!.getAttribute('data-value') === 'security@examplebank-secure.com')) box.click();
  });
  await clickButton(review, 'Report 1 selected');
  await expect.poll(() => textOf(review, '.review > p[role="status"]'), { timeout: 15_000 }).toBe('1 sent');
  const incident = (await incidentFor(sandbox, 'security@examplebank-secure.com'))!;
  expect(incident.attachments.map((file) => file.name)).toEqual(['phish-examplebank.eml', 'email-headers.txt', 'evidence-record.txt']);
  expect(incident.attachments[0]!.sha256).toBe(
    createHash('sha256')
      .update(readFileSync(path.join(FIXTURES, 'phish-examplebank.eml')))
      .digest('hex'),
  );
  expect(incident.attachments[2]!.text).toContain(`  ${incident.attachments[0]!.sha256}  phish-examplebank.eml`);
});
