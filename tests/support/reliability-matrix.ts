import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The fault matrix in docs/reliability.md, written by the end-to-end tests
// (tests/e2e/fault-matrix.spec.ts). Each test writes its rows to
// test-results/fault-matrix/<kind>.json; Playwright's global teardown
// (tests/support/fault-matrix-teardown.ts) composes the table and checks the
// committed one, or rewrites it with UPDATE_RELIABILITY=1.

/** One cell of the matrix: a fault, a kind of report, and what held. */
export interface MatrixRow {
  fault: string;
  /** `JSON` or `multipart`. */
  kind: string;
  /** POSTs the sandbox received without a user action. */
  posts: number;
  /** The state the report ended in on its own. */
  state: string;
  /** Its files (with their bytes) still stored. */
  evidenceKept: boolean;
  /** The key found anywhere but its own storage item or in a log line. */
  keyLeaked: boolean;
  /** After the user's Check or Send again (or '—' when none was needed). */
  afterUser: string;
}

export const RESULTS_DIR = 'test-results/fault-matrix';
export const DOC = 'docs/reliability.md';
const START = '<!-- fault-matrix:start -->';
const END = '<!-- fault-matrix:end -->';

/** The matrix as a Markdown table, rows in the order given (faults as the spec lists them, JSON before multipart). */
export function renderMatrix(rows: readonly MatrixRow[]): string {
  const yes = (value: boolean) => (value ? 'yes' : 'no');
  const lines = [
    '| Fault | Report | POSTs without the user | Ended as | Evidence kept | Key leaked | After the user’s Check / Send again |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row.fault} | ${row.kind} | ${row.posts} | ${row.state} | ${yes(row.evidenceKept)} | ${yes(row.keyLeaked)} | ${row.afterUser} |`),
  ];
  const held = rows.filter((row) => row.posts <= 1 && row.evidenceKept && !row.keyLeaked).length;
  return `${lines.join('\n')}\n\n${held} of ${rows.length} cells held: at most one POST without the user, the evidence kept, the key nowhere else.`;
}

/** `doc` with the text between the markers replaced by `table`; null when the markers are missing. */
export function replaceSection(doc: string, table: string): string | null {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1 || end < start) return null;
  return `${doc.slice(0, start + START.length)}\n${table}\n${doc.slice(end)}`;
}

/** Rows the tests wrote, ordered by the faults' order and then kind; null when a kind is missing (a partial run). */
export function collectRows(dir: string, kinds: readonly string[], faults: readonly string[]): MatrixRow[] | null {
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  const rows = files.flatMap((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as MatrixRow[]);
  if (!kinds.every((kind) => rows.some((row) => row.kind === kind))) return null;
  const rank = (row: MatrixRow) => faults.indexOf(row.fault) * kinds.length + kinds.indexOf(row.kind);
  return rows.toSorted((a, b) => rank(a) - rank(b));
}

/** Writes one test's rows. */
export function writeRows(dir: string, name: string, rows: readonly MatrixRow[]): void {
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(rows, null, 2));
}
