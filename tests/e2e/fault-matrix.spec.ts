import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { liveWorker as findLiveWorker } from './live-worker.ts';
import { addFault, connect, reportRequests } from './reporting-helpers.ts';
import { FAULTS, KINDS, type FaultCell, type Kind } from './fault-matrix-cells.ts';
import { RESULTS_DIR, writeRows, type MatrixRow } from '../support/reliability-matrix.ts';
import type { Sandbox } from '../sandbox/server.ts';

// Every fault of the issue, for a JSON report and a multipart one, end to end
// against the sandbox: at most one POST without the user, a terminal state or
// a visible "unknown", the evidence kept, the key nowhere else. The rows go to
// docs/reliability.md through tests/support/fault-matrix-teardown.ts.

declare const takedownReporterTest: {
  createDraft(draft: object): Promise<{ id: string }>;
  submit(id: string): Promise<unknown>;
  sendAgain(id: string): Promise<unknown>;
  check(id: string): Promise<unknown>;
  sendWaiting(): Promise<void>;
};
declare const chrome: { storage: Record<'local' | 'session' | 'sync', { get(keys: null): Promise<Record<string, unknown>> }> };

interface StoredReport {
  state: string;
  problem?: string;
  files: { name: string; size: number }[];
}

/** Connections made to find a restarted worker; closed when the test ends. */
const extraConnections: Browser[] = [];

/** The live worker, its console joining `logs`. */
function liveWorker(context: BrowserContext, extensionId: string, debugPort: number, logs: string[]): Promise<Worker> {
  return findLiveWorker(context, extensionId, debugPort, { connections: extraConnections, logs });
}

/** Stops the worker through CDP and waits until it is gone, so the next call wakes a new one. */
async function stopWorker(cdpPage: Page, worker: Worker): Promise<void> {
  const closed = new Promise((resolve) => worker.once('close', resolve));
  const cdp = await cdpPage.context().newCDPSession(cdpPage);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 3_000))]);
}

/** Writes a draft as the popup does (files and an evidence context for multipart); answers its id. */
function createDraft(worker: Worker, kind: Kind, subject: string): Promise<string> {
  return worker.evaluate(
    async ({ kind, subject }) => {
      const multipart = kind === 'multipart';
      const text = (name: string, body: string, role: string) => ({ name, type: 'text/plain', blob: new Blob([body], { type: 'text/plain' }), role });
      const files = multipart ? [text('page-source.txt', `<html><body>Sign in to ${subject}</body></html>`, 'page_source'), text('page-details.txt', 'Forms: 1', 'page_details')] : [];
      const evidence = multipart
        ? { requestedUrl: subject, capturedAt: new Date(), timeZone: 'UTC', browser: { name: 'Chromium', version: '1', language: 'en' }, extensionVersion: '0.1.0' }
        : undefined;
      const draft = await takedownReporterTest.createDraft({
        action: 'tkd',
        subject: { type: 'url', value: subject },
        fields: { url: subject },
        files,
        ...(evidence ? { evidence } : {}),
        origin: 'popup',
      });
      return draft.id;
    },
    { kind, subject },
  );
}

/** The report as stored, with each file's bytes counted, read straight from IndexedDB. */
/** How the matrix writes a received report whose incident id could not be read. */
const UNCONFIRMED = 'sent (id unconfirmed)';

function readReport(worker: Worker, id: string): Promise<StoredReport | null> {
  return worker.evaluate(
    ({ id, UNCONFIRMED }) =>
      new Promise<StoredReport | null>((resolve, reject) => {
        const open = indexedDB.open('takedown-reporter');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('reports').objectStore('reports').get(id);
          request.onsuccess = () => {
            open.result.close();
            const report = request.result as
              { state: string; files: { name: string; blob: Blob }[]; lastProblem?: { kind: string }; outcome?: { status: string }; incident?: { id?: string } } | undefined;
            // A 2xx whose id could not be read is received, its id unconfirmed until a lookup links it.
            const unconfirmed = report?.state === 'sent' && report.outcome?.status === 'unconfirmed' && !report.incident?.id;
            resolve(
              report ? { state: unconfirmed ? UNCONFIRMED : report.state, problem: report.lastProblem?.kind, files: report.files.map((file) => ({ name: file.name, size: file.blob.size })) } : null,
            );
          };
        };
      }),
    { id, UNCONFIRMED },
  );
}

