import { startSandbox } from '../sandbox/server.ts';
import { connect } from '../e2e/reporting-helpers.ts';
import { seedReports } from '../support/seed-extension.ts';
import type { LoadedExtension } from './browser.ts';
import { openFloor, openList, typeSearch, writeReportsFloor } from './measure-my-reports.ts';
import { launchPair } from './pair-builds.ts';

// `npm run bench:reports-pair -- <build A> <build B>` (issue 43): My
// reports' figures (bench figure 5) of two bench builds in one browser, each
// over its own outbox of 10,100 then 100,000 reports, opened in turn (A first
// in even rounds, B first in odd ones), each round with the floor page. Prints
// each build's median first rows and slowest keystroke with their ratios to
// the floor's, and in how many rounds B was sooner. PAIR_RUNS rounds (10; half
// at 100,000 rows).

const RUNS = Number(process.env.PAIR_RUNS ?? 10);
const SIZES = [10_100, 100_000];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Figures = { first: number[]; key: number[] };

async function seedUpTo(context: Awaited<ReturnType<typeof launchPair>>['context'], extension: LoadedExtension, from: number, rows: number): Promise<void> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extension.id}/reports-floor.html`);
  for (let start = from; start < rows; start += 10_000) {
    await seedReports(
      page,
      Array.from({ length: Math.min(10_000, rows - start) }, (_, offset) => `inc_large_${start + offset}`),
      start,
    );
  }
  await page.close();
}

async function main(): Promise<void> {
  const [dirA, dirB] = process.argv.slice(2);
  if (!dirA || !dirB) throw new Error('Usage: npm run bench:reports-pair -- <build A> <build B> (copies of .output/chrome-mv3-bench).');
  writeReportsFloor(dirA);
  writeReportsFloor(dirB);
  const sandbox = await startSandbox({ quiet: true });
  const { context, A, B } = await launchPair(dirA, dirB);
  try {
    await connect(context, A.id, sandbox);
    await connect(context, B.id, sandbox);
    let seeded = 0;
    for (const rows of SIZES) {
      await seedUpTo(context, A, seeded, rows);
      await seedUpTo(context, B, seeded, rows);
      seeded = rows;
      const runs = rows === SIZES[0] ? RUNS : Math.max(1, Math.ceil(RUNS / 2));
      const times: Record<'A' | 'B' | 'floor', Figures> = { A: { first: [], key: [] }, B: { first: [], key: [] }, floor: { first: [], key: [] } };
      const sooner = { first: 0, key: 0 };
      for (let round = -1; round < runs; round++) {
        const order = round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
        const opened: Partial<Record<'A' | 'B', { first: number; key: number }>> = {};
        for (const name of order) {
          const { page, firstRender } = await openList({ context, ours: name === 'A' ? A : B });
          const keys = await typeSearch(page);
          await page.close();
          opened[name] = { first: firstRender, key: Math.max(...keys) };
        }
        const floor = await openFloor({ context, ours: A });
        if (round < 0) continue;
        for (const name of ['A', 'B'] as const) {
          times[name].first.push(opened[name]!.first);
          times[name].key.push(opened[name]!.key);
        }
        times.floor.first.push(floor.firstRender);
        times.floor.key.push(Math.max(...floor.keys));
        if (opened.B!.first < opened.A!.first) sooner.first++;
        if (opened.B!.key < opened.A!.key) sooner.key++;
      }
      const [first, key] = [median(times.floor.first), median(times.floor.key)];
      console.log(`${rows.toLocaleString('en-US')} rows, floor: first rows ${first.toFixed(1)} ms, slowest keystroke ${key.toFixed(1)} ms`);
      for (const name of ['A', 'B'] as const) {
        const [f, k] = [median(times[name].first), median(times[name].key)];
        console.log(`  ${name}: first rows ${f.toFixed(1)} ms (${(f / first).toFixed(2)} ×), slowest keystroke ${k.toFixed(1)} ms (${(k / key).toFixed(2)} ×)`);
      }
      console.log(`  B sooner: first rows in ${sooner.first}, slowest keystroke in ${sooner.key} of ${runs} rounds`);
    }
  } finally {
    await context.close();
    await sandbox.close();
  }
}

await main();
