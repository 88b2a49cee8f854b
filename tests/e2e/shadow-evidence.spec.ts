import type { Worker } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { connect, incidentFor, openPhishingPage, servePhishingPages, type StoredIncident } from './reporting-helpers.ts';
import { CAPTURE_PART_LIMIT_MS } from '../../utils/evidence/capture-limits.ts';
import type { Sandbox } from '../sandbox/server.ts';
import { SHADOW_LOGIN } from '../support/phishing-page.ts';

declare const chrome: { tabs: { query(query: object): Promise<object[]> } };
declare const takedownReporterTest: { menuClick(info: object, tab: object): Promise<void> };

// Kits hide the login form in a closed shadow root, which a page's own
// outerHTML and querySelectorAll never enter. Reported through the menu's
// code path, the page's source and details sent to the service show it.

/** 40 closed roots each inside the last: deeper than the walk reads. */
const DEEP_SHADOWS = `<!doctype html><html><head><meta charset="utf-8"><title>Deep shadows</title></head><body>
<script>
  let host = document.body.appendChild(document.createElement('deep-host'));
  for (let depth = 0; depth < 40; depth++) host = host.attachShadow({ mode: 'closed' }).appendChild(document.createElement('deep-host'));
  document.title = 'Deep shadows ready';
</script></body></html>`;

/** 600 open roots side by side, each with a link out: more than the walk reads. */
const WIDE_SHADOWS = `<!doctype html><html><head><meta charset="utf-8"><title>Wide shadows</title></head><body>
<script>
  for (let i = 0; i < 600; i++) document.body.appendChild(document.createElement('wide-host')).attachShadow({ mode: 'open' }).innerHTML = '<a href="https://out' + i + '.example/">out</a>';
  document.title = 'Wide shadows ready';
</script></body></html>`;

const PAGES: Record<string, string> = { 'shadow-login.example': SHADOW_LOGIN, 'deep-shadows.example': DEEP_SHADOWS, 'wide-shadows.example': WIDE_SHADOWS };

test.beforeEach(async ({ context, extensionId, sandbox }) => {
  await servePhishingPages(context);
  // Registered after the phishing pages, so these win for their hosts.
  await context.route(
    (url) => url.hostname in PAGES,
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PAGES[new URL(route.request().url()).hostname]! }),
  );
  await connect(context, extensionId, sandbox);
});

/** Clicks "Report this page for takedown" on the active tab (the native click's dispatcher) and waits for the incident. */
async function reportFromMenu(worker: Worker, sandbox: Sandbox, url: string): Promise<StoredIncident> {
  const tab = await worker.evaluate(async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]!);
  await worker.evaluate(([info, on]) => takedownReporterTest.menuClick(info, on), [{ editable: false, menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: url }, tab] as const);
  let incident: StoredIncident | undefined;
  await expect.poll(async () => (incident = await incidentFor(sandbox, url)), { timeout: CAPTURE_PART_LIMIT_MS + 8_000 }).toBeDefined();
  return incident!;
}

const text = (incident: StoredIncident, name: string): string => incident.attachments.find((file) => file.name === name)?.text ?? '';

test('a login form in a closed shadow root, inside an open one, is in the page source and details sent', async ({ context, sandbox, serviceWorker }) => {
  const url = 'https://shadow-login.example/';
  const page = await openPhishingPage(context, url);
  await expect(page).toHaveTitle('Shadow login ready');
  const incident = await reportFromMenu(serviceWorker, sandbox, url);

  const source = text(incident, 'page-source.txt');
  // Where it was: the closed root's template first in <login-box>, itself in the open root's template.
  expect(source).toMatch(
    /<app-shell><template shadowrootmode="open"><header>Acme Bank<\/header><login-box><template shadowrootmode="closed"><form action="https:\/\/collect\.shadow-kit\.example\/post\.php" method="post"><input name="user" type="email"><input name="secret" type="password">/,
  );

  const details = text(incident, 'page-details.txt').split('\n');
  expect(details).toContain('Shadow roots read: 2. The page source shows each inside its host, as a <template shadowrootmode> element.');
  const form = details.indexOf('  Form 1 sends to https://collect.shadow-kit.example/post.php (POST) (in a closed shadow root of <login-box>)');
  expect(form).toBeGreaterThan(0);
  expect(details.slice(form + 1, form + 5)).toEqual([
    '    This form sends to another site than the page.',
    '    Asks for a password: a credential form, listed before the others.',
    '    - user (email)',
    '    - secret (password) — password field',
  ]);
});

const STOPPED = 'Stopped looking for shadow roots at a limit (500 roots, 32 levels deep, 1.5 seconds): any further ones are not listed here or in the page source.';
/** The capture's limit, and room to write and send the report on a busy two-core machine. */
const WITHIN_MS = CAPTURE_PART_LIMIT_MS + 5_000;

test('pages of endless shadow roots are read up to the caps, and the details say so', async ({ context, sandbox, serviceWorker }) => {
  const wide = 'https://wide-shadows.example/';
  await expect(await openPhishingPage(context, wide)).toHaveTitle('Wide shadows ready');
  let started = Date.now();
  const wideIncident = await reportFromMenu(serviceWorker, sandbox, wide);
  expect(Date.now() - started).toBeLessThan(WITHIN_MS);
  const wideDetails = text(wideIncident, 'page-details.txt');
  expect(wideDetails).toContain(`Shadow roots read: 500.`);
  expect(wideDetails).toContain(STOPPED);
  // The first 500 roots, in document order, each named where it was found.
  expect(wideDetails).toContain('  https://out499.example/ (in an open shadow root of <wide-host>)');
  expect(wideDetails).not.toContain('https://out500.example/');
  expect(text(wideIncident, 'page-source.txt').split('<template shadowrootmode="open">').length - 1).toBe(500);

  const deep = 'https://deep-shadows.example/';
  await expect(await openPhishingPage(context, deep)).toHaveTitle('Deep shadows ready');
  started = Date.now();
  const deepIncident = await reportFromMenu(serviceWorker, sandbox, deep);
  expect(Date.now() - started).toBeLessThan(WITHIN_MS);
  const deepDetails = text(deepIncident, 'page-details.txt');
  expect(deepDetails).toContain('Shadow roots read: 32.');
  expect(deepDetails).toContain(STOPPED);
  expect(text(deepIncident, 'page-source.txt').split('<template shadowrootmode="closed">').length - 1).toBe(32);
});
