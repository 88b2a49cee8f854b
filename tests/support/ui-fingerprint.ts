import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// What the README's screenshots show: every file that changes how a page
// looks or what it says. Its hash is stored beside the screenshots; when the
// UI changes and they were not taken again, the unit test fails.

/** Where the screenshots and the fingerprint they were taken at live. */
export const SCREENSHOTS_DIR = 'docs/screenshots';
export const FINGERPRINT_FILE = path.join(SCREENSHOTS_DIR, 'ui-fingerprint.txt');

const UI_ROOTS = ['components', 'entrypoints', 'utils/i18n/locales', 'public/icon'];
const UI_FILE = /\.(tsx|css|html|yml|png|svg)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : UI_FILE.test(name) ? [full] : [];
    })
    .toSorted();
}

/** SHA-256 over the path and bytes of every UI file under the project root, in a fixed order. */
export function uiFingerprint(root = '.'): string {
  const hash = createHash('sha256');
  for (const file of UI_ROOTS.flatMap((dir) => filesUnder(path.join(root, dir)))) {
    hash.update(path.relative(root, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}
