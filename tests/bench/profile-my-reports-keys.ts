import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startSandbox } from '../sandbox/server.ts';
import { connect, servePhishingPages } from '../e2e/reporting-helpers.ts';
import { seedReports } from '../support/seed-extension.ts';
import { launchBenchBrowser, type BenchBrowser } from './browser.ts';
import { writeReportsFloor } from './measure-my-reports.ts';
import { writeReferenceExtension } from './reference-extension.ts';
import type { Profile, ProfileNode } from './profile-report.ts';

// Where My reports' keystroke goes (issue 43): samples the options page's CPU
// (DevTools Profiler, 50 µs) while "7777" is typed into the search key by key,
// PROFILE_RUNS times over PROFILE_ROWS reports (after `npm run build:bench`,
// PROFILE_READABLE=1 for names), and prints, per key, the script time up to the
// row count's change and the time to the next frame, then the functions with
// the most time of their own.

const RUNS = Number(process.env.PROFILE_RUNS ?? 5);
const ROWS = Number(process.env.PROFILE_ROWS ?? 10_100);
const BUILD = path.resolve(process.env.PROFILE_BUILD ?? '.output/chrome-mv3-bench');
const PROFILE_FILE = path.resolve('.wxt/my-reports-keys.cpuprofile');
const SEARCH = '7777';

const nameOf = ({ functionName, url, lineNumber }: ProfileNode['callFrame']) => `${functionName || '(anonymous)'} ${url.replace(/^chrome-extension:\/\/[^/]+\//, '')}:${lineNumber + 1}`;

/** Per function: time of its own and in all (its callees too), in the keys' windows (input → next frame) only, per run. */
function summarize(profiles: Profile[]) {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let windows = 0;
  const all = new Map<string, number>();
  const callers = new Map<string, number>();
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const stack = (id: number) => {
      const names: string[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) names.push(nameOf(byId.get(at)!.callFrame));
      return names;
    };
    const times: number[] = [];
    let at = 0;
    for (const delta of profile.timeDeltas) times.push((at += delta) / 1000);
    // Each key's samples: from its input listener to the frame that showed it (a window with no end is left out).
    let window: { start: number; samples: number[] } | null = null;
    const count = (samples: number[]) => {
      windows++;
      for (const index of samples) {
        const names = stack(profile.samples[index]!);
        const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000 / profiles.length;
        self.set(names[0]!, (self.get(names[0]!) ?? 0) + ms);
        for (const name of new Set(names)) total.set(name, (total.get(name) ?? 0) + ms);
      }
    };
    profile.samples.forEach((sample, index) => {
      const names = stack(sample);
      const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000 / profiles.length;
      all.set(names[0]!, (all.get(names[0]!) ?? 0) + ms);
      if (names[0]!.startsWith('getUILanguage')) callers.set(names.slice(1, 4).join(' < '), (callers.get(names.slice(1, 4).join(' < ')) ?? 0) + ms);
      if (names.some((name) => name.startsWith('benchKeyInput '))) window ??= { start: times[index]!, samples: [] };
      if (!window) return;
      if (names.some((name) => name.startsWith('benchKeyShown '))) {
        if (times[index]! - window.start < 150) count(window.samples);
        window = null;
        return;
      }
      window.samples.push(index);
    });
  }
  const sort = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return { self: sort(self), total: sort(total), windows: windows / profiles.length, all: sort(all), callers: sort(callers) };
}

async function seed(bench: BenchBrowser): Promise<void> {
  const page = await bench.context.newPage();
  await page.goto(`chrome-extension://${bench.ours.id}/reports-floor.html`);
  for (let start = 0; start < ROWS; start += 10_000) {
    const ids = Array.from({ length: Math.min(10_000, ROWS - start) }, (_, offset) => `inc_large_${start + offset}`);
    await seedReports(page, ids, start);
  }
  await page.close();
}

