import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../sandbox/server.ts';
import { connect, openPhishingPage, servePhishingPages } from '../e2e/reporting-helpers.ts';
import { CAPTURE_SPACING_MS } from './measure-report.ts';
import { buildPeer, PEERS, type BuiltPeer } from './peers-build.ts';
import { launchPeerBrowser, readyOf, type OpenAs, type Paints } from './peers-browser.ts';
import { formatPeerTable, peerRows, rotate, type PeerPage, type Round } from './peers-figures.ts';
import { writeReferenceExtension } from './reference-extension.ts';

// `npm run bench:peers` (issue 43): our popup, unconnected and connected,
// beside the current PhishFort Nighthawk and Mitaka built from their public
// sources, and the empty extension page, in PEERS_ROUNDS (15) rounds, each in
// a fresh browser profile, the pages opened in an order rotated per round.
// Every page is timed the same way (peers-browser.ts › readyOf): its largest
// contentful paint, from its own navigation start. Writes docs/bench/peers.json
// and prints the tables of docs/performance.md › Peers.

const ROUNDS = Number(process.env.PEERS_ROUNDS ?? 15);
const BENCH_BUILD = path.resolve('.output/chrome-mv3-bench');
const PAGE = 'https://secure-acme-login.com/signin';
const OUT = path.resolve('docs/bench/peers.json');

/** What a page showed once read: our popup's state and the address in its form, or how much text another page shows (none: it did not render). */
type Seen = { state: string; subject: string } | { text: number };

interface PageSpec extends PeerPage {
  extension: string;
  path: string;
  how: OpenAs;
  check(page: Page): Promise<Seen>;
}

async function ourPopup(page: Page): Promise<Seen> {
  const subject = page.locator('#report-subject');
  return {
    state: (await page.locator('[data-state]').first().getAttribute('data-state', { timeout: 5_000 })) ?? '',
    subject: (await subject.count()) > 0 ? await subject.inputValue() : '',
  };
}

/** Ours unconnected asks to be set up (a new install); connected, it shows the report form over the tab's address. */
const OURS_EXPECTED: Record<string, { state: string; subject: string }> = {
  ours: { state: 'not_configured', subject: '' },
  'ours-connected': { state: 'connected', subject: PAGE },
};

async function textShown(page: Page): Promise<Seen> {
  return { text: (await page.evaluate(() => document.body.innerText.trim().length)) as number };
}

const PAGES: PageSpec[] = [
  { id: 'ours', label: 'Ours, popup', reference: 'empty-popup', ours: true, extension: 'ours', path: 'popup.html', how: 'popup', check: ourPopup },
  { id: 'ours-connected', label: 'Ours, popup, connected', reference: 'empty-popup', ours: true, extension: 'ours-connected', path: 'popup.html', how: 'popup', check: ourPopup },
  { id: 'nighthawk', label: 'Nighthawk, popup', reference: 'empty-popup', extension: 'nighthawk', path: 'index.html', how: 'popup', check: textShown },
  { id: 'mitaka', label: 'Mitaka, options page (a tab: it has no popup)', reference: 'empty-tab', extension: 'mitaka', path: 'options.html', how: 'tab', check: textShown },
  { id: 'empty-popup', label: 'Empty extension page, popup', extension: 'reference', path: 'text.html', how: 'popup', check: textShown },
  { id: 'empty-tab', label: 'Empty extension page, tab', extension: 'reference', path: 'text.html', how: 'tab', check: textShown },
];

