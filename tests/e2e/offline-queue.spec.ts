import { test, expect } from './fixtures.ts';
import { addFault, connect, incidents } from './reporting-helpers.ts';

// 200 reports made while the browser is offline, then the network comes
// back: they go out one at a time, the 429s the service answers are waited
// out (Retry-After) before the next request, and every report arrives exactly
// once.

declare const takedownReporterTest: { createDraft(draft: object): Promise<{ id: string }>; submit(id: string): Promise<unknown>; sendWaiting(): Promise<void> };

const COUNT = 200;

interface Logged {
  method: string;
  path: string;
  status: number | null;
  at: string;
  doneAt?: string;
}

test(`${COUNT} reports queued offline go out one at a time, honour 429s, and none is lost or sent twice`, async ({ context, extensionId, sandbox, serviceWorker }) => {
  test.setTimeout(90_000);
  await connect(context, extensionId, sandbox);
  // Offline as the worker sees it: each report is queued, provably never sent.
  await serviceWorker.evaluate(() => Object.defineProperty(navigator, 'onLine', { get: () => false, configurable: true }));
  const subjects = Array.from({ length: COUNT }, (_, index) => `https://queued-${index}.example/login`);
  await serviceWorker.evaluate(async (subjects) => {
    for (const subject of subjects) {
      const draft = await takedownReporterTest.createDraft({ action: 'tkd', subject: { type: 'url', value: subject }, fields: { url: subject }, files: [], origin: 'popup' });
      await takedownReporterTest.submit(draft.id);
    }
  }, subjects);
  await fetch(`${sandbox.baseUrl}/__sandbox/requests`, { method: 'DELETE' });
  // The service limits the first three requests, one second each.
  for (let index = 0; index < 3; index++)
    await addFault(sandbox, { method: 'POST', path: '/v1/incident/tkd', status: 429, headers: { 'retry-after': '1' }, body: { message: 'Too many requests' }, times: 1 });

  const started = Date.now();
  await serviceWorker.evaluate(async () => {
    Object.defineProperty(navigator, 'onLine', { get: () => true, configurable: true });
    // What the retry alarm (every 30 s) calls, called now.
    void takedownReporterTest.sendWaiting();
  });
  await expect.poll(async () => (await incidents(sandbox)).filter((incident) => incident.url?.startsWith('https://queued-')).length, { timeout: 60_000 }).toBe(COUNT);
  const seconds = (Date.now() - started) / 1000;

  const log = ((await (await fetch(`${sandbox.baseUrl}/__sandbox/requests`)).json()) as { data: Logged[] }).data.filter((entry) => entry.method === 'POST' && entry.path === '/v1/incident/tkd');
  // 200 accepted and the three refused, nothing more.
  expect(log.map((entry) => entry.status).filter((status) => status === 429)).toHaveLength(3);
  expect(log).toHaveLength(COUNT + 3);
  // Each subject arrived once.
  const arrived = (await incidents(sandbox)).map((incident) => incident.url).filter((url) => url?.startsWith('https://queued-'));
  expect(new Set(arrived).size).toBe(COUNT);
  expect(arrived.toSorted()).toEqual(subjects.toSorted());
  // One at a time: no request started before the previous one was answered.
  for (let index = 1; index < log.length; index++) expect(Date.parse(log[index]!.at)).toBeGreaterThanOrEqual(Date.parse(log[index - 1]!.doneAt!));
  // Each 429's Retry-After was waited out before the next request.
  for (let index = 0; index < log.length - 1; index++) {
    if (log[index]!.status === 429) expect(Date.parse(log[index + 1]!.at) - Date.parse(log[index]!.doneAt!)).toBeGreaterThanOrEqual(1_000);
  }
  console.log(`${COUNT} queued reports sent in ${seconds.toFixed(1)} s (3 of those seconds waiting out 429s).`);
});
