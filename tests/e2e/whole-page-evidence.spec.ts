import { createHash } from 'node:crypto';
import type { Worker } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { connect, incidentFor, openPhishingPage, servePhishingPages, type StoredIncident } from './reporting-helpers.ts';
import type { Sandbox } from '../sandbox/server.ts';
import { decodePng } from '../support/png.ts';
import { TALL_FRAMED_LOGIN } from '../support/phishing-page.ts';

declare const chrome: { tabs: { query(query: object): Promise<object[]> }; storage: { local: { set(items: object): Promise<void> } } };
declare const takedownReporterTest: { menuClick(info: object, tab: object): Promise<void> };

// Issue 41: a page six screens tall with a sticky header, 60 hidden decoy
// forms and its real login form in an <iframe srcdoc>, reported through the
// menu's code path with the whole-page setting on. The service receives the
// visible screen and the whole page (the sticky header drawn once), the
// details hold the frame's form first and say the forms' cap, and the page is
// left scrolled where the user had it.

const URL_ = 'https://tall-kit.example/login';

test.beforeEach(async ({ context, extensionId, sandbox, serviceWorker }) => {
  await servePhishingPages(context);
  // Registered after the phishing pages, so this one wins for its host.
  await context.route(
    (url) => url.hostname === 'tall-kit.example',
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: TALL_FRAMED_LOGIN }),
  );
  await connect(context, extensionId, sandbox);
  await serviceWorker.evaluate(() => chrome.storage.local.set({ settings: { wholePageScreenshot: true } }));
});

/** Clicks "Report this page for takedown" on the active tab (the native click's dispatcher) and waits for the incident. */
async function reportFromMenu(worker: Worker, sandbox: Sandbox, url: string): Promise<StoredIncident> {
  const tab = await worker.evaluate(async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]!);
  await worker.evaluate(([info, on]) => takedownReporterTest.menuClick(info, on), [{ editable: false, menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: url }, tab] as const);
  let incident: StoredIncident | undefined;
  // Six screens at Chromium's two captures a second, on a busy two-core machine.
  await expect.poll(async () => (incident = await incidentFor(sandbox, url)), { timeout: 40_000 }).toBeDefined();
  return incident!;
}

/** The bytes of the report's file `prefix…` as the extension kept them (its database), base64. */
function storedFile(worker: Worker, prefix: string): Promise<string> {
  return worker.evaluate(async (start) => {
    const db = await new Promise<IDBDatabase>((resolve) => (indexedDB.open('takedown-reporter').onsuccess = (event) => resolve((event.target as IDBOpenDBRequest).result)));
    const request = db.transaction('reports').objectStore('reports').getAll();
    const reports = await new Promise<{ files: { name: string; blob: Blob }[] }[]>((resolve) => (request.onsuccess = () => resolve(request.result)));
    db.close();
    const file = reports.flatMap((report) => report.files).find((each) => each.name.startsWith(start))!;
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    let binary = '';
    for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return btoa(binary);
  }, prefix);
}

const text = (incident: StoredIncident, name: string): string => incident.attachments.find((file) => file.name === name)?.text ?? '';

test('the whole page is sent after the visible screen, its sticky header drawn once; the frame’s login form leads the details, with the forms’ cap', async ({ context, sandbox, serviceWorker }) => {
  test.slow();
  const page = await openPhishingPage(context, URL_);
  await expect(page).toHaveTitle('Tall login ready');
  await page.evaluate(() => scrollTo(0, 300));
  const { pageHeight, width, ratio } = await page.evaluate(() => ({ pageHeight: document.documentElement.scrollHeight, width: document.documentElement.clientWidth, ratio: devicePixelRatio }));
  const viewport = await page.evaluate(() => innerHeight);
  expect(pageHeight).toBe(6 * viewport);

  const incident = await reportFromMenu(serviceWorker, sandbox, URL_);
  const names = incident.attachments.map((file) => file.name.replace(/\d{4}-.*\.(png|jpg)$/, '…'));
  expect(names).toEqual(['screenshot-…', 'screenshot-whole-page-…', 'page-source.txt', 'page-details.txt', 'evidence-record.txt']);

  // The image the service received is the one kept here: the whole page, its stamp's band below.
  const bytes = Buffer.from(await storedFile(serviceWorker, 'screenshot-whole-page-'), 'base64');
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(incident.attachments[1]!.sha256);
  const image = decodePng(bytes);
  expect(image.width).toBe(Math.round(width * ratio));
  expect(image.height).toBeGreaterThanOrEqual(pageHeight * ratio);
  expect(image.height).toBeLessThanOrEqual(pageHeight * ratio + 100);
  // At the right edge, clear of the header's text.
  const at = (y: number) => (y * image.width + image.width - 20) * 4;
  const pixel = (y: number) => [...image.rgba.subarray(at(y), at(y) + 3)];
  const isRed = (y: number) => pixel(y)[0]! > 150 && pixel(y)[1]! < 60 && pixel(y)[2]! < 60;
  let redRows = 0;
  for (let y = 0; y < pageHeight * ratio; y++) if (isRed(y)) redRows++;
  // The header's 50 rows, once: on every screen it would be six times that.
  expect(redRows).toBeGreaterThanOrEqual(48 * ratio);
  expect(redRows).toBeLessThanOrEqual(52 * ratio);
  // The page's last rows are its blue bottom: the image reaches the end of the page.
  expect(pixel(Math.round((pageHeight - 10) * ratio))).toEqual([0, 0, 200]);

  const details = text(incident, 'page-details.txt').split('\n');
  const forms = details.indexOf('Forms:');
  expect(details.slice(forms + 1, forms + 4)).toEqual([
    '  50 of 61 forms listed: those asking for a password, a card number or a one-time code first.',
    '  Form 1 sends to https://collect.tall-kit.example/gate.php (POST) (in a frame: srcdoc)',
    '    This form sends to another site than the page.',
  ]);
  expect(details).toContain('  srcdoc — a frame whose HTML is written in the page (srcdoc), read');
  expect(text(incident, 'evidence-record.txt')).toContain(`Whole-page screenshot: ${pageHeight} px of the page's ${pageHeight} px, from the top`);

  // The page is put back as the user left it: scrolled to 300, its header shown.
  expect(await page.evaluate(() => [scrollY, getComputedStyle(document.querySelector('header')!).visibility])).toEqual([300, 'visible']);
});
