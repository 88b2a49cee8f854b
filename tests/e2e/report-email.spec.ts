import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { EXTENSION_DIR, test, expect } from './fixtures.ts';
import { measureBundles } from '../bench/measure-bundles.ts';
import { selfNestingEmail } from '../fixtures/email/generate.ts';
import { connect, incidentFor, reportRequests, waitForPage } from './reporting-helpers.ts';

// Report a phishing email (issue 23): an .eml dropped on the review window is
// read as text, its headers summarised and warned about, its indicators
// listed; the sender and a link go with the email itself as evidence.

const FIXTURES = path.resolve('tests/fixtures/email');

declare const chrome: { storage: { local: { set(items: object): Promise<void> } } };
const PHISH = 'phish-examplebank.eml';

/** Drops files on the page as a user drags them from the file manager. */
async function dropFiles(page: Page, selector: string, files: { name: string; type: string; bytes: Buffer }[]): Promise<void> {
  await page.evaluate(
    ({ selector, files }) => {
      const transfer = new DataTransfer();
      for (const file of files) transfer.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
      const target = document.querySelector(selector)!;
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { selector, files: files.map((file) => ({ name: file.name, type: file.type, base64: file.bytes.toString('base64') })) },
  );
}

const fixture = (name: string, type = 'message/rfc822') => ({ name, type, bytes: readFileSync(path.join(FIXTURES, name)) });

test('an .eml dropped on the review window shows its headers and indicators; the sender and a link go with the email as evidence', async ({ context, extensionId, sandbox, optionsPage }) => {
  await connect(context, extensionId, sandbox);
  // The organisation's own domain, set where the user sets it: a bad line is refused at the field first.
  await optionsPage.open('reporting');
  const settings = optionsPage.page.getByRole('region', { name: 'Reporting and evidence' });
  const domains = settings.getByLabel("Your organisation's domains");
  await domains.fill('examplebank.com\nhttps://not a domain');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(domains).toHaveAttribute('aria-invalid', 'true');
  await expect(settings.locator('#settings-own-domains-error')).toHaveText('Not a domain name: “https://not a domain”. Write one domain a line, like examplebank.com.');
  await domains.fill('ExampleBank.com');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByRole('status')).toHaveText('Settings saved.');
  await expect(domains).toHaveValue('examplebank.com');

  const review = await context.newPage();
  const workers: string[] = [];
  review.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  await review.goto(`chrome-extension://${extensionId}/review.html`);
  await expect(review.getByRole('heading', { name: 'Report a list of indicators' })).toBeVisible();
  // The parsers wait in their worker until an email is opened.
  expect(workers).toEqual([]);
  const started = Date.now();
  const email = fixture(PHISH, '');
  await dropFiles(review, 'main', [email]);

  const card = review.getByRole('region', { name: 'Urgent: your account will be closed — action needed' });
  await expect(card).toBeVisible();
  expect(workers).toEqual([expect.stringMatching(/^\/assets\/email-worker-[\w-]+\.js$/)]);
  await expect(review.getByRole('heading', { level: 1 })).toHaveText('Report indicators from emails');
  await expect(card.locator('.email-headers')).toHaveText(
    [
      'FromExample Bank Security <security@examplebank-secure.com>',
      'Reply-ToExample Bank Support <support@helpdesk-mailer.net>',
      'Return-Pathbounce@examplebank-secure.com',
      'ToPat Jones <pat@examplebank.com>',
      'DateNov 23, 2026, 9:13:58 AM UTC',
    ].join(''),
  );
  await expect(card.locator('.email-warning')).toHaveText([
    'The sender’s name “Example Bank Security” names examplebank.com, but the address is on examplebank-secure.com.',
    'Replies go to support@helpdesk-mailer.net, not to the sender’s domain examplebank-secure.com.',
    'A link shows www.examplebank.com but leads to examplebank-verify.com.',
    'examplebank-secure.com is spelt almost like your domain examplebank.com.',
    'examplebank-verify.com is spelt almost like your domain examplebank.com.',
    'tracker.examplebank-verify.com is spelt almost like your domain examplebank.com.',
  ]);
  await expect(card.locator('.email-auth-results li')).toHaveText([
    'SPF fail (smtp.mailfrom=examplebank-secure.com), recorded by mx1.examplebank.com',
    'DKIM none (header.d=none), recorded by mx1.examplebank.com',
    'DMARC fail (header.from=examplebank-secure.com), recorded by mx1.examplebank.com',
  ]);
  await expect(card.locator('.email-auth-results [data-tone="bad"]')).toHaveCount(2);
  await expect(card.locator('.email-received')).toContainText('Sent from IPv4 185.234.72.19');
  await card.getByText('Received chain: 3 hops, oldest first').click();
  await expect(card.locator('.email-hops li')).toHaveText([
    'Nov 23, 2026, 9:14:01 AM UTC [192.168.1.23] → mail.examplebank-secure.com (ESMTPSA)',
    'Nov 23, 2026, 9:14:05 AM UTC mail.examplebank-secure.com [185.234.72.19] → mx1.examplebank.com (ESMTPS)',
    'Nov 23, 2026, 9:14:07 AM UTC mx1.examplebank.com [10.20.0.5] → mbx2.examplebank.com (Microsoft SMTP Server)',
  ]);
  // The hop from outside the organisation's servers is the one the IPv4 comes from.
  await expect(card.locator('.email-hops li[data-origin]')).toContainText('[185.234.72.19]');
  await card.getByText('Attachments (1), never opened').click();
  await expect(card.locator('.email-attachments li')).toContainText(`statement-7731.pdf · application/pdf`);
  await expect(card.locator('.email-attachments li')).toContainText('SHA-256 dbec676002a462432e5cd108da3cbf6bac8e6fcab9ebd9e766d62aca2dd45778');
  await expect(review.getByText('Each indicator of this email is reported with the email itself, its headers and the evidence record.')).toBeVisible();
  // Nothing of the email ran or loaded: its tracker image and its script are not in the page.
  expect(await review.evaluate(() => [[...document.images].map((image) => new URL(image.src).pathname), document.querySelectorAll('script:not([src]), iframe').length])).toEqual([['/icon/48.png'], 0]);
  // The tracker's host is listed, unticked, for what it is: a host the email would load by itself.
  await expect(review.locator('.review-row[data-value="tracker.examplebank-verify.com"] input[type=checkbox]')).not.toBeChecked();
  await expect(review.locator('.review-row[data-value="tracker.examplebank-verify.com"] .review-pick')).toHaveText('Not ticked: an image, stylesheet or tracker the email loads by itself.');

  const rows = review.locator('.review-row');
  const row = (value: string) => review.locator(`.review-row[data-value="${value}"]`);
  await expect(row('security@examplebank-secure.com')).toContainText('Found in: From');
  await expect(row('https://examplebank-verify.com/login?id=7731')).toContainText('Found in: a link, the text.');
  await expect(row('https://examplebank-verify.com/login?id=7731')).toContainText('went through a link scanner (eur01.safelinks.protection.outlook.com)');
  await expect(row('+442079460321')).toContainText('Found in: the text');
  await expect(row('185.234.72.19')).toContainText('Found in: Received headers');
  // At first: the sender's addresses and the links off the organisation's domains.
  const ticked = async () =>
    await rows.evaluateAll((items) => items.filter((item) => item.querySelector<HTMLInputElement>('input[type=checkbox]')!.checked).map((item) => item.getAttribute('data-value')));
  // The sender's lookalike domain is ticked too: a lookalike of the organisation's is the scammer's.
  expect(await ticked()).toEqual(['security@examplebank-secure.com', 'examplebank-secure.com', 'support@helpdesk-mailer.net', 'https://examplebank-verify.com/login?id=7731']);
  await expect(row('https://www.examplebank.com/privacy').getByRole('checkbox')).not.toBeChecked();
  // The analyst reports the sender for takedown and the link, and monitors nothing else.
  await row('support@helpdesk-mailer.net').getByRole('checkbox').uncheck();
  await row('examplebank-secure.com').getByRole('checkbox').uncheck();
  await review.getByRole('button', { name: 'Report 2 selected' }).click();
  await expect(review.locator('.review-tally')).toHaveText('2 sent');
  expect(Date.now() - started, 'from the drop to reported, in well under a minute').toBeLessThan(30_000);
  expect((await reportRequests(sandbox)).length).toBe(2);

  const hash = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
  for (const subject of ['security@examplebank-secure.com', 'https://examplebank-verify.com/login?id=7731']) {
    const incident = (await incidentFor(sandbox, subject))!;
    expect(incident.attachments.map((file) => [file.name, file.type])).toEqual([
      [PHISH, 'message/rfc822'],
      ['email-headers.txt', 'text/plain'],
      ['evidence-record.txt', 'text/plain'],
    ]);
    const [eml, headers, record] = incident.attachments;
    // The email arrived byte for byte, and the record holds the hash of what arrived.
    expect(eml!.sha256).toBe(hash(email.bytes));
    expect(eml!.size).toBe(email.bytes.length);
    for (const file of [eml!, headers!]) expect(record!.text).toContain(`  ${file.sha256}  ${file.name}`);
    expect(record!.text).toContain(`Email file: ${PHISH}`);
    expect(record!.text).toContain('Email subject: Urgent: your account will be closed — action needed');
    expect(record!.text).toContain('Message-ID: <7731.1732353238@examplebank-secure.com>');
    expect(headers!.text).toContain('From: Example Bank Security <security@examplebank-secure.com>');
    expect(headers!.text).toContain('Received: from mail.examplebank-secure.com (mail.examplebank-secure.com [185.234.72.19])');
  }
  expect((await incidentFor(sandbox, 'security@examplebank-secure.com'))?.incidentType).toBe('email');
});

