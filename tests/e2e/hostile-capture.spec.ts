import type { BrowserContext } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { clickMenu, connect, incidentFor, openPhishingPage, servePhishingPages, type StoredIncident } from './reporting-helpers.ts';
import { CAPTURE_PART_LIMIT_MS } from '../../utils/evidence/capture.ts';

// Pages built to break evidence capture: a 50 MB DOM, endless iframes, a
// main thread that never yields, a page that leaves for another site while it
// is captured. Each is reported through the menu's own code path: the report
// goes out within the capture's time limit with what could be captured, says
// what could not, and the extension reports the next page as usual.

const HUGE_DOM = `<!doctype html><html><head><title>Huge</title></head><body><h1>Huge page</h1><div id="blob" hidden></div>
<script>
  const blob = document.getElementById('blob');
  const chunk = 'x'.repeat(1024 * 1024);
  for (let i = 0; i < 50; i++) { const part = document.createElement('p'); part.textContent = chunk; blob.append(part); }
  document.title = 'Huge page ready';
</script></body></html>`;

const ENDLESS_FRAMES = `<!doctype html><html><head><title>Frames</title></head><body><h1>Frames</h1>
<iframe src="/frame?depth=1"></iframe>
<script>setInterval(() => { const frame = document.createElement('iframe'); frame.src = '/frame?depth=1&t=' + Date.now(); document.body.append(frame); }, 100);</script>
</body></html>`;
const FRAME = (depth: number) => `<!doctype html><html><body>depth ${depth}<iframe src="/frame?depth=${depth + 1}"></iframe></body></html>`;

/** Blocks its main thread for 20 s once loaded: no script of ours can run in it meanwhile. */
const HUNG = `<!doctype html><html><head><title>Hung</title></head><body><h1>Hung page</h1>
<script>window.addEventListener('load', () => setTimeout(() => { const end = Date.now() + 20000; while (Date.now() < end) {} }, 50));</script></body></html>`;

/** Keeps its thread busy a moment, then leaves for another site: the capture meets it half-way. */
const LEAVING = `<!doctype html><html><head><title>Leaving</title></head><body><h1>Leaving page</h1>
<script>window.addEventListener('load', () => setTimeout(() => { const end = Date.now() + 1500; while (Date.now() < end) {} location.href = 'https://elsewhere-landing.example/'; }, 50));</script></body></html>`;

async function serveHostilePages(context: BrowserContext): Promise<void> {
  await servePhishingPages(context);
  // Registered after the phishing pages, so these win for their hosts.
  const pages: Record<string, (url: URL) => string> = {
    'huge-dom.example': () => HUGE_DOM,
    'endless-frames.example': (url) => (url.pathname === '/frame' ? FRAME(Number(url.searchParams.get('depth'))) : ENDLESS_FRAMES),
    'hung-page.example': () => HUNG,
    'leaving-page.example': () => LEAVING,
  };
  await context.route(
    (url) => url.hostname in pages,
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: pages[new URL(route.request().url()).hostname]!(new URL(route.request().url())) }),
  );
}

/** Reports the active page from the menu and waits for the incident; answers it and the seconds it took. */
async function reportFromMenu(serviceWorker: Parameters<typeof clickMenu>[0], sandbox: Parameters<typeof incidentFor>[0], url: string): Promise<{ incident: StoredIncident; seconds: number }> {
  const started = Date.now();
  await clickMenu(serviceWorker, { menuItemId: 'takedown-reporter:report-page-tkd', pageUrl: url });
  let incident: StoredIncident | undefined;
  await expect.poll(async () => (incident = await incidentFor(sandbox, url)), { timeout: CAPTURE_PART_LIMIT_MS + 8_000 }).toBeDefined();
  return { incident: incident!, seconds: (Date.now() - started) / 1000 };
}