/** Everything the extension stores but its key's own item, as text: storage areas and every IndexedDB record (text files read). */
function storedElsewhere(worker: Worker): Promise<string> {
  return worker.evaluate(async () => {
    const areas = await Promise.all((['local', 'session', 'sync'] as const).map((area) => chrome.storage[area].get(null)));
    const { apiKey: _own, ...local } = areas[0]!;
    const records: unknown[] = [];
    for (const { name } of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of db.objectStoreNames) {
        const all = await new Promise<unknown[]>((resolve) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
        });
        records.push(all);
      }
      db.close();
    }
    const texts: string[] = [];
    const readBlobs = async (value: unknown): Promise<void> => {
      if (value instanceof Blob) texts.push(await value.text());
      else if (Array.isArray(value)) for (const item of value) await readBlobs(item);
      else if (value && typeof value === 'object') for (const item of Object.values(value)) await readBlobs(item);
    };
    await readBlobs(records);
    return JSON.stringify([local, areas[1], areas[2], records, texts]);
  });
}

let lastSeen: StoredReport | null = null;
const posts = async (sandbox: Sandbox) => (await reportRequests(sandbox)).length;
const SETTLED = ['sent', UNCONFIRMED, 'duplicate', 'failed', 'unknown'];

/** What the user does next: Check a report whose fate is unknown, look up one received without a readable id, Send again one that failed; answers the state after. */
async function userSettles(worker: Worker, id: string, state: string): Promise<string> {
  if (state === 'unknown') {
    await worker.evaluate((id) => takedownReporterTest.check(id), id);
    const checked = (await readReport(worker, id))!.state;
    return checked === 'failed' ? `Check: not received → ${await userSettles(worker, id, 'failed')}` : `Check: ${checked}`;
  }
  if (state === UNCONFIRMED) {
    // Never "Send again": the service took it. The user can look it up again.
    await worker.evaluate((id) => takedownReporterTest.check(id), id);
    return `Look it up again: ${(await readReport(worker, id))!.state}`;
  }
  if (state === 'failed') {
    await worker.evaluate((id) => takedownReporterTest.sendAgain(id), id);
    return `Send again: ${(await readReport(worker, id))!.state}`;
  }
  return '—';
}

