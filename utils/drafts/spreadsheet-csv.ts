import Papa from 'papaparse';

// Both CSV exports (My reports, the review window's results) write through
// here. papaparse's own escapeFormulae misses a cell that starts with a line
// feed, and one with a line break after its formula (its pattern has no `s`
// flag), so cells are neutralised here before papaparse sees them.

/** First characters a spreadsheet reads as the start of a formula or a hidden one (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r\n]/;

/** The cell with a leading quote when a spreadsheet would run it as a formula, whatever follows; else as it is. */
function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/**
 * The rows as CSV (CRLF lines) with a header, every cell neutralised. A phone
 * `+44…` and a negative number get the quote too, as OWASP says: the exports
 * hold addresses, ids and sentences, never numbers to compute with.
 */
export function spreadsheetCsv(fields: readonly string[], rows: readonly (readonly string[])[]): string {
  // A neutralised cell is quoted, as papaparse quotes the cells it escapes itself.
  const quoted = (cell: unknown) => typeof cell === 'string' && cell.startsWith("'");
  return Papa.unparse({ fields: fields.map(neutraliseFormula), data: rows.map((row) => row.map(neutraliseFormula)) }, { newline: '\r\n', quotes: quoted });
}