const names = (incident: StoredIncident) => incident.attachments.map((file) => file.name.replace(/^screenshot-.*\.(png|jpg)$/, 'screenshot'));
const record = (incident: StoredIncident) => incident.attachments.find((file) => file.name === 'evidence-record.txt')!.text!;

test.beforeEach(async ({ context, extensionId, sandbox }) => {
  await serveHostilePages(context);
  await connect(context, extensionId, sandbox);
});

test('a 50 MB DOM: the source is cut at its cap inside the page, and the report goes out whole', async ({ context, sandbox, serviceWorker }) => {
  const url = 'https://huge-dom.example/';
  const page = await openPhishingPage(context, url);
  await expect(page).toHaveTitle('Huge page ready', { timeout: 20_000 });
  const { incident, seconds } = await reportFromMenu(serviceWorker, sandbox, url);
  expect(names(incident)).toEqual(['screenshot', 'page-source.txt', 'page-details.txt', 'evidence-record.txt']);
  const source = incident.attachments.find((file) => file.name === 'page-source.txt')!;
  // 1,500,000 characters of the 52 MB source, and a header saying where it was cut.
  expect(source.size).toBeGreaterThan(1_500_000);
  expect(source.size).toBeLessThan(1_501_000);
  expect(seconds).toBeLessThan(CAPTURE_PART_LIMIT_MS / 1000 + 6);
});

test('endless iframes: the top page is captured and the frames are only named', async ({ context, sandbox, serviceWorker }) => {
  const url = 'https://endless-frames.example/';
  // Its load event never comes: frames keep loading.
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.bringToFront();
  await page.waitForTimeout(500);
  const { incident, seconds } = await reportFromMenu(serviceWorker, sandbox, url);
  expect(names(incident)).toEqual(['screenshot', 'page-source.txt', 'page-details.txt', 'evidence-record.txt']);
  expect(incident.attachments.find((file) => file.name === 'page-details.txt')!.text).toContain('https://endless-frames.example');
  expect(seconds).toBeLessThan(CAPTURE_PART_LIMIT_MS / 1000 + 6);
});

test('a page that never yields loses its content at the time limit, keeps its screenshot, and says so; the next report is as usual', async ({ context, sandbox, serviceWorker }) => {
  const url = 'https://hung-page.example/';
  const page = await openPhishingPage(context, url);
  await page.waitForTimeout(300);
  const { incident, seconds } = await reportFromMenu(serviceWorker, sandbox, url);
  expect(names(incident)).toEqual(['screenshot', 'evidence-record.txt']);
  expect(seconds).toBeGreaterThanOrEqual(CAPTURE_PART_LIMIT_MS / 1000 - 0.5);
  expect(seconds).toBeLessThan(CAPTURE_PART_LIMIT_MS / 1000 + 6);

  const next = 'https://secure-acme-login.com/after-the-hung-page';
  await openPhishingPage(context, next);
  const after = await reportFromMenu(serviceWorker, sandbox, next);
  expect(names(after.incident)).toEqual(['screenshot', 'page-source.txt', 'page-details.txt', 'evidence-record.txt']);
});

test('a page that leaves for another site during capture: nothing of the other site is sent', async ({ context, sandbox, serviceWorker }) => {
  const url = 'https://leaving-page.example/';
  const page = await openPhishingPage(context, url);
  await page.waitForTimeout(200);
  const { incident, seconds } = await reportFromMenu(serviceWorker, sandbox, url);
  expect(seconds).toBeLessThan(CAPTURE_PART_LIMIT_MS / 1000 + 6);
  // Whatever was captured describes the page reported (its own source names
  // where it goes next; that is evidence, not the other site).
  const source = incident.attachments.find((file) => file.name === 'page-source.txt');
  if (source) expect(source.text).toMatch(/^HTML source of https:\/\/leaving-page\.example\//);
  expect(record(incident)).toContain('https://leaving-page.example/');
  expect(record(incident)).not.toMatch(/Address shown in the tab.*elsewhere-landing/);
});
