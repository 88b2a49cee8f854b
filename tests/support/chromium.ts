import { existsSync } from 'node:fs';

/** Chromium builds a developer or CI machine may already have, in order of preference. */
const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/**
 * The Chromium to drive: `CHROMIUM_PATH` if set, else the system's, else
 * undefined so Playwright uses its own downloaded browser. Extensions load
 * only in Chromium (not branded Chrome's stable channel since 137), hence no
 * `channel: 'chrome'`.
 */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but no file is there.`);
    return fromEnv;
  }
  return SYSTEM_CHROMIUMS.find((path) => existsSync(path));
}

/** The flags every run needs (with `extensionDir`, the extension loaded from the command line); the background-networking ones keep a closed network from stalling start-up. */
export function chromiumArgs(extensionDir?: string): string[] {
  return [
    ...(extensionDir ? [`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`] : []),
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
}
