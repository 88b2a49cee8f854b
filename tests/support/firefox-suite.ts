/**
 * `npm run test:firefox`: builds both Firefox builds and runs the Firefox
 * suite (tests/firefox) in a real Firefox. Without a Firefox it says so and
 * how to get one; outside CI that skips the suite, in CI it fails.
 * Arguments are passed to Playwright (a spec file, `--workers=1`, …).
 */
import { execFileSync } from 'node:child_process';
import { findFirefox } from './firefox.ts';

const firefox = findFirefox();
if (!firefox) {
  const how = 'Install Firefox (Debian/Ubuntu: apt-get install firefox-esr; others: https://www.mozilla.org/firefox/) or set FIREFOX_PATH to its executable, then run npm run test:firefox.';
  if (process.env.CI) {
    console.error(`No Firefox found, and CI never skips the Firefox suite. ${how}`);
    process.exit(1);
  }
  console.warn(`\n⚠ Firefox suite SKIPPED: no Firefox found on this machine. ${how}\n`);
  process.exit(0);
}
const version = execFileSync(firefox, ['--version'], { encoding: 'utf8' }).trim();
console.log(`Firefox: ${firefox} (${version})`);

const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: 'inherit' });
try {
  run('npm', ['run', '--silent', 'build:firefox']);
  run('npm', ['run', '--silent', 'build:sandbox:firefox']);
  run('npx', ['playwright', 'test', '-c', 'playwright.firefox.config.ts', ...process.argv.slice(2)]);
} catch {
  process.exit(1);
}
