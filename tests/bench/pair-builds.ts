import { writeFileSync } from 'node:fs';
import { chromium, type BrowserContext } from '@playwright/test';
import { chromiumArgs, findChromium } from '../support/chromium.ts';
import { freePort } from '../support/free-port.ts';
import type { LoadedExtension } from './browser.ts';
import { writeReferenceExtension } from './reference-extension.ts';

// Two builds of ours, A and B, in one headless Chromium beside the reference
// extension, for the paired benches (pair-popups.ts, pair-my-reports.ts): a
// change too small to tell apart from the load in two separate runs shows
// when both builds are measured in turn in one browser.

const MARKER = 'pair-marker.txt';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The loaded extensions by the marker each build was given (A, B; none: the reference). */
async function extensionsByMarker(context: BrowserContext, debugPort: number): Promise<Record<'A' | 'B' | 'reference', LoadedExtension>> {
  await liveWorkerCount(debugPort, 3);
  const targets = (await (await fetch(`http://127.0.0.1:${debugPort}/json/list`)).json()) as { type: string; url: string }[];
  const found: Partial<Record<'A' | 'B' | 'reference', LoadedExtension>> = {};
  for (const target of targets.filter((entry) => entry.type === 'service_worker')) {
    const url = new URL(target.url);
    const page = await context.newPage();
    const marker = await page
      .goto(`chrome-extension://${url.host}/${MARKER}`)
      .then(() => page.evaluate(() => document.body.innerText.trim()))
      .catch(() => '');
    await page.close();
    found[marker === 'A' || marker === 'B' ? marker : 'reference'] = { id: url.host, workerScript: url.pathname.slice(1) };
  }
  if (!found.A || !found.B || !found.reference) throw new Error(`Expected builds A and B and the reference, found ${Object.keys(found).join(', ')}.`);
  return found as Record<'A' | 'B' | 'reference', LoadedExtension>;
}

async function liveWorkerCount(debugPort: number, count: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const targets = (await (await fetch(`http://127.0.0.1:${debugPort}/json/list`)).json()) as { type: string }[];
    if (targets.filter((entry) => entry.type === 'service_worker').length >= count) return;
    await sleep(50);
  }
  throw new Error('The extensions’ workers did not start.');
}

/** The browser with two builds (folders, loaded in this order, marked A and B or as `marks` says) and the reference extension loaded, and each one's id. */
export async function launchPair(
  dirA: string,
  dirB: string,
  marks: readonly ['A' | 'B', 'A' | 'B'] = ['A', 'B'],
): Promise<{ context: BrowserContext; debugPort: number } & Record<'A' | 'B' | 'reference', LoadedExtension>> {
  writeFileSync(`${dirA}/${MARKER}`, marks[0]);
  writeFileSync(`${dirB}/${MARKER}`, marks[1]);
  const debugPort = await freePort();
  const context = await chromium.launchPersistentContext('', {
    headless: true,
    executablePath: findChromium(),
    args: [...chromiumArgs(`${dirA},${dirB},${writeReferenceExtension()}`), `--remote-debugging-port=${debugPort}`],
  });
  try {
    return { context, debugPort, ...(await extensionsByMarker(context, debugPort)) };
  } catch (error) {
    await context.close();
    throw error;
  }
}
