import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { requiredRange, satisfiesRange } from '../../support/node-version.mjs';

// The Node a newcomer needs is written once, in package.json's engines. npm
// installs with engine-strict (.npmrc), so that range must be one every
// locked package accepts, or `npm ci` refuses a version the README promises
// (22.18 was refused by StrykerJS's prompts while the README said 22.12).

const range = requiredRange();
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };

describe('the Node version', () => {
  it('package.json names a valid range, the same as the lockfile', () => {
    expect(semver.validRange(range)).not.toBeNull();
    const root = lock.packages[''];
    expect(root && !Array.isArray(root.engines) ? root.engines?.node : undefined).toBe(range);
  });

  it('every locked package accepts every version package.json accepts, or npm ci would refuse it', () => {
    const refusing = Object.entries(lock.packages)
      .map(([name, entry]) => [name, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
      .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string' && !semver.subset(range, entry[1]))
      .map(([name, needs]) => `${name.replace(/^.*node_modules\//, '')} needs ${needs}`);
    expect(refusing, `package.json engines.node is ${range}: narrow it (and .nvmrc, the README) to what these accept`).toEqual([]);
  });

  it('.nvmrc names a version in the range', () => {
    expect(semver.intersects(readFileSync('.nvmrc', 'utf8').trim(), range)).toBe(true);
  });

  it('the README says the lowest version of each line the range allows', () => {
    const readme = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');
    const floors = range.split('||').map((part) => part.replace(/[\^>=\s]/g, '').replace(/\.0$/, ''));
    expect(floors.filter((floor) => !readme.includes(`Node ${floor}`) && !readme.includes(` ${floor} or newer`))).toEqual([]);
  });
});

describe('the check before npm start and npm test (tests/support/node-version.mjs)', () => {
  it('reads the range as semver does', () => {
    const versions = [18, 20, 21, 22, 23, 24, 25, 26, 27, 30].flatMap((major) =>
      [0, 11, 12, 14, 15, 17, 18, 21, 22, 23, 40].flatMap((minor) => [0, 1, 2, 3].map((patch) => `${major}.${minor}.${patch}`)),
    );
    expect(versions.filter((version) => satisfiesRange(version, range))).toEqual(versions.filter((version) => semver.satisfies(version, range)));
  });

  it.each([
    ['^22.22.2 || >=26', '22.22.2', true],
    ['^22.22.2 || >=26', 'v22.30.0', true],
    ['^22.22.2 || >=26', '22.22.1', false],
    ['^22.22.2 || >=26', '23.0.0', false],
    ['^22.22.2 || >=26', '26.0.0', true],
    ['^22.22.2 || >=26', 'not a version', false],
    ['~22.22.2', '22.22.2', false],
  ])('%s accepts %s: %s', (given, version, accepted) => {
    expect(satisfiesRange(version, given)).toBe(accepted);
  });

  it('refuses an older Node with a sentence naming both versions and what to do', () => {
    const run = spawnSync(process.execPath, ['tests/support/node-version.mjs', '22.17.0'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Takedown Reporter needs Node ${range} (package.json "engines"); this is Node 22.17.0.`);
    expect(run.stderr).toContain('`nvm install` reads .nvmrc');
  });

  it('says nothing on this Node', () => {
    expect(execFileSync(process.execPath, ['tests/support/node-version.mjs'], { encoding: 'utf8' })).toBe('');
  });

  it('runs before npm start and npm test, and .ci/run asks it too', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect([scripts.prestart, scripts.pretest]).toEqual(['node tests/support/node-version.mjs', 'node tests/support/node-version.mjs']);
    expect(readFileSync('.ci/run', 'utf8')).toContain('node tests/support/node-version.mjs');
  });
});
