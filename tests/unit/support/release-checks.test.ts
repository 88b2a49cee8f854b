import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildToolProblems, changelogProblems, formatSha256Sums, readBuildTools, readChangelog, uploadSteps, versionDisagreements } from '../../support/release-checks.ts';

// The checks of `npm run release` that need no build (docs/releasing.md):
// what a releaser is told before anything is built, and the sums file anyone
// checks the zips with.

const changelog = (body: string) => `# Changelog\n\nIntro.\n\n${body}`;

describe('the changelog before a release of 0.2.0', () => {
  it.each([
    ['ready', changelog('## [Unreleased]\n\n## [0.2.0] - 2026-12-01\n\n### Fixed\n\n- A bug.\n\n## [0.1.0] - 2026-11-28\n'), []],
    ['still on the last version', changelog('## [Unreleased]\n\n## [0.1.0] - 2026-11-28\n'), ['CHANGELOG.md: the newest entry is 0.1.0, not 0.2.0: add "## [0.2.0] - YYYY-MM-DD"']],
    [
      'with changes left under Unreleased',
      changelog('## [Unreleased]\n\n### Added\n\n- One.\n- Two.\n\n## [0.2.0] - 2026-12-01\n'),
      ['CHANGELOG.md: [Unreleased] still lists 2 change(s): move them under ## [0.2.0]'],
    ],
    ['with a date not in ISO form', changelog('## [0.2.0] - 1 Dec 2026\n'), ['CHANGELOG.md: the date of 0.2.0 is "1 Dec 2026", not YYYY-MM-DD']],
    ['with no release at all', changelog('## [Unreleased]\n'), ['CHANGELOG.md: the newest entry is missing, not 0.2.0: add "## [0.2.0] - YYYY-MM-DD"']],
  ])('%s', (_case, markdown, problems) => {
    expect(changelogProblems(readChangelog(markdown), '0.2.0')).toEqual(problems);
  });

  it("is this repository's own: its newest entry is package.json's version", () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(changelogProblems(readChangelog(readFileSync('CHANGELOG.md', 'utf8')), version)).toEqual([]);
  });
});

describe('the version everywhere', () => {
  it.each([
    ['all agree', { 'package-lock.json': '0.2.0', 'chrome.zip manifest.json': '0.2.0' }, []],
    ['a manifest behind', { 'package-lock.json': '0.2.0', 'firefox.zip manifest.json': '0.1.0' }, ['firefox.zip manifest.json says 0.1.0, package.json says 0.2.0']],
    ['a lockfile without one', { 'package-lock.json': undefined }, ['package-lock.json says no version, package.json says 0.2.0']],
  ])('%s', (_case, found, problems) => {
    expect(versionDisagreements('0.2.0', found)).toEqual(problems);
  });
});

describe('the build instructions reviewers get', () => {
  const doc = '# Releasing\n\n## Build from source\n\n- Node.js 24.21.0\n- npm 11.19.1\n\n## Other\n\nNode 99.0.0\n';
  it.each([
    ['the tools they name', { node: '24.21.0', npm: '11.19.1' }, []],
    ['another Node', { node: '24.22.0', npm: '11.19.1' }, ['docs/releasing.md tells reviewers node 24.21.0; this is node 24.22.0: release with 24.21.0, or write the versions you rebuild with there']],
  ])('pass with %s', (_case, running, problems) => {
    expect(buildToolProblems(readBuildTools(doc), running, 'docs/releasing.md')).toEqual(problems);
  });

  it('must name exact versions in their section', () => {
    expect(buildToolProblems(readBuildTools('## Build from source\n\nNode 24 or newer.\n'), { node: '24.21.0', npm: '11.19.1' }, 'docs/releasing.md')).toEqual([
      'docs/releasing.md: "## Build from source" names no exact node version (x.y.z)',
      'docs/releasing.md: "## Build from source" names no exact npm version (x.y.z)',
    ]);
  });

  it("are this repository's: docs/releasing.md names exact Node and npm versions", () => {
    expect(readBuildTools(readFileSync('docs/releasing.md', 'utf8'))).toEqual({ node: expect.stringMatching(/^\d+\.\d+\.\d+$/), npm: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
  });
});

describe('SHA256SUMS', () => {
  const files = [
    { name: 'takedown-reporter-0.2.0-sources.zip', bytes: new TextEncoder().encode('abc') },
    { name: 'takedown-reporter-0.2.0-chrome.zip', bytes: new Uint8Array() },
  ];

  it('has one line a file, as sha256sum writes it, sorted by name', () => {
    expect(formatSha256Sums(files)).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  takedown-reporter-0.2.0-chrome.zip\n' +
        'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  takedown-reporter-0.2.0-sources.zip\n',
    );
  });

  it.runIf(process.platform === 'linux')('is checked by sha256sum -c', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sums-'));
    try {
      for (const { name, bytes } of files) writeFileSync(path.join(dir, name), bytes);
      writeFileSync(path.join(dir, 'SHA256SUMS'), formatSha256Sums(files));
      expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir, encoding: 'utf8' })).toBe('takedown-reporter-0.2.0-chrome.zip: OK\ntakedown-reporter-0.2.0-sources.zip: OK\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what to upload where', () => {
  it('names each store with its file, and publishes nothing itself', () => {
    const steps = uploadSteps('0.2.0', { chrome: 'c.zip', firefox: 'f.zip', sources: 's.zip', sums: 'SHA256SUMS' });
    expect(steps.map((step) => step.split(' (')[0])).toEqual(['Chrome Web Store', 'Microsoft Edge Add-ons', 'addons.mozilla.org', 'Tag the commit']);
    expect(steps.filter((step) => step.includes('c.zip'))).toHaveLength(2);
    expect(steps[2]).toContain('f.zip');
    expect(steps[2]).toContain('s.zip');
    expect(steps[3]).toContain('git tag -a v0.2.0');
  });
});
