import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The peers of `npm run bench:peers`, built from their public sources
// (issue 43). Each source is a git clone, NIGHTHAWK_SRC / MITAKA_SRC or
// .peers/<name>; its build is kept in .peers/builds/<name>-<commit>, so a
// second run builds nothing. What each build needs beyond the project's own
// steps is in docs/performance.md › Peers.

const PEERS_DIR = path.resolve('.peers');

/** A peer: where its source is cloned from, how it is built, and what of the build is loaded. */
export interface Peer {
  name: 'nighthawk' | 'mitaka';
  repository: string;
  envVar: string;
  /** Installs the dependencies and builds, in the source folder; answers the built extension's folder there. */
  build(src: string): string;
  /** The built extension's worker script, as its manifest names it. */
  workerScript: string;
}

/** A built peer, ready to load. */
export interface BuiltPeer {
  name: string;
  commit: string;
  dir: string;
}

/** Runs a command in `cwd` with its output on stderr (stdout is the bench's table). */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): void {
  execFileSync(command, args, { cwd, stdio: ['ignore', 2, 2], env: { ...process.env, ...env } });
}

/**
 * The `.env` Nighthawk's build reads (env-cmd -f .env) and its repository does
 * not hold: PhishFort's servers and keys. Placeholders: its calls go to a
 * host that does not exist, as on a machine offline.
 */
const NIGHTHAWK_ENV = [
  'REACT_APP_BACKEND_URL=https://nighthawk-api.invalid',
  'REACT_APP_CDN_URL=https://nighthawk-cdn.invalid/list',
  'REACT_APP_WEB_URL=https://nighthawk-web.invalid',
  'REACT_APP_SAFE_BROWSER_URL=https://nighthawk-web.invalid/safe',
  'REACT_APP_FALSE_POSITIVE_FORM=https://nighthawk-web.invalid/false-positive',
  'REACT_APP_FEEDBACK_FORM_URL=https://nighthawk-web.invalid/feedback',
  'REACT_APP_NIGHTHAWK_API_KEY=placeholder',
  'REACT_APP_ETH_CODE=placeholder',
  ...['DANGER_AGREE', 'EXT_GUARDIAN_POINTS', 'EXT_LOGIN', 'EXT_LOGOUT', 'LOAD_NIGHTHAWK_LIST', 'TRUSTED_LIST_WEB', 'WEB_GUARDIAN_POINTS', 'WEB_LOGIN', 'WEB_LOGOUT'].map(
    (port) => `REACT_APP_${port}=${port.toLowerCase()}`,
  ),
].join('\n');

/** Nighthawk (Create React App 5 with craco, yarn.lock): yarn 1 installs the locked versions; craco builds to build/. */
function buildNighthawk(src: string): string {
  if (!existsSync(path.join(src, '.env'))) writeFileSync(path.join(src, '.env'), `${NIGHTHAWK_ENV}\n`);
  run('npx', ['-y', 'yarn@1.22.22', 'install', '--frozen-lockfile', '--non-interactive', '--ignore-engines'], src);
  // Not `npm run build`: its prebuild writes a CI placeholder ("$CRX_KEY") into the manifest's key, which Chromium refuses;
  // the manifest keeps the public key the repository holds. No source maps, no lint or type check: they change no shipped byte.
  run('npx', ['env-cmd', '-f', '.env', 'craco', 'build'], src, { GENERATE_SOURCEMAP: 'false', DISABLE_ESLINT_PLUGIN: 'true', TSC_COMPILE_ON_ERROR: 'true' });
  return path.join(src, 'build');
}

/** Mitaka's lint and test tools: not needed to build, and one (@ninoseki/eslint-plugin-neverthrow 0.2.0) is not on the npm registry. */
const MITAKA_UNNEEDED = [
  '@ninoseki/eslint-plugin-neverthrow',
  '@vitest/coverage-v8',
  '@vitest/eslint-plugin',
  '@vue/eslint-config-typescript',
  'coveralls',
  'eslint',
  'eslint-config-prettier',
  'eslint-plugin-oxlint',
  'eslint-plugin-regexp',
  'eslint-plugin-simple-import-sort',
  'eslint-plugin-vue',
  'husky',
  'lint-staged',
  'oxfmt',
  'oxlint',
  'typescript-eslint',
  'vitest',
];

/** Mitaka (WXT and Vue, package-lock.json): its build tools installed by npm, then `wxt build` to .output/chrome-mv3. */
function buildMitaka(src: string): string {
  run('npm', ['pkg', 'delete', ...MITAKA_UNNEEDED.map((name) => `devDependencies.${name}`)], src);
  // The lock's 3.0.2 is not on the registry (it lists 3.0.3 and 4.0.0): the next patch release.
  run('npm', ['pkg', 'set', 'dependencies.@webext-core/messaging=3.0.3'], src);
  run('npm', ['install', '--no-audit', '--no-fund'], src);
  run('npx', ['wxt', 'build'], src);
  return path.join(src, '.output', 'chrome-mv3');
}

export const PEERS: Peer[] = [
  { name: 'nighthawk', repository: 'https://github.com/phishfort/nighthawk-extension.git', envVar: 'NIGHTHAWK_SRC', build: buildNighthawk, workerScript: 'static/js/event.js' },
  { name: 'mitaka', repository: 'https://github.com/ninoseki/mitaka.git', envVar: 'MITAKA_SRC', build: buildMitaka, workerScript: 'background.js' },
];

/** The peer's source folder, or an error that says how to get it. */
function sourceOf(peer: Peer): string {
  const src = path.resolve(process.env[peer.envVar] ?? path.join(PEERS_DIR, peer.name));
  if (!existsSync(path.join(src, '.git')) || !existsSync(path.join(src, 'package.json'))) {
    throw new Error(`No source of ${peer.name} at ${src}. Clone it there (git clone ${peer.repository} ${path.relative(process.cwd(), src) || src}) or set ${peer.envVar} to a clone of it.`);
  }
  return src;
}

/** Builds the peer once per commit into .peers/builds/<name>-<commit>, and answers that folder. */
export function buildPeer(peer: Peer): BuiltPeer {
  const src = sourceOf(peer);
  const commit = execFileSync('git', ['-C', src, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const dir = path.join(PEERS_DIR, 'builds', `${peer.name}-${commit}`);
  if (!existsSync(path.join(dir, 'manifest.json'))) {
    console.error(`[bench:peers] building ${peer.name} at ${commit.slice(0, 12)} in ${src}`);
    const output = peer.build(src);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.dirname(dir), { recursive: true });
    cpSync(output, dir, { recursive: true });
  }
  JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  return { name: peer.name, commit, dir };
}
