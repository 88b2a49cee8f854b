import { createHash } from 'node:crypto';
import { test, expect, openWebPage } from './fixtures.ts';
import { clickMenu, connect } from './steps.ts';
import { incidentFor, type StoredIncident } from '../e2e/reporting-helpers.ts';
import { decodePng } from '../support/png.ts';
import { TALL_FRAMED_LOGIN } from '../support/phishing-page.ts';

// Issue 41 in Firefox: the whole page is rendered in one call
// (captureVisibleTab's rect and scale, Firefox 82), not stitched; the page
// details read the frame's form as in Chromium.

declare const browser: { storage: { local: { set(items: object): Promise<void> } } };

test('with the whole page on, a menu report sends the whole page after the visible screen, the header drawn once, and the frame’s login form first', async ({ extension, sandbox, web }) => {
  const options = await connect(extension, sandbox);
  await options.evaluate(() => browser.storage.local.set({ settings: { wholePageScreenshot: true } }));
  web.serve('/tall-login', TALL_FRAMED_LOGIN);
  const url = `${web.origin()}/tall-login`;
  const page = await openWebPage(extension.browser, url);
  await expect.poll(() => page.title()).toBe('Tall login ready');
  await page.evaluate(() => scrollTo(0, 300));
  const { pageHeight, width, ratio } = await page.evaluate(() => ({ pageHeight: document.documentElement.scrollHeight, width: document.documentElement.clientWidth, ratio: devicePixelRatio }));

  await clickMenu(options, { menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: url });
  let incident: StoredIncident | undefined;
  await expect.poll(async () => (incident = await incidentFor(sandbox, url)), { timeout: 30_000 }).toBeDefined();
  const names = incident!.attachments.map((file) => file.name.replace(/\d{4}-.*\.(png|jpg)$/, '…'));
  expect(names).toEqual(['screenshot-…', 'screenshot-whole-page-…', 'page-source.txt', 'page-details.txt', 'evidence-record.txt']);

  const base64 = await options.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve) => (indexedDB.open('takedown-reporter').onsuccess = (event) => resolve((event.target as IDBOpenDBRequest).result)));
    const request = db.transaction('reports').objectStore('reports').getAll();
    const reports = await new Promise<{ files: { name: string; blob: Blob }[] }[]>((resolve) => (request.onsuccess = () => resolve(request.result)));
    db.close();
    const bytes = new Uint8Array(
      await reports
        .flatMap((report) => report.files)
        .find((file) => file.name.startsWith('screenshot-whole-page-'))!
        .blob.arrayBuffer(),
    );
    let binary = '';
    for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return btoa(binary);
  });
  const bytes = Buffer.from(base64, 'base64');
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(incident!.attachments[1]!.sha256);
  const image = decodePng(bytes);
  expect(image.width).toBe(Math.round(width * ratio));
  expect(image.height).toBeGreaterThanOrEqual(pageHeight * ratio);
  expect(image.height).toBeLessThanOrEqual(pageHeight * ratio + 100);
  const at = (y: number) => (y * image.width + image.width - 20) * 4;
  const pixel = (y: number) => [...image.rgba.subarray(at(y), at(y) + 3)];
  let redRows = 0;
  for (let y = 0; y < pageHeight * ratio; y++) if (pixel(y)[0]! > 150 && pixel(y)[1]! < 60 && pixel(y)[2]! < 60) redRows++;
  expect(redRows).toBeGreaterThanOrEqual(48 * ratio);
  expect(redRows).toBeLessThanOrEqual(52 * ratio);
  expect(pixel(Math.round((pageHeight - 10) * ratio))).toEqual([0, 0, 200]);

  const details = incident!.attachments.find((file) => file.name === 'page-details.txt')!.text!.split('\n');
  const forms = details.indexOf('Forms:');
  expect(details.slice(forms + 1, forms + 3)).toEqual([
    '  50 of 61 forms listed: those asking for a password, a card number or a one-time code first.',
    '  Form 1 sends to https://collect.tall-kit.example/gate.php (POST) (in a frame: srcdoc)',
  ]);
  expect(await page.evaluate(() => scrollY)).toBe(300);
});