test('an email’s review starts each row on the action its kind needs, folds the empty text box, and ends saying what still needs the user (issue 44)', async ({
  context,
  extensionId,
  sandbox,
  serviceWorker,
}) => {
  await connect(context, extensionId, sandbox);
  await serviceWorker.evaluate(() => chrome.storage.local.set({ settings: { ownDomains: ['examplebank.com'] } }));
  // The email's landing page is already an incident.
  const landing = 'https://examplebank-verify.com/login?id=7731';
  await fetch(`${sandbox.baseUrl}/__sandbox/incidents`, { method: 'POST', body: JSON.stringify({ clientId: 'cl_acme', subject: landing, url: landing, status: 'pending_review' }) });
  const review = await context.newPage();
  await review.goto(`chrome-extension://${extensionId}/review.html?email=1`);
  await review.getByLabel('Open emails or lists…').setInputFiles(path.join(FIXTURES, PHISH));
  await expect(review.locator('.email-card h2')).toHaveText('Urgent: your account will be closed — action needed');

  // The text box waits behind its button, between the email and its indicators.
  const more = review.getByRole('button', { name: 'Search more text for indicators…' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(review.getByLabel('Text to search for indicators')).toBeHidden();

  // Pages and the scammer's own domain and address: takedown; the sending server, a phone: monitoring.
  const action = (value: string) => review.getByLabel(`Action for ${value}`);
  await expect(action(landing)).toHaveValue('tkd');
  await expect(action('examplebank-secure.com')).toHaveValue('tkd');
  await expect(action('security@examplebank-secure.com')).toHaveValue('tkd');
  await expect(action('185.234.72.19')).toHaveValue('monitor');
  await expect(action('+442079460321')).toHaveValue('monitor');

  // Opened, typed in, folded and opened again: nothing typed is lost, and what it holds is searched.
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await review.getByLabel('Text to search for indicators').fill('hxxps://extra-page[.]example/x');
  await expect(review.locator('.review-row[data-value="https://extra-page.example/x"]')).toBeVisible();
  await more.click();
  await expect(review.getByLabel('Text to search for indicators')).toBeHidden();
  await expect(review.locator('.review-row[data-value="https://extra-page.example/x"]')).toBeVisible();
  await more.click();
  await expect(review.getByLabel('Text to search for indicators')).toHaveValue('hxxps://extra-page[.]example/x');
  await review.locator('.review-row[data-value="https://extra-page.example/x"]').getByRole('checkbox').uncheck();

  // The sender and the landing page: one sent, one an existing incident that waits for the user — not "2 of 2 done".
  for (const value of ['examplebank-secure.com', 'support@helpdesk-mailer.net']) await review.locator(`.review-row[data-value="${value}"]`).getByRole('checkbox').uncheck();
  await review.getByRole('button', { name: 'Report 2 selected' }).click();
  const tally = review.locator('.review-tally');
  await expect(tally).toHaveText('1 sent · 1 waits for your decision');
  expect((await reportRequests(sandbox)).length).toBe(1);
  const existing = review.locator(`.review-row[data-value="${landing}"]`);
  await existing.getByLabel('Comment for the analyst').fill('Seen again in a phishing email.');
  await existing.getByRole('button', { name: 'Add this comment' }).click();
  await expect(tally).toHaveText('1 sent · 1 existing incident followed up');
});

test('the email parsers are in the reading worker only: no page and not the background loads them', () => {
  const bundles = measureBundles(EXTENSION_DIR);
  // A string of each: postal-mime, msgreader, htmlparser2.
  const parsers = /maxRfc822NestingDepth|__properties_version1\.0|onopentagname/;
  const holding = bundles.lazy.filter(({ file }) => parsers.test(readFileSync(path.join(EXTENSION_DIR, file), 'utf8'))).map(({ file }) => file);
  expect(holding).toEqual([expect.stringMatching(/^assets\/email-worker-[\w-]+\.js$/)]);
  for (const [entry, files] of Object.entries(bundles.files)) {
    expect(
      files.filter((file) => parsers.test(readFileSync(path.join(EXTENSION_DIR, file), 'utf8'))),
      `${entry} loads no email parser`,
    ).toEqual([]);
  }
});

test('"Report an email…" opens the review window ready for one; several files are read one after another, the bad ones said at the button', async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.getByRole('button', { name: 'Report an email…' }).click();
  const review = await waitForPage(context, '/review.html?email=1');
  const button = review.getByLabel('Open emails or lists…');
  await expect(button).toBeFocused();

  const bomb = `From: a@b.example\r\nSubject: bomb\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n${'--b\r\nContent-Type: text/plain\r\n\r\nx\r\n'.repeat(600)}--b--\r\n`;
  await button.setInputFiles([
    { name: 'bomb.eml', mimeType: 'message/rfc822', buffer: Buffer.from(bomb) },
    { name: 'scan.pdf', mimeType: 'application/pdf', buffer: readFileSync(path.join(FIXTURES, 'not-email.pdf')) },
    { name: 'outlook-received.msg', mimeType: '', buffer: readFileSync(path.join(FIXTURES, 'outlook-received.msg')) },
    { name: 'list.txt', mimeType: 'text/plain', buffer: Buffer.from('hxxps://list-one[.]example/a') },
  ]);
  const problems = review.locator('.review-files .field-error');
  await expect(problems).toHaveText([
    '“bomb.eml” has more than 500 parts, more than any real email; it was not read (it may be built to stall mail readers).',
    '“scan.pdf” is not an email: it has no email headers. Open a .eml or .msg file, or a .txt or .csv list.',
  ]);
  // Each sentence is tied to the button the files came from.
  const describedBy = (await button.getAttribute('aria-describedby'))!.split(' ');
  expect(await Promise.all(describedBy.slice(1).map((id) => review.locator(`#${id}`).textContent()))).toEqual(await problems.allTextContents());
  // The .msg, and the Outlook item attached to it, read on its own.
  await expect(review.locator('.email-card')).toHaveCount(2);
  await expect(review.locator('.email-card').first().locator('.hint').first()).toHaveText('From outlook-received.msg (Outlook email, .msg), read as text');
  await expect(review.locator('.email-card').nth(1)).toContainText('Attached to outlook-received.msg');
  await expect(review.getByLabel('Text to search for indicators')).toHaveValue('hxxps://list-one[.]example/a');
  await expect(review.locator('.review-row[data-value="https://list-one.example/a"]')).toBeVisible();

  // Removed, its rows go, and the email attached to it with them; the list's stay.
  const emailRows = await review.locator('.review-row .review-found').count();
  expect(emailRows).toBeGreaterThan(0);
  await review.getByRole('button', { name: 'Remove the email outlook-received.msg' }).click();
  await expect(review.locator('.email-card')).toHaveCount(0);
  await expect(review.locator('.review-row .review-found')).toHaveCount(0);
  await expect(review.locator('.review-row')).toHaveCount(1);
});

test('emails dropped on the popup open in the review window, read there', async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByRole('button', { name: 'Report an email…' })).toBeVisible();
  const opened = waitForPage(context, '/review.html?email=1&report=');
  await dropFiles(popup, 'main', [fixture(PHISH), fixture('display-name-brand.eml')]);
  const review = await opened;
  await expect(review.locator('.email-card h2')).toHaveText(['Urgent: your account will be closed — action needed', 'Your account has been limited']);
  await expect(review.locator('.review-row[data-value="alert@secure-paypa1-verify.example"]')).toBeVisible();
  // Not the page evidence of a selection: nothing but the emails' own evidence is named.
  await expect(review.getByText(/^Sent with each report:/)).toHaveCount(0);
});

