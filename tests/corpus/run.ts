// Reads a folder of real emails with the extension's reader and compares
// what it finds with an independent reading (mailparser, another parser of
// the same RFCs), so that the reader is judged on mail nobody here wrote.
//
//   npm run corpus -- DIR [--every N] [--limit N] [--json FILE] [--check]
//
// DIR defaults to $EMAIL_CORPUS_DIR, else ../shared/corpus/phishing-email.
// docs/testing.md says where to get such a corpus and what was measured.
// Each email is read in a worker thread of its own, stopped after the review
// window's own limit (20 s), as the window's worker would be.
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parseArgs } from 'node:util';
import { build } from 'rolldown';
import { simpleParser, type AddressObject } from 'mailparser';
import { parse as parseHtml } from 'parse5';
import { getDomain } from 'tldts';
import type { CorpusReading } from './corpus-reader.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { every: { type: 'string', default: '1' }, limit: { type: 'string' }, json: { type: 'string' }, check: { type: 'boolean', default: false }, workers: { type: 'string', default: '2' } },
});
const dir = resolve(positionals[0] ?? process.env.EMAIL_CORPUS_DIR ?? join(here, '../../../shared/corpus/phishing-email'));
/** The review window's own limit on one reading (utils/email/read-email-file.ts). */
const TIMEOUT_MS = 20_000;
/** What the issue asks of a reading on real mail. */
const SLOW_MS = 2_000;

if (!existsSync(dir)) {
  console.error(`corpus: no folder ${dir}. Give a folder of .eml/.msg files (docs/testing.md says where to get one).`);
  process.exit(2);
}

/** The reader bundled for a worker thread (the extension's code imports without extensions, as Vite resolves it). */
async function bundleReader(): Promise<{ file: string; done(): Promise<void> }> {
  const out = await mkdtemp(join(tmpdir(), 'corpus-'));
  const file = join(out, 'reader.mjs');
  await build({
    input: join(here, 'corpus-reader.ts'),
    platform: 'node',
    resolve: { alias: { 'iconv-lite': join(here, '../../utils/email/iconv-lite-shim.ts') } },
    logLevel: 'silent',
    output: { file, format: 'esm' },
  });
  return { file, done: () => rm(out, { recursive: true, force: true }) };
}

/** Reads one email in a fresh worker, stopped after TIMEOUT_MS. */
function readInWorker(file: string, bytes: Uint8Array, name: string): Promise<CorpusReading> {
  return new Promise((resolvePromise) => {
    const worker = new Worker(file);
    const timer = setTimeout(() => {
      void worker.terminate();
      resolvePromise({ ms: TIMEOUT_MS, ok: false, failure: 'timeout', from: null, replyTo: [], domains: [], ticked: [], findings: 0, reasons: {} });
    }, TIMEOUT_MS);
    worker.once('message', (reading: CorpusReading) => {
      clearTimeout(timer);
      void worker.terminate();
      resolvePromise(reading);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      resolvePromise({ ms: 0, ok: false, failure: `crashed: ${error.message}`, from: null, replyTo: [], domains: [], ticked: [], findings: 0, reasons: {} });
    });
    worker.postMessage({ bytes, name });
  });
}

