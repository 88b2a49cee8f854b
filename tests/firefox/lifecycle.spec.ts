import type { Browser, Page } from 'puppeteer-core';
import { test, expect, openExtensionPage, openWebPage } from './fixtures.ts';
import { clickButton, find, textOf } from './dom.ts';
import { connect, sendWaiting } from './steps.ts';
import { addFault, incidents, reportRequests } from '../e2e/reporting-helpers.ts';

// The outbox across the background page's own lifecycle in Firefox: offline
// and back, an answer slower than Firefox's idle time, and the extension
// reloaded (an update, a crash) while a report is in flight.

// Firefox unloads an idle event page after 30 s (in these tests' Firefox, 1 s: fixtures.ts), even mid-upload:
// the background must not be one.

declare const browser: {
  runtime: { getBackgroundPage(): Promise<Window>; reload(): void };
  alarms: { create(name: string, info: { when: number }): Promise<void> };
};
interface Hooks {
  createDraft(draft: object): Promise<{ id: string }>;
  submit(id: string): Promise<unknown>;
}
type Background = Window & { takedownReporterTest: Hooks; navigator: Navigator; lifecycleMark?: string };

/** Sets whether the background page sees the network (its `navigator.onLine`), as Chromium's offline tests do. */
async function setOnline(from: Page, online: boolean): Promise<void> {
  await from.evaluate(async (value) => {
    const background = (await browser.runtime.getBackgroundPage()) as Background;
    Object.defineProperty(background.navigator, 'onLine', { get: () => value, configurable: true });
  }, online);
}

/** Queues one report per subject as the popup does (a draft, then its submit). */
async function submitReports(from: Page, subjects: string[]): Promise<void> {
  await from.evaluate(async (list) => {
    const { takedownReporterTest } = (await browser.runtime.getBackgroundPage()) as Background;
    for (const subject of list) {
      const draft = await takedownReporterTest.createDraft({ action: 'tkd', subject: { type: 'url', value: subject }, fields: { url: subject }, files: [], origin: 'popup' });
      void takedownReporterTest.submit(draft.id);
    }
  }, subjects);
}

/** Each stored report's subject and state, read from the reports database as any extension page can. */
interface StoredReport {
  subject: string;
  state: string;
  problem?: string;
  files: number;
}

async function storedReports(from: Page): Promise<StoredReport[]> {
  return from.evaluate(
    () =>
      new Promise<StoredReport[]>((resolve, reject) => {
        const open = indexedDB.open('takedown-reporter');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('reports').objectStore('reports').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(
              (all.result as { subject: { value: string }; state: string; lastProblem?: { kind: string }; files: unknown[] }[]).map((report) => ({
                subject: report.subject.value,
                state: report.state,
                ...(report.lastProblem ? { problem: report.lastProblem.kind } : {}),
                files: report.files.length,
              })),
            );
          };
        };
      }),
  );
}

/** Marks the running background page, to tell later whether it is still the same one. */
async function markBackground(from: Page): Promise<void> {
  await from.evaluate(async () => void (((await browser.runtime.getBackgroundPage()) as Background).lifecycleMark = 'first'));
}

async function backgroundMark(from: Page): Promise<string> {
  return from.evaluate(async () => ((await browser.runtime.getBackgroundPage()) as Background).lifecycleMark ?? 'a new page');
}

test('offline, then back online: every report goes once, one at a time, through the 429s; an answer slower than the idle time still arrives', async ({ extension, sandbox }) => {
  const options = await connect(extension, sandbox);
  await setOnline(options, false);
  const subjects = Array.from({ length: 12 }, (_, index) => `https://queued-${index}.example/login`);
  await submitReports(options, subjects);
  await expect.poll(async () => (await storedReports(options)).filter((report) => report.state === 'queued').length).toBe(subjects.length);
  expect(await reportRequests(sandbox)).toEqual([]);

  // Back online: the service limits the first two requests, and answers the third only after three idle times.
  for (let index = 0; index < 2; index++)
    await addFault(sandbox, { method: 'POST', path: '/v1/incident/tkd', status: 429, headers: { 'retry-after': '1' }, body: { message: 'Too many requests' }, times: 1 });
  await addFault(sandbox, { method: 'POST', path: '/v1/incident/tkd', latencyMs: 3_500, times: 1 });
  await markBackground(options);
  await setOnline(options, true);
  // The retry alarm fires for real (30 s apart in use; set to fire now), so its own event wakes the sending.
  await options.evaluate(() => browser.alarms.create('takedown-reporter:send-waiting', { when: Date.now() + 100 }));

  await expect.poll(async () => (await storedReports(options)).filter((report) => report.state === 'sent').length, { timeout: 20_000 }).toBe(subjects.length);
  const posts = await reportRequests(sandbox);
  expect(posts.map((post) => post.status).filter((status) => status === 429)).toHaveLength(2);
  expect(posts).toHaveLength(subjects.length + 2);
  const arrived = (await incidents(sandbox)).map((incident) => incident.url).filter((url) => url?.startsWith('https://queued-'));
  expect(arrived.toSorted()).toEqual(subjects.toSorted());
  // The page that sent them is the one that started: Firefox did not unload it during the slow answer.
  expect(await backgroundMark(options)).toBe('first');
});