test('an email forwarded as an attachment is read on its own: its sender is reported with it, not with the colleague’s email', async ({ context, extensionId, sandbox, serviceWorker }) => {
  await connect(context, extensionId, sandbox);
  await serviceWorker.evaluate(() => chrome.storage.local.set({ settings: { ownDomains: ['examplebank.com'] } }));
  const review = await context.newPage();
  await review.goto(`chrome-extension://${extensionId}/review.html?email=1`);
  await review.getByLabel('Open emails or lists…').setInputFiles(path.join(FIXTURES, 'forwarded-as-attachment.eml'));
  await expect(review.locator('.email-card h2')).toHaveText(['FW: Urgent: your account will be closed', 'Urgent: your account will be closed — action needed']);
  await expect(review.locator('.email-card').first()).toContainText('It carries 1 email(s) as attachments, read below on their own');
  await expect(review.locator('.email-card').nth(1)).toContainText('Attached to forwarded-as-attachment.eml');
  // Nothing of the colleague's email is ticked; the forwarded phishing's sender and link are.
  const ticked = await review
    .locator('.review-row')
    .evaluateAll((items) => items.filter((item) => item.querySelector<HTMLInputElement>('input[type=checkbox]')!.checked).map((item) => item.getAttribute('data-value')));
  expect(ticked).toEqual(['security@examplebank-secure.com', 'examplebank-secure.com', 'support@helpdesk-mailer.net', 'https://examplebank-verify.com/login?id=7731']);
  await expect(review.locator('.review-row[data-value="pat@examplebank.com"] input[type=checkbox]')).not.toBeChecked();
  await review.locator('.review-row[data-value="examplebank-secure.com"] input[type=checkbox]').uncheck();
  await review.locator('.review-row[data-value="support@helpdesk-mailer.net"] input[type=checkbox]').uncheck();
  await review.locator('.review-row[data-value="https://examplebank-verify.com/login?id=7731"] input[type=checkbox]').uncheck();
  await review.getByRole('button', { name: 'Report 1 selected' }).click();
  await expect(review.locator('.review-tally')).toHaveText('1 sent');
  const incident = (await incidentFor(sandbox, 'security@examplebank-secure.com'))!;
  expect(incident.attachments.map((file) => file.name)).toEqual(['Urgent your account will be closed.eml', 'email-headers.txt', 'evidence-record.txt']);
  expect(incident.attachments[2]!.text).toContain('Email file: Urgent your account will be closed.eml');
});