/** Types SEARCH; per key: input → row count changed (script), input → next frame. */
async function typeKeys(page: Page): Promise<{ script: number; frame: number }[]> {
  await page.evaluate(() => {
    const times = { input: 0, changed: 0, shown: 0 };
    Object.assign(globalThis, { benchKeys: times });
    // Named and 0.3 ms long, so that the profile has a sample of each: they bound each key's window.
    const spin = () => {
      for (const end = performance.now() + 0.3; performance.now() < end;);
    };
    // Before the app's own handler (which renders in the microtasks after it).
    addEventListener(
      'input',
      function benchKeyInput(event) {
        times.input = event.timeStamp;
        times.changed = 0;
        times.shown = 0;
        spin();
      },
      true,
    );
    new MutationObserver(() => {
      times.changed ||= performance.now();
      requestAnimationFrame(function benchKeyShown() {
        if (times.shown) return;
        times.shown = performance.now();
        spin();
      });
    }).observe(document.querySelector('.report-count')!, { subtree: true, childList: true, characterData: true });
  });
  await page.locator('#reports-search').focus();
  const keys: { script: number; frame: number }[] = [];
  for (const key of SEARCH) {
    await page.keyboard.type(key);
    const shown = await page.waitForFunction(
      () => {
        const times = (globalThis as unknown as { benchKeys: { input: number; changed: number; shown: number } }).benchKeys;
        return times.shown > times.input && times.input > 0 && { script: times.changed - times.input, frame: times.shown - times.input };
      },
      undefined,
      { polling: 'raf', timeout: 5_000 },
    );
    keys.push((await shown.jsonValue()) as { script: number; frame: number });
    await page.waitForTimeout(300);
  }
  return keys;
}

async function profileOnce(bench: BenchBrowser): Promise<{ keys: { script: number; frame: number }[]; profile: Profile }> {
  const page = await bench.context.newPage();
  await page.goto(`chrome-extension://${bench.ours.id}/options.html#reports`);
  await page.waitForFunction(() => {
    const match = /^([\d,]+) of ([\d,]+)$/.exec(document.querySelector('.report-count')?.textContent ?? '');
    return match && match[1] === match[2];
  });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3_000 })));
  const cdp = await bench.context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  const keys = await typeKeys(page);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await page.close();
  return { keys, profile };
}

const sandbox = await startSandbox({ quiet: true });
const referenceDir = writeReferenceExtension();
writeReportsFloor(BUILD);
const bench = await launchBenchBrowser(BUILD, referenceDir);
try {
  await servePhishingPages(bench.context);
  await connect(bench.context, bench.ours.id, sandbox);
  await seed(bench);
  await profileOnce(bench);
  const profiles: Profile[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { keys, profile } = await profileOnce(bench);
    profiles.push(profile);
    console.log(`run ${run}: ${keys.map(({ script, frame }) => `${script.toFixed(1)}/${frame.toFixed(1)}`).join('  ')} ms (script/frame per key)`);
  }
  writeFileSync(PROFILE_FILE, JSON.stringify(profiles.at(-1)));
  const { self, total, windows, all, callers } = summarize(profiles);
  console.log('\nThe whole profile, time of their own:');
  for (const [name, ms] of all.slice(0, 25)) console.log(`  ${ms.toFixed(2).padStart(8)} ms  ${name}`);
  console.log('\ngetUILanguage (native) called from:');
  for (const [name, ms] of callers.slice(0, 10)) console.log(`  ${ms.toFixed(2).padStart(8)} ms  ${name}`);
  const top = Number(process.env.PROFILE_TOP ?? 40);
  console.log(`\nIn the keys' windows (input → next frame; ${windows} a run), per run; functions, time of their own:`);
  for (const [name, ms] of self.slice(0, top)) console.log(`  ${ms.toFixed(2).padStart(8)} ms  ${name}`);
  console.log('\nFunctions, time in all:');
  for (const [name, ms] of total.slice(0, top)) console.log(`  ${ms.toFixed(2).padStart(8)} ms  ${name}`);
} finally {
  await bench.close();
  await sandbox.close();
  rmSync(referenceDir, { recursive: true, force: true });
}