test('the extension reloaded mid-send: the report in flight is kept as unknown, never resent on its own, and Check finds it arrived; the one queued behind it goes after the restart', async ({
  extension,
  sandbox,
  web,
}) => {
  const options = await connect(extension, sandbox);
  // One report waits for the network (queued while the background saw none)…
  await setOnline(options, false);
  await submitReports(options, ['https://queued-behind.example/login']);
  await expect.poll(async () => (await storedReports(options)).map((report) => report.state)).toEqual(['queued']);
  await setOnline(options, true);
  // …and one goes from the menu: the service stores it and answers, and the background is held (a test-only
  // hook) before it writes the answer down — the moment a restart costs the most, as the answer is lost.
  await openWebPage(extension.browser, `${web.origin()}/reload-mid-send`);
  await options.evaluate(async () => {
    const background = (await browser.runtime.getBackgroundPage()) as Background;
    const { takedownReporterTest } = background;
    Object.assign(background, { takedownReporterTestHold: new Promise(() => undefined) });
    const [tab] = await (globalThis as unknown as { browser: { tabs: { query(q: object): Promise<object[]> } } }).browser.tabs.query({ active: true, lastFocusedWindow: true });
    void (takedownReporterTest as unknown as { menuClick(info: object, tab: object): Promise<void> }).menuClick({ editable: false, menuItemId: 'takedown-reporter:report-page-tkd' }, tab!);
  });
  await expect.poll(async () => (await reportRequests(sandbox)).map((request) => request.status)).toEqual([200]);
  expect((await storedReports(options)).map((report) => report.state).toSorted()).toEqual(['queued', 'sending']);

  // An update or a crash: the extension restarts, its pages close, its storage stays.
  // The page that asks goes with the extension, so its evaluation never answers.
  void options.evaluate(() => browser.runtime.reload()).catch(() => undefined);
  const reopened = await reopenWhenBack(extension.browser, extension.url('options.html#reports'));
  const page = `${web.origin()}/reload-mid-send`;
  await expect
    .poll(async () => (await storedReports(reopened)).toSorted((a, b) => a.subject.localeCompare(b.subject)), { timeout: 15_000 })
    .toEqual([
      { subject: page, state: 'unknown', problem: 'interrupted', files: 4 },
      { subject: 'https://queued-behind.example/login', state: 'sent', files: 0 },
    ]);
  // The interrupted report was not sent again on its own: two requests in all.
  expect(await reportRequests(sandbox)).toHaveLength(2);

  // My reports says so, and Check finds it arrived (the service stored it before the reload).
  await find(reopened, 'tbody tr.report-row');
  expect(await textOf(reopened, 'tbody')).toContain('reload-mid-send');
  await clickButton(reopened, 'Check whether it arrived');
  await expect.poll(async () => (await storedReports(reopened)).find((report) => report.subject === page)?.state).toBe('sent');
  expect(await reportRequests(sandbox)).toHaveLength(2);
  expect((await incidents(sandbox)).filter((incident) => incident.url === page)).toHaveLength(1);
  await sendWaiting(reopened);
  expect(await reportRequests(sandbox)).toHaveLength(2);
});

/** After `runtime.reload()`: once Firefox has closed the extension's old pages, opens one of the restarted extension. */
async function reopenWhenBack(firefox: Browser, url: string): Promise<Page> {
  const connection = (firefox as unknown as { connection: { send(method: string, params: object): Promise<{ result: { contexts: { url: string }[] } }> } }).connection;
  await expect.poll(async () => (await connection.send('browsingContext.getTree', {})).result.contexts.some((context) => context.url.startsWith('moz-extension:'))).toBe(false);
  const page = await openExtensionPage(firefox, url);
  await find(page, '.options-page');
  return page;
}
