import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { test, expect, navigateExtensionPage, openWebPage } from './fixtures.ts';
import { clickButton, field, fill, find, textOf, textsOf } from './dom.ts';
import { connect, openPopupOver } from './steps.ts';
import { incidents } from '../e2e/reporting-helpers.ts';
import type { Sandbox } from '../sandbox/server.ts';

// Looking incidents up from the popup, typed in a defanged form, and acting on
// one from its full-page view, in Firefox.

async function createIncident(sandbox: Sandbox, fields: Record<string, unknown>): Promise<{ id: string }> {
  const response = await fetch(`${sandbox.baseUrl}/__sandbox/incidents`, { method: 'POST', body: JSON.stringify({ clientId: 'cl_acme', ...fields }) });
  return ((await response.json()) as { data: { id: string } }).data;
}

/** The id of the element that has the focus. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

test('lookups by URL, email and phone, each typed defanged, show the incident; an unknown subject offers to report it', async ({ extension, sandbox, web }) => {
  await createIncident(sandbox, { subject: 'https://lookup-phish.com/login', url: 'https://lookup-phish.com/login', status: 'approval_required' });
  await createIncident(sandbox, { subject: 'scam@lookup-fraud.com', incidentType: 'email', status: 'action_required' });
  await connect(extension, sandbox);
  const page = await openWebPage(extension.browser, `${web.origin()}/signin`);
  const popup = await openPopupOver(extension, page);
  await expect.poll(() => popup.evaluate(() => (document.querySelector('#report-subject') as HTMLInputElement | null)?.value)).toBe(`${web.origin()}/signin`);
  // The tab and the form's button bear the same words: each is found by its role.
  const lookupTab = '[role="tab"][aria-controls="popup-panel-lookup"]';
  const lookupButton = '.lookup form button[type="submit"]';
  expect(await (await find(popup, lookupTab)).evaluate((tab) => tab.textContent)).toBe('Look up');
  await (await find(popup, lookupTab)).click();
  expect(await (await find(popup, lookupButton)).evaluate((button) => button.textContent)).toBe('Look up');
  const lookUp = async () => (await find(popup, lookupButton)).click();

  for (const [typed, subject, status] of [
    ['hxxps://lookup-phish[.]com/login', 'https://lookup-phish.com/login', 'Approval required'],
    ['scam[at]lookup-fraud[.]com', 'scam@lookup-fraud.com', 'Action required from you'],
    ['+44 20 7946 0100', '+442079460100', 'Closed'],
  ] as const) {
    await fill(popup, 'Look up an incident', typed);
    await lookUp();
    await expect.poll(() => textOf(popup, '.incident h2')).toBe(subject);
    expect(await textOf(popup, '.incident .status-chip')).toBe(status);
  }
  expect(await textOf(popup, '.incident')).toContain('History');
  // The phone's seeded incident ended with a takedown attempt judged not actionable.
  await expect.poll(() => textsOf(popup, '.attempts li')).toEqual([expect.stringMatching(/^Not actionable/)]);

  await fill(popup, 'Look up an incident', 'never-seen[.]com');
  await lookUp();
  await expect.poll(() => textOf(popup, '.lookup-result[role="status"] p')).toBe('No incident for this subject.');
  await clickButton(popup, 'Report it');
  // The report tab, its subject the refanged one, focused to go on.
  await expect.poll(() => popup.evaluate(() => (document.querySelector('#report-subject') as HTMLInputElement | null)?.value)).toBe('never-seen.com');
  await expect.poll(() => focused(popup)).toBe('report-subject');

  await (await find(popup, lookupTab)).click();
  await fill(popup, 'Look up an incident', 'not an indicator');
  await lookUp();
  await expect.poll(() => textOf(popup, '#lookup-subject-error')).toBe('This is not a URL, domain, email address, phone number or IPv4 address.');
});

test('from the incident view: approve a takedown waiting for approval, comment (an empty one refused first), and attach evidence', async ({ extension, sandbox }) => {
  const { id } = await createIncident(sandbox, { subject: 'https://approve-me.com/', url: 'https://approve-me.com/', status: 'approval_required' });
  // The options page, once connected, becomes the incident's page: one tab less to open.
  const page = await connect(extension, sandbox);
  await navigateExtensionPage(page, extension.url(`incident.html#${encodeURIComponent(id)}`));
  const chip = () => textOf(page, '.incident .status-chip');
  const outcome = () => textOf(page, '#incident-action-outcome');
  await expect.poll(chip).toBe('Approval required');

  await clickButton(page, 'Approve the takedown');
  expect(await textOf(page, '#incident-action-what')).toBe("The service will take this site down. Approve only if it is not yours or a partner's.");
  await clickButton(page, 'Confirm');
  // The outcome line (the history may say the same words once it is read again).
  await expect.poll(outcome).toBe('Takedown approved.');
  await expect.poll(chip).toBe('Takedown ready');
  // Approval is offered only while the takedown waits for it.
  expect(await page.$('#incident-action-button-approve')).toBeNull();

  await clickButton(page, 'Comment');
  await clickButton(page, 'Confirm');
  await expect.poll(() => textOf(page, '#incident-action-error')).toBe('Write a comment first.');
  const comment = await field(page, 'Comment for the analyst');
  expect(await comment.evaluate((element) => [element.getAttribute('aria-invalid'), element.getAttribute('aria-describedby')])).toEqual(['true', 'incident-action-error']);
  await fill(page, 'Comment for the analyst', 'Approved by the fraud team.');
  await clickButton(page, 'Confirm');
  await expect.poll(outcome).toBe('Comment added.');
  await expect.poll(() => textOf(page, '.timeline')).toContain('Approved by the fraud team.');

  // A real file, picked through the file input (WebDriver BiDi `input.setFiles`).
  const folder = await mkdtemp(path.join(tmpdir(), 'takedown-evidence-'));
  const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2]);
  await writeFile(path.join(folder, 'sms.png'), bytes);
  try {
    await clickButton(page, 'Attach evidence');
    await (await field(page, 'Add files (or drop them here)')).uploadFile(path.join(folder, 'sms.png'));
    await expect.poll(() => textOf(page, '.incident-actions .confirm .field .hint:last-child')).toBe('sms.png');
    await clickButton(page, 'Confirm');
    await expect.poll(outcome).toBe('Evidence attached.');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }

  const stored = (await incidents(sandbox)).find((incident) => incident.id === id)!;
  expect(stored.status).toBe('takedown_ready');
  expect(stored.attachments.map(({ name, type, size, sha256 }) => ({ name, type, size, sha256 }))).toEqual([
    { name: 'sms.png', type: 'image/png', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
  ]);
  expect(stored.history.map((entry) => entry.message)).toContain('Approved by the fraud team.');
});
