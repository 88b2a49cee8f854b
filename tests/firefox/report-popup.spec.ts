import { createHash } from 'node:crypto';
import { test, expect, openWebPage } from './fixtures.ts';
import { clickButton, fill, find, textOf } from './dom.ts';
import { clickMenu, connect, openPopupOver, openReportDetails } from './steps.ts';
import { incidentFor, reportRequests } from '../e2e/reporting-helpers.ts';
import { SHADOW_LOGIN } from '../support/phishing-page.ts';

test('a page reported from the popup arrives with a stamped screenshot, page evidence and a record whose hashes match', async ({ extension, sandbox, web }) => {
  await connect(extension, sandbox);
  const url = `${web.origin()}/signin`;
  const page = await openWebPage(extension.browser, url);
  const popup = await openPopupOver(extension, page);

  await expect.poll(() => popup.evaluate(() => (document.querySelector('#report-subject') as HTMLInputElement | null)?.value)).toBe(url);
  await openReportDetails(popup);
  await find(popup, 'img[alt="The screenshot that will be sent"]');
  // The screenshot goes stamped with the address and time, as in Chromium.
  expect(
    await popup.evaluate(() =>
      [...document.querySelectorAll('label')].some((label) => (label.textContent ?? '').trim().startsWith('Screenshot, stamped') && (label.control as HTMLInputElement | null)?.checked),
    ),
  ).toBe(true);
  await fill(popup, 'Comment for the analyst (optional)', 'Seen in an SMS campaign');
  await fill(popup, 'Your email, for status updates', 'soc@acme.example');
  await clickButton(popup, 'Report for takedown');
  await find(popup, '[data-report-state="sent"]', 15_000);

  const incident = (await incidentFor(sandbox, url))!;
  expect(await textOf(popup, 'body')).toContain(`Incident ${incident.id}`);
  expect(incident).toMatchObject({ status: 'pending_review', reportedBy: 'soc@acme.example', comment: 'Seen in an SMS campaign' });
  expect((await reportRequests(sandbox))[0]?.contentType).toMatch(/^multipart\/form-data/);
  const names = incident.attachments.map((file) => file.name);
  expect(names).toEqual([expect.stringMatching(/^screenshot-.*\.(png|jpg)$/), 'page-source.txt', 'page-details.txt', 'evidence-record.txt']);
  const [shot, source, details, record] = incident.attachments;
  expect(shot!.size).toBeGreaterThan(5_000);
  expect(source!.text).toContain('<h1>Acme Bank secure sign-in</h1>');
  expect(details!.text).toContain('https://collect.kit-host.com/gate.php');
  for (const file of [shot!, source!, details!]) expect(record!.text).toContain(`${file.sha256}  ${file.name}`);
  expect(record!.text).toMatch(/Browser: Firefox 1\d\d/);
  expect(createHash('sha256').update(source!.text!).digest('hex')).toBe(source!.sha256);
});

test('a login form in a closed shadow root is in the page source and details a menu report sends (Firefox reads it with openOrClosedShadowRoot)', async ({ extension, sandbox, web }) => {
  const options = await connect(extension, sandbox);
  web.serve('/shadow-login', SHADOW_LOGIN);
  const url = `${web.origin()}/shadow-login`;
  await openWebPage(extension.browser, url);
  await clickMenu(options, { menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: url });
  const incident = (await incidentFor(sandbox, url))!;
  const text = (name: string) => incident.attachments.find((file) => file.name === name)?.text ?? '';
  expect(text('page-source.txt')).toMatch(
    /<app-shell><template shadowrootmode="open"><header>Acme Bank<\/header><login-box><template shadowrootmode="closed"><form action="https:\/\/collect\.shadow-kit\.example\/post\.php" method="post">/,
  );
  const details = text('page-details.txt').split('\n');
  expect(details).toContain('Shadow roots read: 2. The page source shows each inside its host, as a <template shadowrootmode> element.');
  expect(details).toContain('  Form 1 sends to https://collect.shadow-kit.example/post.php (POST) (in a closed shadow root of <login-box>)');
});