/** One round's figures: the first open of each page in the new profile, then the next open. */
interface RoundResult {
  order: string[];
  first: Record<string, Paints>;
  later: Record<string, Paints>;
  seen: Record<string, Seen>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh profile with every extension; each page opened twice (first open, next open) in the round's order. */
async function measureRound(round: number, dirs: Parameters<typeof launchPeerBrowser>[0], sandbox: Sandbox): Promise<RoundResult> {
  const browser = await launchPeerBrowser(dirs);
  try {
    await servePhishingPages(browser.context);
    await connect(browser.context, browser.extensions['ours-connected']!.id, sandbox);
    const tab = await openPhishingPage(browser.context, PAGE);
    // What the extensions do once installed (Nighthawk opens its welcome tab) settles before the first page.
    await sleep(1_000);
    const order = rotate(PAGES, round);
    const result: RoundResult = { order: order.map((page) => page.id), first: {}, later: {}, seen: {} };
    for (const pass of [result.first, result.later]) {
      for (const page of order) {
        await tab.bringToFront();
        // Our popup captures the tab for its draft: every page waits the same, within captureVisibleTab's quota.
        await sleep(CAPTURE_SPACING_MS);
        const { fcp, lcp, seen } = await readyOf(browser, browser.extensions[page.extension]!, page.path, page.how, page.check);
        pass[page.id] = { fcp, lcp };
        result.seen[page.id] = seen;
      }
    }
    return result;
  } finally {
    await browser.close();
  }
}

/** Throws unless every page was measured as meant: ours in the state named (OURS_EXPECTED), the others showing text, every paint made. */
function checkRound(result: RoundResult, round: number): void {
  for (const page of PAGES) {
    const seen = result.seen[page.id]!;
    const ok = 'state' in seen ? JSON.stringify(seen) === JSON.stringify(OURS_EXPECTED[page.id]) : seen.text > 0;
    const painted = [result.first[page.id]!, result.later[page.id]!].every((paints) => paints.fcp > 0 && paints.lcp > 0);
    if (!ok || !painted) throw new Error(`Round ${round + 1}: ${page.label} was not measured as meant: ${JSON.stringify({ seen, first: result.first[page.id], later: result.later[page.id] })}`);
  }
}

/** The largest contentful paint of each page, per round, for one pass. */
function readyRounds(results: RoundResult[], pass: 'first' | 'later'): Round[] {
  return results.map((result) => Object.fromEntries(Object.entries(result[pass]).map(([id, paints]) => [id, paints.lcp])));
}

/**
 * Ours twice (the bench build, and a copy of it connected in each round), the peers and the empty extension, as the browser loads them.
 * The bench build is the shipped code with every page granted up front: the shipped build, whose popup is opened here by
 * action.openPopup and not by a click, holds no activeTab grant and shows no address (not what a user sees).
 */
function extensionDirs(peers: BuiltPeer[], referenceDir: string, connectedDir: string): Parameters<typeof launchPeerBrowser>[0] {
  const dirs: Parameters<typeof launchPeerBrowser>[0] = {
    ours: { dir: BENCH_BUILD, workerScript: 'background.js' },
    'ours-connected': { dir: connectedDir, workerScript: 'background.js' },
    reference: { dir: referenceDir, workerScript: 'worker.js' },
  };
  for (const peer of peers) dirs[peer.name] = { dir: peer.dir, workerScript: PEERS.find((each) => each.name === peer.name)!.workerScript };
  return dirs;
}

function writeResults(peers: BuiltPeer[], results: RoundResult[]): string {
  const tables = (['first', 'later'] as const).map((pass) => {
    const rounds = readyRounds(results, pass);
    return { pass, rows: peerRows(PAGES, rounds), markdown: formatPeerTable(peerRows(PAGES, rounds), PAGES, rounds.length) };
  });
  const machine = { cpu: os.cpus()[0]?.model.trim(), cores: os.availableParallelism(), node: process.version, loadAverageEnd: Math.round(os.loadavg()[0]! * 100) / 100 };
  const ours = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  mkdirSync(path.dirname(OUT), { recursive: true });
  const builds = { ours, ...Object.fromEntries(peers.map((peer) => [peer.name, peer.commit])) };
  writeFileSync(OUT, `${JSON.stringify({ ranAt: new Date().toISOString(), machine, builds, pages: PAGES.map(({ id, label, how }) => ({ id, label, how })), tables, rounds: results }, null, 2)}\n`);
  return tables.map((table) => `${table.pass === 'first' ? 'First open in a new profile' : 'Next open (every later one)'}, ${results.length} rounds:\n\n${table.markdown}`).join('\n\n');
}

async function main(): Promise<void> {
  if (!existsSync(path.join(BENCH_BUILD, 'manifest.json'))) throw new Error(`No build at ${BENCH_BUILD}. Run: npm run bench:peers (it builds it).`);
  if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`PEERS_ROUNDS must be a positive whole number, not ${process.env.PEERS_ROUNDS}.`);
  const peers = PEERS.map(buildPeer);
  const sandbox = await startSandbox({ quiet: true });
  const referenceDir = writeReferenceExtension();
  const connectedDir = mkdtempSync(path.join(os.tmpdir(), 'takedown-bench-connected-'));
  cpSync(BENCH_BUILD, connectedDir, { recursive: true });
  try {
    const results: RoundResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      console.error(`[bench:peers] ${new Date().toISOString().slice(11, 19)} round ${round + 1} of ${ROUNDS}`);
      const result = await measureRound(round, extensionDirs(peers, referenceDir, connectedDir), sandbox);
      checkRound(result, round);
      results.push(result);
    }
    console.log(writeResults(peers, results));
  } finally {
    await sandbox.close();
    rmSync(referenceDir, { recursive: true, force: true });
    rmSync(connectedDir, { recursive: true, force: true });
  }
}

await main();
