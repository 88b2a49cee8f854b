import { readFileSync, writeFileSync } from 'node:fs';
import { FAULTS, KINDS } from '../e2e/fault-matrix-cells.ts';
import { collectRows, DOC, renderMatrix, replaceSection, RESULTS_DIR } from './reliability-matrix.ts';

/**
 * Playwright's global teardown: after a run that included the whole fault
 * matrix, docs/reliability.md must show exactly what it found (or is
 * rewritten, with UPDATE_RELIABILITY=1). A run without the matrix checks
 * nothing.
 */
export default function checkReliabilityDoc(): void {
  const rows = collectRows(
    RESULTS_DIR,
    KINDS,
    FAULTS.map((fault) => fault.name),
  );
  if (!rows) return;
  const doc = readFileSync(DOC, 'utf8');
  const updated = replaceSection(doc, renderMatrix(rows));
  if (updated === null) throw new Error(`${DOC} has no fault-matrix markers.`);
  if (updated === doc) return;
  if (process.env.UPDATE_RELIABILITY === '1') {
    writeFileSync(DOC, updated);
    console.log(`${DOC}: fault matrix rewritten.`);
    return;
  }
  throw new Error(`${DOC} does not show the fault matrix this run found. Run UPDATE_RELIABILITY=1 npx playwright test tests/e2e/fault-matrix.spec.ts and review the change.`);
}
