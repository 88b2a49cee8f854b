import { writeFileSync } from 'node:fs';
import { startSandbox } from '../sandbox/server.ts';
import { connect, openPhishingPage, servePhishingPages } from '../e2e/reporting-helpers.ts';
import { launchBenchBrowser } from './browser.ts';
import { writeReferenceExtension } from './reference-extension.ts';
import { openPopup } from './measure-popup.ts';
import { CAPTURE_SPACING_MS } from './measure-report.ts';

// `npm run bench:popup-trace -- <build> <out.json> [page]` (issue 43): a
// browser-wide CDP trace (every process: the popup's renderer, the browser,
// the GPU) of one warm open of the build's toolbar popup, after two untimed
// opens, over the bench's phishing page; `page.html` or `reads.html` traces
// the reference's empty page or floor instead. Prints the popup's marks and
// paints; the trace opens in DevTools' Performance panel or Perfetto.
// TRACE_FIRST=1: the traced open is a first open (no kept render). Without
// V8's sampling profiler: its start cost 130 ms inside the first script.

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink', 'loading', 'blink.user_timing', 'toplevel'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const [dir, out, page = 'popup.html'] = process.argv.slice(2);
  if (!dir || !out) throw new Error('Usage: node tests/bench/trace-popup.ts <build> <out.json> [page]');
  const sandbox = await startSandbox({ quiet: true });
  const bench = await launchBenchBrowser(dir, writeReferenceExtension());
  try {
    const extension = page === 'popup.html' ? bench.ours : bench.reference;
    await servePhishingPages(bench.context);
    await connect(bench.context, bench.ours.id, sandbox);
    const tab = await openPhishingPage(bench.context, 'https://phish.example/login');
    for (let open = 0; open < 3; open++) {
      await tab.bringToFront();
      await sleep(CAPTURE_SPACING_MS);
      const session = open === 2 ? await bench.cdp.newBrowserCDPSession() : undefined;
      const events: unknown[] = [];
      if (session) {
        session.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown[])));
        await session.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
      }
      const { popup, done } = await openPopup(bench, extension, page);
      const mark = page === 'popup.html' ? 'popup-mounted' : 'popup-ready';
      await popup.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, { polling: 10, timeout: 20_000 });
      if (session) {
        await sleep(1_500);
        const marks = await popup.evaluate(() => performance.getEntries().map((entry) => `${entry.entryType} ${entry.name} ${entry.startTime.toFixed(1)} ${entry.duration.toFixed(1)}`));
        console.log(marks.filter((line) => !line.startsWith('resource')).join('\n'));
        const finished = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
        await session.send('Tracing.end');
        await finished;
        writeFileSync(out, JSON.stringify({ traceEvents: events }));
      } else if (process.env.TRACE_FIRST === '1') {
        await popup.waitForFunction(() => localStorage.getItem('takedown-reporter:popup-shell') !== null, undefined, { polling: 20, timeout: 5_000 });
        await popup.evaluate(() => localStorage.clear());
      }
      await done();
    }
  } finally {
    await bench.close();
    await sandbox.close();
  }
}

await main();
