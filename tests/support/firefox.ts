import { existsSync } from 'node:fs';

/** Firefox builds a developer or CI machine may have, in order of preference (ESR first: the version the manifest's minimum names). */
const SYSTEM_FIREFOXES = ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/usr/lib/firefox-esr/firefox-esr', '/usr/lib/firefox/firefox', '/Applications/Firefox.app/Contents/MacOS/firefox'];

/** The Firefox to drive: `FIREFOX_PATH` if set, else the system's, else undefined (the suite is skipped outside CI). */
export function findFirefox(): string | undefined {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`FIREFOX_PATH is set to ${fromEnv}, but no file is there.`);
    return fromEnv;
  }
  return SYSTEM_FIREFOXES.find((path) => existsSync(path));
}
