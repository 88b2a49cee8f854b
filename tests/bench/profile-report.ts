import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSandbox } from '../sandbox/server.ts';
import { connect, openPhishingPage, servePhishingPages } from '../e2e/reporting-helpers.ts';
import { BodyWatch } from './body-watch.ts';
import { launchBenchBrowser } from './browser.ts';
import { measureReportLatency } from './measure-report.ts';
import { writeReferenceExtension } from './reference-extension.ts';

// `npm run bench:profile` (issue 43): where a menu report's time goes in the
// service worker. Samples the worker's CPU (DevTools Profiler, 100 µs) over
// PROFILE_RUNS reports of the bench's phishing page (after `npm run
// build:bench`), then prints the functions with the most time of their own
// and the files with the most time in all, as parts of the wall time the
// reports took. Time the worker spends waiting (the capture, IndexedDB, the
// upload) shows as "(idle)" and "(program)".

const RUNS = Number(process.env.PROFILE_RUNS ?? 10);
const BENCH_BUILD = path.resolve('.output/chrome-mv3-bench');
const PROFILE_FILE = path.resolve('.wxt/report.cpuprofile');

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A DevTools socket that answers each command in turn. */
async function devtools(socketUrl: string): Promise<{ send(method: string, params?: object): Promise<unknown>; close(): void }> {
  const socket = new WebSocket(socketUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error(`Cannot open ${socketUrl}`));
  });
  let id = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  };
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        waiting.set(++id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** Self time per function and total time per file, in ms. */
function summarize(profile: Profile): { self: [string, number][]; files: [string, number][]; total: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((sample, index) => selfMs.set(sample, (selfMs.get(sample) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
  const self = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [nodeId, ms] of selfMs) {
    const { functionName, url, lineNumber } = byId.get(nodeId)!.callFrame;
    const file = url ? url.replace(/^chrome-extension:\/\/[^/]+\//, '') : '';
    self.set(`${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`, (self.get(`${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`) ?? 0) + ms);
    files.set(file || functionName, (files.get(file || functionName) ?? 0) + ms);
  }
  const sort = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return { self: sort(self), files: sort(files), total: [...selfMs.values()].reduce((a, b) => a + b, 0) };
}

const watch = new BodyWatch();
const sandbox = await startSandbox({ quiet: true, onRequestBody: watch.receive });
const referenceDir = writeReferenceExtension();
const bench = await launchBenchBrowser(BENCH_BUILD, referenceDir);
try {
  await servePhishingPages(bench.context);
  await connect(bench.context, bench.ours.id, sandbox);
  const tab = await openPhishingPage(bench.context, 'https://secure-acme-login.com/signin');
  const worker = await bench.worker(bench.ours);
  await worker.evaluate(() => 0);
  const targets = (await (await fetch(`http://127.0.0.1:${bench.debugPort}/json/list`)).json()) as { type: string; url: string; webSocketDebuggerUrl: string }[];
  const target = targets.find((entry) => entry.type === 'service_worker' && entry.url.includes(bench.ours.id));
  if (!target) throw new Error('No DevTools target for our worker.');
  const cdp = await devtools(target.webSocketDebuggerUrl);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const latency = await measureReportLatency({ worker, page: tab, watch, baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.managed, runs: RUNS, extra: 0 });
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  cdp.close();
  // The whole profile, to open in DevTools' Performance panel (or read sample by sample).
  writeFileSync(PROFILE_FILE, JSON.stringify(profile));
  const { self, files, total } = summarize(profile);
  const sorted = [...latency.report].sort((a, b) => a - b);
  console.log(`Reports: ${RUNS}, median ${sorted[sorted.length >> 1]?.toFixed(0)} ms; limits and floors ran in turn with them (see measure-report.ts). Sampled: ${total.toFixed(0)} ms.`);
  console.log('\nFiles, time of their own:');
  for (const [file, ms] of files.slice(0, 15)) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${file}`);
  console.log('\nFunctions, time of their own:');
  for (const [name, ms] of self.slice(0, 40)) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${name}`);
  console.log(`\nThe whole profile: ${PROFILE_FILE} (DevTools, Performance panel: load profile).`);
} finally {
  await bench.close();
  await sandbox.close();
  rmSync(referenceDir, { recursive: true, force: true });
}