/** The header block, unfolded. */
function headerLines(bytes: Uint8Array): string {
  const text = new TextDecoder('latin1').decode(bytes.subarray(0, 200_000));
  const end = text.search(/\r?\n\r?\n/);
  return (end < 0 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
}

const ADDR_SPEC = /[^\s<>"@,;:()]+@[^\s<>"@,;:()]+\.[^\s<>"@,;:()]+/;

/** True when the raw From header holds something a mail client reads as an address. */
function fromHoldsMailbox(headers: string): boolean {
  const from = /^from:(.*)$/im.exec(headers)?.[1] ?? '';
  return ADDR_SPEC.test(from);
}

/** The domains DMARC failed for, as any Authentication-Results header says (the reader's check is stricter: whose header it is). */
function dmarcFailed(headers: string): Set<string> {
  const failed = new Set<string>();
  for (const line of headers.split(/\r?\n/)) {
    if (!/^authentication-results:/i.test(line)) continue;
    for (const match of line.matchAll(/dmarc=fail[^;]*?header\.from=([^\s;]+)/gi)) failed.add(registrable(match[1]!));
  }
  return failed;
}

function registrable(host: string): string {
  const clean = host.toLowerCase().replace(/\.$/, '');
  return getDomain(clean) ?? clean;
}

interface HtmlNode {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
  content?: HtmlNode;
}

/** The href of every link a browser builds from the HTML (parse5, the WHATWG parsing algorithm: a `<style>` never closed holds no links). */
function anchorTargets(html: string): string[] {
  const targets: string[] = [];
  const stack: HtmlNode[] = [parseHtml(html) as unknown as HtmlNode];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeName === 'a' || node.nodeName === 'area') {
      const href = node.attrs?.find((attr) => attr.name === 'href')?.value.trim();
      if (href && /^https?:\/\//i.test(href)) targets.push(href);
    }
    stack.push(...(node.childNodes ?? []), ...(node.content ? [node.content] : []));
  }
  return targets;
}

/**
 * The link domains an independent reading finds: every http(s) link target of
 * the HTML part, as a browser parses it (`domains`) and as a pattern over its
 * source finds it (`byPattern`, which also counts what a browser shows as CSS
 * text), or every http(s) URL in the text part when there is no HTML.
 */
async function independentDomains(bytes: Uint8Array): Promise<{ domains: Set<string>; byPattern: Set<string>; from: AddressObject | undefined }> {
  const parsed = await simpleParser(Buffer.from(bytes), { skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true });
  const domainsOf = (urls: Iterable<string>) => {
    const domains = new Set<string>();
    for (const url of urls) {
      const host = URL.parse(url.replace(/&amp;/g, '&'))?.hostname;
      if (host && getDomain(host)) domains.add(registrable(host));
    }
    return domains;
  };
  const html = parsed.html || '';
  // mailparser writes a text from the HTML when there is none (image sources included): the text is read only where it is the body.
  const textUrls = html ? [] : [...(parsed.text ?? '').matchAll(/https?:\/\/[^\s<>"')\]]+/gi)].map((match) => match[0]);
  const patternUrls = [...html.matchAll(/<a\b[^>]*?\bhref\s*=\s*["']?\s*(https?:\/\/[^"'\s>]+)/gi)].map((match) => match[1]!);
  return { domains: domainsOf([...anchorTargets(html), ...textUrls]), byPattern: domainsOf([...patternUrls, ...textUrls]), from: parsed.from };
}

interface Row {
  name: string;
  reading: CorpusReading;
  fromExpected: boolean;
  missed: string[];
  found: number;
  expected: number;
  /** The same against the pattern's reading of the HTML source. */
  missedByPattern: string[];
  expectedByPattern: number;
  forgedTicked: string[];
  hiddenTicked: string[];
}

async function measure(file: string, path: string, name: string): Promise<Row> {
  const bytes = new Uint8Array(await readFile(path));
  const headers = headerLines(bytes);
  const reading = await readInWorker(file, bytes, name);
  const independent = await independentDomains(bytes).catch(() => ({ domains: new Set<string>(), byPattern: new Set<string>(), from: undefined }));
  const ours = new Set(reading.ok ? reading.domains : []);
  const missed = [...independent.domains].filter((domain) => !ours.has(domain));
  const missedByPattern = [...independent.byPattern].filter((domain) => !ours.has(domain));
  const failed = dmarcFailed(headers);
  const forgedTicked = reading.ticked
    .filter((row) => row.type === 'email' && row.where.some((place) => place === 'from' || place === 'sender') && failed.has(registrable(row.value.split('@').pop() ?? '')))
    .map((row) => row.value);
  const hiddenTicked = reading.ticked.filter((row) => row.where.every((place) => place === 'link_hidden' || place === 'resource' || place === 'wrapper')).map((row) => row.value);
  return {
    name,
    reading,
    fromExpected: fromHoldsMailbox(headers),
    missed,
    found: independent.domains.size - missed.length,
    expected: independent.domains.size,
    missedByPattern,
    expectedByPattern: independent.byPattern.size,
    forgedTicked,
    hiddenTicked,
  };
}

/** Runs `jobs` with at most `limit` at once, in order of start. */
async function pool<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < jobs.length) {
        const index = next++;
        results[index] = await jobs[index]!();
      }
    }),
  );
  return results;
}

const names = (await readdir(dir)).filter((name) => /\.(eml|msg)$/i.test(name)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
const every = Number(values.every);
const sample = names.filter((_, index) => index % every === 0).slice(0, values.limit ? Number(values.limit) : undefined);
const reader = await bundleReader();
const started = performance.now();
const rows = await pool(
  sample.map((name) => () => measure(reader.file, join(dir, name), name)),
  Number(values.workers),
);
await reader.done();

const read = rows.filter((row) => row.reading.ok);
const withFrom = rows.filter((row) => row.fromExpected);
const fromFound = withFrom.filter((row) => row.reading.from !== null);
const expected = rows.reduce((sum, row) => sum + row.expected, 0);
const found = rows.reduce((sum, row) => sum + row.found, 0);
const expectedByPattern = rows.reduce((sum, row) => sum + row.expectedByPattern, 0);
const foundByPattern = expectedByPattern - rows.reduce((sum, row) => sum + row.missedByPattern.length, 0);
const slow = rows.filter((row) => row.reading.ms > SLOW_MS);
const timeouts = rows.filter((row) => row.reading.failure === 'timeout');
const thrown = rows.filter((row) => row.reading.failure?.startsWith('threw') || row.reading.failure?.startsWith('crashed'));
const reasons: Record<string, number> = {};
for (const row of rows) for (const [key, count] of Object.entries(row.reading.reasons)) reasons[key] = (reasons[key] ?? 0) + count;
const times = read.map((row) => row.reading.ms).sort((a, b) => a - b);
const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(2)} %`);
const summary = {
  corpus: dir,
  emails: rows.length,
  read: read.length,
  failures: Object.fromEntries(
    Object.entries(
      Object.groupBy(
        rows.filter((row) => !row.reading.ok),
        (row) => row.reading.failure ?? '?',
      ),
    ).map(([key, list]) => [key, list?.length ?? 0]),
  ),
  thrown: thrown.map((row) => `${row.name}: ${row.reading.failure}`),
  timeouts: timeouts.map((row) => row.name),
  slowerThan2s: slow.map((row) => `${row.name} ${Math.round(row.reading.ms)} ms`),
  medianMs: Math.round(times[Math.floor(times.length / 2)] ?? 0),
  slowestMs: Math.round(times.at(-1) ?? 0),
  fromFound: `${fromFound.length} of ${withFrom.length} (${percent(fromFound.length, withFrom.length)})`,
  fromMissed: withFrom.filter((row) => row.reading.from === null).map((row) => row.name),
  linkDomainRecall: `${found} of ${expected} (${percent(found, expected)})`,
  linkDomainRecallByPattern: `${foundByPattern} of ${expectedByPattern} (${percent(foundByPattern, expectedByPattern)})`,
  linkDomainsMissed: rows.filter((row) => row.missed.length > 0).map((row) => `${row.name}: ${row.missed.join(' ')}`),
  forgedSenderTicked: rows.filter((row) => row.forgedTicked.length > 0).map((row) => `${row.name}: ${row.forgedTicked.join(' ')}`),
  hiddenTicked: rows.filter((row) => row.hiddenTicked.length > 0).map((row) => `${row.name}: ${row.hiddenTicked.join(' ')}`),
  picks: reasons,
  relayPicks: rows.filter((row) => row.reading.relay).length,
  seconds: Math.round((performance.now() - started) / 1000),
};
if (values.json) await import('node:fs/promises').then(({ writeFile }) => writeFile(values.json!, JSON.stringify({ summary, rows }, null, 1)));
const brief = (list: string[]) => (list.length > 5 ? [...list.slice(0, 5), `… ${list.length - 5} more`] : list);
console.log(
  JSON.stringify(
    {
      ...summary,
      fromMissed: brief(summary.fromMissed),
      linkDomainsMissed: brief(summary.linkDomainsMissed),
      forgedSenderTicked: brief(summary.forgedSenderTicked),
      hiddenTicked: brief(summary.hiddenTicked),
      slowerThan2s: brief(summary.slowerThan2s),
    },
    null,
    1,
  ),
);
if (values.check) {
  const fails = [
    thrown.length > 0 && `${thrown.length} readings threw`,
    timeouts.length > 0 && `${timeouts.length} readings ran out of time`,
    slow.length > 0 && `${slow.length} readings took over 2 s`,
    fromFound.length < 0.98 * withFrom.length && `From found in ${summary.fromFound}, under 98 %`,
    found < 0.995 * expected && `link-domain recall ${summary.linkDomainRecall}, under 99.5 %`,
    summary.forgedSenderTicked.length > 0 && `${summary.forgedSenderTicked.length} emails tick a forged sender`,
    summary.hiddenTicked.length > 0 && `${summary.hiddenTicked.length} emails tick a hidden link or resource`,
  ].filter(Boolean);
  for (const fail of fails) console.error(`corpus: ${fail}`);
  process.exit(fails.length > 0 ? 1 : 0);
}
