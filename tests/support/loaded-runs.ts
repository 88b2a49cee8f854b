/**
 * The whole unit suite, several times in a row, while CPU-bound processes run
 * beside it (issue 39: the suite must stay green on a busy machine, not only
 * on a quiet one). `npm run test:loaded` runs it 5 times beside 2 busy
 * processes; `-- --runs 2 --busy 3` changes either, and `--exclude <glob>`
 * (repeatable) leaves test files out, as vitest's own option does. Prints
 * each run's result, time and failing tests, and fails when any run failed.
 * docs/testing.md says how to read it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs, stripVTControlCharacters } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, busy: { type: 'string', default: '2' }, exclude: { type: 'string', multiple: true, default: [] } } });
const runs = Number(values.runs);
const busy = Number(values.busy);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(busy) || busy < 0) {
  console.error('Usage: node tests/support/loaded-runs.ts [--runs N≥1] [--busy N≥0] [--exclude <glob>]…');
  process.exit(2);
}

/** One process that keeps a CPU core busy until it is stopped. */
function startBusy(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' });
}

/** The result of one run of the whole unit suite: passed or not, its time, and its summary lines. */
interface RunResult {
  passed: boolean;
  seconds: number;
  summary: string[];
}

/** vitest's output without its colours. */
const plain = stripVTControlCharacters;

/** Runs `vitest run` once, keeping its output's summary (files, tests, failures). */
function runSuite(): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const excluded = values.exclude.flatMap((glob) => ['--exclude', glob]);
    const child = spawn('npx', ['vitest', 'run', ...excluded], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      const lines = plain(output)
        .split('\n')
        .map((line) => line.trim());
      // The totals, and each failing test once (vitest names it again in its report below).
      const summary = [...new Set(lines.filter((line) => /^(Test Files|Tests|Errors?|FAIL)\b/.test(line)))];
      resolve({ passed: code === 0, seconds: (performance.now() - started) / 1000, summary: summary.slice(0, 30) });
    });
  });
}

const busyProcesses = Array.from({ length: busy }, startBusy);
const stopBusy = () => busyProcesses.forEach((child) => child.kill());
process.on('SIGINT', () => (stopBusy(), process.exit(130)));

const results: RunResult[] = [];
try {
  for (let run = 1; run <= runs; run++) {
    const result = await runSuite();
    results.push(result);
    console.log(`Run ${run} of ${runs} beside ${busy} busy processes: ${result.passed ? 'green' : 'FAILED'} in ${result.seconds.toFixed(0)} s`);
    for (const line of result.summary) console.log(`  ${line}`);
  }
} finally {
  stopBusy();
}

const failed = results.filter((result) => !result.passed).length;
console.log(`${runs - failed} of ${runs} runs green beside ${busy} busy processes; times ${results.map((result) => `${result.seconds.toFixed(0)} s`).join(', ')}.`);
process.exit(failed ? 1 : 0);
