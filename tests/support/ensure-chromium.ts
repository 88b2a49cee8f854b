/**
 * Run before the end-to-end tests: makes sure some Chromium exists. Uses
 * CHROMIUM_PATH or the system's; otherwise Playwright's own, downloading it
 * when missing (works where the network allows; fails with a clear message
 * where it does not).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { findChromium } from './chromium.ts';

/** The browser's own version line, so that a CI log says which Chromium ran (Debian updates it under us). */
function versionOf(executable: string): string {
  try {
    return execFileSync(executable, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'version unknown';
  }
}

const found = findChromium();
if (found) {
  console.log(`Chromium: ${found} (${versionOf(found)})`);
} else if (existsSync(chromium.executablePath())) {
  console.log(`Chromium: Playwright's own, ${chromium.executablePath()}`);
} else {
  console.log("No Chromium found; installing Playwright's own (npx playwright install chromium)…");
  try {
    execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  } catch {
    console.error('Could not install a Chromium. Install one (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to its executable.');
    process.exit(1);
  }
}