test('an email forging a well-known brand ticks the scammer’s Reply-To and landing page, never the brand, a hidden link or a tracker, and says why', async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
  const review = await context.newPage();
  await review.goto(`chrome-extension://${extensionId}/review.html?email=1`);
  await review.getByLabel('Open emails or lists…').setInputFiles(path.join(FIXTURES, 'forged-brand.eml'));
  await expect(review.locator('.email-card h2')).toHaveText('Unusual sign-in activity');
  const rows = review.locator('.review-row');
  const row = (value: string) => review.locator(`.review-row[data-value="${value}"]`);
  await expect(row('no-reply@microsoft.com')).toBeVisible();
  const ticked = await rows.evaluateAll((items) => items.filter((item) => item.querySelector<HTMLInputElement>('input[type=checkbox]')!.checked).map((item) => item.getAttribute('data-value')));
  expect(ticked).toEqual(['ms.recovery.desk@outlook.com', 'https://account-live-verify.com/signin?u=pat']);
  // Each one left out says why, tied to its checkbox.
  const reason = async (value: string) =>
    await row(value)
      .getByRole('checkbox')
      .getAttribute('aria-describedby')
      .then((ids) => review.locator(`[id="${ids!.split(' ').pop()!}"]`).textContent());
  expect(await reason('no-reply@microsoft.com')).toContain('the receiving server found this sender forged');
  expect(await reason('https://privacy.microsoft.com/en-us/privacystatement')).toContain('a page of a well-known brand’s own site');
  expect(await reason('https://competitor.example/')).toContain('the reader never sees this link');
  expect(await reason('198.51.100.77')).toContain('an image, stylesheet or tracker the email loads by itself');
  // The analyst may still tick one: the choice is theirs.
  await row('https://competitor.example/').getByRole('checkbox').check();
  await expect(review.getByRole('button', { name: 'Report 3 selected' })).toBeVisible();
});

test('an email attaching itself 240 levels deep is read three levels down, the rest listed, not read; Remove takes them all (issue 38)', async ({ context, extensionId }) => {
  const review = await context.newPage();
  await review.goto(`chrome-extension://${extensionId}/review.html?email=1`);
  const nesting = Buffer.from(selfNestingEmail(240, 2 * 1024 * 1024));
  await review.getByLabel('Open emails or lists…').setInputFiles({ name: 'nesting.eml', mimeType: 'message/rfc822', buffer: nesting });
  await expect(review.locator('.email-card h2')).toHaveText(['Level 0', 'Level 1', 'Level 2', 'Level 3'], { timeout: 20_000 });
  await expect(review.locator('.status-pending')).toHaveCount(0);
  await expect(review.locator('.email-card').nth(3)).toContainText('1 email attached more than 3 levels below the email you opened is listed with its SHA-256, not read.');
  await review.getByRole('button', { name: 'Remove the email nesting.eml' }).click();
  await expect(review.locator('.email-card')).toHaveCount(0);
});