/** Runs one cell and answers its row. */
async function runCell(context: BrowserContext, sandbox: Sandbox, extensionId: string, debugPort: number, cdpPage: Page, cell: FaultCell, kind: Kind, logs: string[]): Promise<MatrixRow> {
  const subject = `https://fault-${cell.name.replace(/\W+/g, '-')}-${kind}.example/login`.toLowerCase();
  await fetch(`${sandbox.baseUrl}/__sandbox/faults`, { method: 'DELETE' });
  if (cell.existing) {
    await fetch(`${sandbox.baseUrl}/__sandbox/incidents`, { method: 'POST', body: JSON.stringify({ clientId: 'cl_acme', subject, url: subject }) });
  }
  if (cell.fault) await addFault(sandbox, { method: 'POST', path: '/v1/incident/tkd', times: 1, ...cell.fault });
  const before = await posts(sandbox);
  let worker = await liveWorker(context, extensionId, debugPort, logs);
  const id = await createDraft(worker, kind, subject);
  const submit = (on: Worker) => on.evaluate((id) => void takedownReporterTest.submit(id), id);

  if (cell.special === 'offline') {
    await context.setOffline(true);
    await submit(worker);
    await expect.poll(async () => (await readReport(worker, id))?.state).toBe('queued');
    await context.setOffline(false);
    // The alarm's handler sends only once the worker sees the network back.
    await expect.poll(() => worker.evaluate(() => navigator.onLine)).toBe(true);
    // The outbox retries on an alarm every 30 s; Playwright cannot wait for
    // one, so the test calls what the alarm calls.
    await worker.evaluate(() => takedownReporterTest.sendWaiting());
  } else if (cell.special === 'stop-before') {
    // Held before its request by the worker's own view of the network (an
    // emulated offline would stick to the next worker, a Playwright quirk):
    // the report is queued, provably never sent, when the worker stops.
    await worker.evaluate(() => Object.defineProperty(navigator, 'onLine', { get: () => false, configurable: true }));
    await submit(worker);
    await expect.poll(async () => (await readReport(worker, id))?.state).toBe('queued');
    await stopWorker(cdpPage, worker);
    worker = await liveWorker(context, extensionId, debugPort, logs);
  } else if (cell.special === 'stop-in-flight') {
    await submit(worker);
    await expect.poll(() => posts(sandbox)).toBe(before + 1);
    await stopWorker(cdpPage, worker);
    worker = await liveWorker(context, extensionId, debugPort, logs);
  } else if (cell.special === 'stop-after-answer') {
    await worker.evaluate(() => Object.assign(globalThis, { takedownReporterTestHold: new Promise(() => undefined) }));
    await submit(worker);
    // This report's POST answered (a later entry than any before it), and the worker holds before saving.
    await expect.poll(async () => (await reportRequests(sandbox)).slice(before).map((request) => request.status)).toEqual([200]);
    await stopWorker(cdpPage, worker);
    worker = await liveWorker(context, extensionId, debugPort, logs);
  } else {
    await submit(worker);
  }

  let report: StoredReport | null = null;
  await expect.poll(async () => SETTLED.includes((report = await readReport(worker, id))?.state ?? ''), { timeout: 15_000, message: `${cell.name} (${kind}) never settled` }).toBe(true);
  // Nothing more goes on its own: a moment for anything that would.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const postsAlone = (await posts(sandbox)) - before;
  const stored = (await readReport(worker, id))!;
  lastSeen = stored;
  const expectedFiles = kind === 'multipart' ? 3 : 0;
  const evidenceKept = stored.files.length === expectedFiles && stored.files.every((file) => file.size > 0);
  const key = sandbox.keys.managed;
  const keyLeaked = (await storedElsewhere(worker)).includes(key) || logs.some((line) => line.includes(key));
  const afterUser = await userSettles(worker, id, stored.state);
  return { fault: cell.name, kind, posts: postsAlone, state: report!.state, evidenceKept, keyLeaked, afterUser };
}

// Stops and restarts the worker, takes the browser offline and listens on the context: a browser of its own.
test.use({ ownBrowser: true });
// Its two runs go one after the other in a worker of their own (playwright.config.ts: the fault-matrix project).

test.afterEach(async () => {
  await Promise.all(extraConnections.splice(0).map((connection) => connection.close().catch(() => undefined)));
});

for (const kind of KINDS) {
  test(`the fault matrix, ${kind} report`, async ({ context, extensionId, sandbox, debugPort }) => {
    test.setTimeout(240_000);
    const logs: string[] = [];
    const listen = (worker: Worker) => worker.on('console', (message) => logs.push(message.text()));
    context.serviceWorkers().forEach(listen);
    context.on('serviceworker', listen);
    context.on('console', (message) => logs.push(message.text()));
    await connect(context, extensionId, sandbox);
    const cdpPage = await context.newPage();

    const rows: MatrixRow[] = [];
    for (const cell of FAULTS) {
      rows.push(await runCell(context, sandbox, extensionId, debugPort, cdpPage, cell, kind, logs));
      if (process.env.MATRIX_DEBUG) console.log(JSON.stringify(rows.at(-1)), JSON.stringify(lastSeen));
    }

    mkdirSync(RESULTS_DIR, { recursive: true });
    writeRows(RESULTS_DIR, kind, rows);
    for (const row of rows) {
      expect.soft(row.posts, `${row.fault}: POSTs without the user`).toBeLessThanOrEqual(1);
      expect.soft(row.evidenceKept, `${row.fault}: evidence kept`).toBe(true);
      expect.soft(row.keyLeaked, `${row.fault}: key leaked`).toBe(false);
      expect.soft(SETTLED, `${row.fault}: settled`).toContain(row.state);
    }
  });
}
