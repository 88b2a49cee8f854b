/**
 * The checks of `npm run release` (tests/support/release.ts) that need no
 * build, no browser and no network: the changelog's newest version, the
 * versions every file declares, the tool versions the build instructions
 * promise reviewers, and the SHA-256 sums file. Pure, so unit tests
 * (tests/unit/support/release-checks.test.ts) hold them.
 */
import { createHash } from 'node:crypto';

/** What `## [x.y.z] - YYYY-MM-DD` headings of a Keep a Changelog file say. */
export interface ChangelogState {
  /** The newest released version (the first heading after [Unreleased]), if any. */
  newest?: string;
  /** Its date, as written. */
  date?: string;
  /** Entries still under [Unreleased]: a release moves them under its version first. */
  unreleased: string[];
}

/** The newest released version of a Keep a Changelog 1.1.0 file, its date, and what [Unreleased] still lists. */
export function readChangelog(markdown: string): ChangelogState {
  const sections = markdown.split(/^## /m).slice(1);
  const unreleasedSection = sections.find((section) => /^\[Unreleased\]/i.test(section)) ?? '';
  const unreleased = unreleasedSection.split('\n').filter((line) => /^\s*[-*] /.test(line));
  for (const section of sections) {
    const heading = /^\[(\d+(?:\.\d+){0,3})\] - ([^\n]*\S)/.exec(section);
    if (heading) return { newest: heading[1], date: heading[2], unreleased };
  }
  return { unreleased };
}

/** Sentences for the changelog's problems before a release of `version`: none when it is ready. */
export function changelogProblems(state: ChangelogState, version: string): string[] {
  const problems: string[] = [];
  if (state.newest !== version) problems.push(`CHANGELOG.md: the newest entry is ${state.newest ?? 'missing'}, not ${version}: add "## [${version}] - YYYY-MM-DD"`);
  if (state.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(state.date)) problems.push(`CHANGELOG.md: the date of ${state.newest} is "${state.date}", not YYYY-MM-DD`);
  if (state.unreleased.length > 0) problems.push(`CHANGELOG.md: [Unreleased] still lists ${state.unreleased.length} change(s): move them under ## [${version}]`);
  return problems;
}

/** One sentence per place whose version is not `expected` (a missing one included). */
export function versionDisagreements(expected: string, found: Record<string, string | undefined>): string[] {
  return Object.entries(found)
    .filter(([, version]) => version !== expected)
    .map(([place, version]) => `${place} says ${version ?? 'no version'}, package.json says ${expected}`);
}

/** The exact Node and npm versions the "Build from source" section of the build instructions names. */
export function readBuildTools(markdown: string): { node?: string; npm?: string } {
  const section = /^## Build from source\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown)?.[1] ?? '';
  const node = /\bNode(?:\.js)? (\d+\.\d+\.\d+)\b/.exec(section)?.[1];
  const npm = /\bnpm (\d+\.\d+\.\d+)\b/.exec(section)?.[1];
  return { ...(node ? { node } : {}), ...(npm ? { npm } : {}) };
}

/**
 * Sentences for each tool whose version differs from what the build
 * instructions promise: a reviewer is told to build with exactly those, so the
 * release is made, and its rebuild proven, with them too.
 */
export function buildToolProblems(promised: { node?: string; npm?: string }, running: { node: string; npm: string }, file: string): string[] {
  return (['node', 'npm'] as const).flatMap((tool) => {
    if (!promised[tool]) return [`${file}: "## Build from source" names no exact ${tool} version (x.y.z)`];
    if (promised[tool] !== running[tool])
      return [`${file} tells reviewers ${tool} ${promised[tool]}; this is ${tool} ${running[tool]}: release with ${promised[tool]}, or write the versions you rebuild with there`];
    return [];
  });
}

/** The SHA-256 of some bytes, in lowercase hex. */
function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A `SHA256SUMS` file, one line a file as `sha256sum` writes it (hash, two spaces, name), sorted by name: `sha256sum -c` checks it. */
export function formatSha256Sums(files: readonly { name: string; bytes: Uint8Array }[]): string {
  return files
    .toSorted((a, b) => (a.name < b.name ? -1 : 1))
    .map(({ name, bytes }) => `${sha256(bytes)}  ${name}\n`)
    .join('');
}

/** The release's files, by what each store takes. */
export interface Artifacts {
  chrome: string;
  firefox: string;
  sources: string;
  sums: string;
}

/** What to upload where, in order: the script publishes nothing. */
export function uploadSteps(version: string, files: Artifacts): string[] {
  return [
    `Chrome Web Store (https://chrome.google.com/webstore/devconsole): the item › Package › Upload new package: ${files.chrome}`,
    `Microsoft Edge Add-ons (https://partner.microsoft.com/dashboard/microsoftedge/overview): the extension › Packages › Replace: ${files.chrome} (the same file)`,
    `addons.mozilla.org (https://addons.mozilla.org/developers/addons): the add-on › Upload New Version: ${files.firefox}; "Do you need to submit source code?" Yes (the build is minified): ${files.sources}; Release notes: the ${version} section of CHANGELOG.md`,
    `Tag the commit (git tag -a v${version} -m "Takedown Reporter ${version}"; git push origin v${version}) and attach the three zips and ${files.sums} to its release; anyone checks them with: sha256sum -c SHA256SUMS`,
  ];
}
