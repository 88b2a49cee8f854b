// Stops `npm start`, `npm test` and `npm run release` at once, with a sentence, on a Node this
// project cannot run on (their `prestart`, `pretest` and `prerelease`), and tells .ci/run
// whether to install Node 24. Plain JavaScript on purpose: it must run on the
// Node it refuses. Every other script is TypeScript, which Node runs by itself
// only from 22.18 (type stripping); an older one stops with
// ERR_UNKNOWN_FILE_EXTENSION, which says nothing about the version.
//
//   node tests/support/node-version.mjs            checks this Node
//   node tests/support/node-version.mjs 22.17.0    checks that version instead
//
// The range is package.json's `engines.node`, the one place it is written.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** [major, minor, patch] of `22.18.0`, `v22.18` or `22`; null for anything else. */
function parts(version) {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : null;
}

function compare(a, b) {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** One comparator: `^22.22.2` (same major, not lower) or `>=26`. Any other form reads as "no". */
function allows(comparator, version) {
  const caret = comparator.startsWith('^');
  const floor = parts(comparator.replace(/^(\^|>=)/, ''));
  if (!floor || !(caret || comparator.startsWith('>='))) return false;
  return compare(version, floor) >= 0 && (!caret || version[0] === floor[0]);
}

/** True when `version` is in `range`, written as package.json's engines writes it: `^x.y.z` and `>=x.y.z` joined by `||`. */
export function satisfiesRange(version, range) {
  const v = parts(version);
  return v !== null && range.split('||').some((comparator) => allows(comparator.trim(), v));
}

/** The range package.json asks for. */
export function requiredRange() {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return manifest.engines.node;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const version = process.argv[2] ?? process.versions.node;
  const range = requiredRange();
  if (!satisfiesRange(version, range)) {
    console.error(
      [
        `Takedown Reporter needs Node ${range} (package.json "engines"); this is Node ${version}.`,
        'Its scripts are TypeScript that Node runs by itself (from 22.18), and npm installs its locked development tools only on the versions above.',
        'Install Node 24 LTS (`nvm install` reads .nvmrc; or https://nodejs.org/en/download), then run the command again.',
      ].join('\n'),
    );
    process.exit(1);
  }
}
