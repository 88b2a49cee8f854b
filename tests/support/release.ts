/**
 * `npm run release`: makes a release's files and proves them; it publishes
 * nothing (docs/releasing.md). In order, stopping at the first step that
 * fails:
 *
 * 1. The version agrees everywhere: package.json, package-lock.json, the
 *    newest entry of CHANGELOG.md (and nothing left under [Unreleased]); the
 *    work tree is the commit (`--allow-dirty` to try it out); Node and npm are
 *    the exact versions docs/releasing.md tells reviewers to build with.
 * 2. Both browsers' zips and the sources zip (`npm run zip`, `zip:firefox`).
 * 3. The archives' checks, and the proof the sources reproduce both builds:
 *    unpacked in a temporary folder, installed with `npm ci` from npm's cache,
 *    built, every file compared byte for byte (check-store-archives.ts
 *    --release); the shipped builds' checks (check-shipped-manifests.ts); the
 *    store linter (addons-linter, `npm run lint:firefox`).
 * 4. The manifests in the zips and the sources' package.json say the version.
 * 5. `.output/SHA256SUMS` of the three zips, and what to upload where.
 *
 * It lives in tests/support/ with the other scripts package.json runs (the
 * archive and manifest checks it calls): not shipped, not in the sources zip,
 * typechecked and linted with the tests, and the top level keeps its fixed
 * layout.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { lstatSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { buildToolProblems, changelogProblems, formatSha256Sums, readBuildTools, readChangelog, uploadSteps, versionDisagreements } from './release-checks.ts';

const allowDirty = process.argv.includes('--allow-dirty');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const text = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : '');

/** Stops the release with its problems, each on a line. */
function stop(step: string, problems: readonly string[]): never {
  console.error(`npm run release: ${step}:\n- ${problems.join('\n- ')}\nNothing was uploaded.`);
  process.exit(1);
}

/** Runs one command of the release, its output shown, and stops the release when it fails. */
function run(step: string, command: string, args: readonly string[]): void {
  console.log(`\n› ${step}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) stop(step, [`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`]);
}

/** Step 1: what must hold before anything is built; answers the version and the commit. */
function checkBeforeBuilding(): { version: string; commit: string } {
  const { version } = readJson<{ version: string }>('package.json');
  const lock = readJson<{ version?: string; packages?: Record<string, { version?: string }> }>('package-lock.json');
  const problems = [
    ...versionDisagreements(version, { 'package-lock.json': lock.version, 'package-lock.json (packages[""])': lock.packages?.['']?.version }),
    ...changelogProblems(readChangelog(readFileSync('CHANGELOG.md', 'utf8')), version),
    ...buildToolProblems(
      readBuildTools(readFileSync('docs/releasing.md', 'utf8')),
      { node: process.versions.node, npm: execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim() },
      'docs/releasing.md',
    ),
  ];
  // Module ids carry the path of each dependency: through a linked node_modules (a git worktree's) they
  // differ from those of the sources zip's own install, and so do the chunks' names.
  if (lstatSync('node_modules').isSymbolicLink()) problems.push('node_modules is a link: the build would differ from one made from the sources zip; release from a clean clone (npm ci)');
  const changed = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim();
  if (changed && !allowDirty) problems.push(`the work tree differs from the commit (git status):\n${changed}\n  commit first, or try it out with: npm run release -- --allow-dirty`);
  if (problems.length) stop('not ready to build', problems);
  if (changed) console.warn('npm run release: --allow-dirty: these files are not the commit, so neither is this release.');
  return { version, commit: execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim() };
}

/** Step 4: the version inside each archive. */
function checkArchivedVersions(version: string, files: { chrome: string; firefox: string; sources: string }): void {
  const manifestVersion = (file: string) => (JSON.parse(text(unzipSync(readFileSync(file))['manifest.json']) || '{}') as { version?: string }).version;
  const problems = versionDisagreements(version, {
    [`${files.chrome} manifest.json`]: manifestVersion(files.chrome),
    [`${files.firefox} manifest.json`]: manifestVersion(files.firefox),
    [`${files.sources} package.json`]: (JSON.parse(text(unzipSync(readFileSync(files.sources))['package.json']) || '{}') as { version?: string }).version,
  });
  if (problems.length) stop('the archives disagree', problems);
}

const { version, commit } = checkBeforeBuilding();
const zip = (name: string) => `.output/takedown-reporter-${version}-${name}.zip`;
const files = { chrome: zip('chrome'), firefox: zip('firefox'), sources: zip('sources'), sums: '.output/SHA256SUMS' };

run('Chrome and Edge zip', 'npm', ['run', 'zip']);
run('Firefox zip and sources zip', 'npm', ['run', 'zip:firefox']);
run('archives, and both builds rebuilt from the sources zip', 'node', ['tests/support/check-store-archives.ts', '--release']);
run('shipped builds', 'node', ['tests/support/check-shipped-manifests.ts']);
run('store linter (addons-linter)', 'npm', ['run', 'lint:firefox']);
checkArchivedVersions(version, files);

const artifacts = [files.chrome, files.firefox, files.sources].map((file) => ({ name: path.basename(file), bytes: readFileSync(file) }));
writeFileSync(files.sums, formatSha256Sums(artifacts));

console.log(`\nRelease ${version} (commit ${commit.slice(0, 12)}) is ready and verified; nothing was uploaded.`);
console.log(readFileSync(files.sums, 'utf8').trimEnd());
console.log(
  `\nWhat to upload where:\n${uploadSteps(version, files)
    .map((step, index) => `${index + 1}. ${step}`)
    .join('\n')}`,
);
