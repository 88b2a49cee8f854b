/**
 * Checks the archives the stores receive (`npm run zip`, `npm run zip:firefox`):
 * each holds one build with its manifest at the root, no source maps, no
 * test-only grant or hook; every icon the manifest names exists at the size
 * its key says; the name and description fit the stores' limits in every
 * language; and the Firefox sources archive holds the build's inputs only.
 * With `--rebuild` it also rebuilds the Firefox build from the sources archive,
 * as a Firefox reviewer does, and compares it byte for byte. With `--release`
 * (`npm run release`) the rebuild installs its dependencies afresh with
 * `npm ci` (from npm's cache when it holds them all), never this project's
 * own, and rebuilds the Chrome build from the same sources too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const archive = (name: string) => `.output/takedown-reporter-${version}-${name}.zip`;

/** Chrome Web Store: 132 characters of description, 75 of name; AMO allows less name (50). */
const LIMITS = { name: 45, description: 132 };

const failures: string[] = [];
const expectThat = (ok: boolean, message: string) => ok || failures.push(message);
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((byte, index) => bytes[index] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

interface Manifest {
  name: string;
  description: string;
  default_locale?: string;
  icons?: Record<string, string>;
  action?: { default_icon?: Record<string, string> };
  browser_action?: { default_icon?: Record<string, string> };
  host_permissions?: string[];
  permissions?: string[];
}

function checkBuildArchive(label: string, files: Record<string, Uint8Array>): void {
  const manifestBytes = files['manifest.json'];
  expectThat(Boolean(manifestBytes), `${label}: no manifest.json at the root`);
  if (!manifestBytes) return;
  const manifest = JSON.parse(text(manifestBytes)) as Manifest;
  const names = Object.keys(files);
  expectThat(!names.some((name) => name.endsWith('.map')), `${label}: carries source maps`);
  expectThat(!text(manifestBytes).includes('<all_urls>'), `${label}: the manifest grants <all_urls> (the sandbox build?)`);
  for (const name of names.filter((file) => file.endsWith('.js'))) {
    expectThat(!text(files[name]!).includes('takedownReporterTest'), `${label}: ${name} carries the test-only hook`);
  }

  const icons = { ...manifest.icons, ...manifest.action?.default_icon, ...manifest.browser_action?.default_icon };
  for (const size of [16, 32, 48, 128]) expectThat(String(size) in icons, `${label}: no ${size} px icon`);
  for (const [size, file] of Object.entries(icons)) {
    const bytes = files[file.replace(/^\//, '')];
    const actual = bytes ? pngSize(bytes) : null;
    expectThat(
      actual?.width === Number(size) && actual.height === Number(size),
      `${label}: icon ${file} should be ${size}×${size}, is ${actual ? `${actual.width}×${actual.height}` : 'missing or not a PNG'}`,
    );
  }

  // Every language's name and description, as the stores show them.
  const locales = names.filter((name) => /^_locales\/[^/]+\/messages\.json$/.test(name));
  expectThat(locales.length > 0, `${label}: no _locales`);
  for (const file of locales) {
    const messages = JSON.parse(text(files[file]!)) as Record<string, { message: string }>;
    const resolve = (value: string) => value.replace(/^__MSG_(\w+)__$/, (_, key: string) => messages[key]?.message ?? '');
    const name = resolve(manifest.name);
    const description = resolve(manifest.description);
    expectThat(name.length > 0 && name.length <= LIMITS.name, `${label} ${file}: name "${name}" is ${name.length} characters (1 to ${LIMITS.name})`);
    expectThat(description.length > 0 && description.length <= LIMITS.description, `${label} ${file}: description is ${description.length} characters (1 to ${LIMITS.description})`);
  }
}

const SOURCE_ROOTS = ['entrypoints/', 'components/', 'utils/', 'public/'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'wxt.config.ts', 'README.md', 'LICENSE', '.nvmrc', '.npmrc', 'docs/releasing.md', 'docs/privacy.md'];

function checkSourcesArchive(files: Record<string, Uint8Array>): void {
  const names = Object.keys(files).filter((name) => !name.endsWith('/'));
  // docs/releasing.md: the build instructions addons.mozilla.org requires with the sources (tools, versions, commands).
  for (const required of ['package.json', 'package-lock.json', 'wxt.config.ts', 'LICENSE', 'docs/releasing.md', 'entrypoints/background/index.ts']) {
    expectThat(names.includes(required), `sources: ${required} is missing`);
  }
  for (const name of names) {
    expectThat(SOURCE_FILES.includes(name) || SOURCE_ROOTS.some((root) => name.startsWith(root)), `sources: ${name} is not an input of the build`);
  }
}

function unzip(file: string): Record<string, Uint8Array> {
  return unzipSync(readFileSync(file));
}

interface Lockfile {
  packages: Record<string, { version?: string; integrity?: string; optional?: boolean }>;
}

/**
 * The dependencies `npm ci` would install from the archive's lockfile, when
 * this project's own `node_modules` is exactly that install: the archive's
 * package.json and lockfile are this project's, every installed package is
 * locked at its version and integrity, and every package left out is an
 * optional one (another platform's binary). Then they are hard-linked into
 * `dir` (about 1.6 s here, against 21 s for `npm ci`; CI has just run
 * `npm ci` from the same lockfile) and the answer is true. Anything else
 * (an extraneous or changed package, no `cp -l`) answers false: the caller
 * installs them afresh.
 */
function linkInstalledDependencies(sources: Record<string, Uint8Array>, dir: string): boolean {
  const same = (name: string) => sources[name] !== undefined && Buffer.from(sources[name]).equals(readFileSync(name));
  if (!same('package.json') || !same('package-lock.json') || !existsSync('node_modules/.package-lock.json')) return false;
  const locked = (JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lockfile).packages;
  const installed = (JSON.parse(readFileSync('node_modules/.package-lock.json', 'utf8')) as Lockfile).packages;
  const asLocked = Object.entries(installed).every(([name, entry]) => locked[name]?.version === entry.version && locked[name]?.integrity === entry.integrity);
  const noneMissing = Object.entries(locked).every(([name, entry]) => name === '' || entry.optional || name in installed);
  if (!asLocked || !noneMissing) return false;
  try {
    execFileSync('cp', ['-al', path.resolve('node_modules'), path.join(dir, 'node_modules')], { stdio: 'ignore' });
    return true;
  } catch {
    rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
    return false;
  }
}

/**
 * `npm ci` in `dir` from npm's cache alone (`--offline`), so the rebuild
 * uses exactly the packages the lockfile names with no network; from the
 * registry for what the cache lacks. Answers how it installed.
 */
function installAfresh(dir: string): string {
  const ci = (mode: string) => execFileSync('npm', ['ci', mode, '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
  try {
    ci('--offline');
    return "npm ci --offline, from npm's cache";
  } catch {
    ci('--prefer-offline');
    return 'npm ci --prefer-offline, what the cache lacked from the registry';
  }
}

/** One build of the rebuild and the archive it must equal, file for file. */
interface Rebuilt {
  script: string;
  dir: string;
  label: string;
  archive: Record<string, Uint8Array>;
}

/** Builds `script` in `root` and compares its output folder with the archive, file by file and byte for byte. */
function compareRebuild(root: string, { script, dir, label, archive }: Rebuilt): void {
  execFileSync('npm', ['run', script], { cwd: root, stdio: 'ignore' });
  const built = path.join(root, '.output', dir);
  const files = readdirSync(built, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(path.join(built, name)).isFile());
  const shipped = Object.keys(archive).filter((name) => !name.endsWith('/'));
  const unlike = [...shipped.filter((file) => !files.includes(file)), ...files.filter((file) => !shipped.includes(file))];
  expectThat(unlike.length === 0, `rebuild: the files differ from the ${label} archive: ${unlike.toSorted().join(', ')}`);
  for (const name of shipped.filter((file) => files.includes(file))) {
    const same = Buffer.from(archive[name]!).equals(readFileSync(path.join(built, name)));
    expectThat(same, `rebuild: ${name} differs from the ${label} archive`);
  }
}

/** Rebuilds from the sources archive and compares with each build archive, file by file. */
function rebuildFromSources(sources: Record<string, Uint8Array>, builds: readonly Rebuilt[], fresh: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'takedown-sources-'));
  try {
    for (const [name, bytes] of Object.entries(sources)) {
      if (name.endsWith('/')) continue;
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), bytes);
    }
    const linked = !fresh && linkInstalledDependencies(sources, dir);
    const installed = linked ? "this project's npm ci install, hard-linked" : installAfresh(dir);
    for (const build of builds) compareRebuild(dir, build);
    return installed;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const chrome = unzip(archive('chrome'));
const firefox = unzip(archive('firefox'));
const sources = unzip(archive('sources'));
checkBuildArchive('chrome.zip', chrome);
checkBuildArchive('firefox.zip', firefox);
checkSourcesArchive(sources);
const release = process.argv.includes('--release');
const rebuild = release || process.argv.includes('--rebuild');
const builds: Rebuilt[] = [
  { script: 'build:firefox', dir: 'firefox-mv2', label: 'Firefox', archive: firefox },
  ...(release ? [{ script: 'build', dir: 'chrome-mv3', label: 'Chrome', archive: chrome }] : []),
];
const dependencies = rebuild && failures.length === 0 ? rebuildFromSources(sources, builds, release) : undefined;

if (failures.length) {
  console.error(`Store archives are not ready:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `Store archives ready: chrome.zip and firefox.zip with their icons, names and descriptions in limits; sources.zip holds the build's inputs only${dependencies ? ` and rebuilds the ${builds.map(({ label }) => label).join(' and ')} build byte for byte (dependencies: ${dependencies})` : ''}.`,
);
