import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { reportRowsCsv } from '@/components/my-reports/report-rows-csv';
import type { ReportRow } from '@/components/my-reports/report-rows';
import { resultsCsv, type ResultRow } from '@/utils/drafts/bulk';

// What a spreadsheet opening either export reads in a cell: never a formula,
// whatever follows its first character (issue 39).

const CELLS: [string, string][] = [
  ['=HYPERLINK("https://evil.example","Click")\n', `'=HYPERLINK("https://evil.example","Click")\n`],
  ['=1+1\r\nsecond line', `'=1+1\r\nsecond line`],
  ['+cmd|"/c calc"!A1\nmore', `'+cmd|"/c calc"!A1\nmore`],
  ['-2+3\n', `'-2+3\n`],
  ['@SUM(A1:A2)\n', `'@SUM(A1:A2)\n`],
  ['\t=1+1', `'\t=1+1`],
  ['\r=1+1', `'\r=1+1`],
  ['\n=HYPERLINK("https://evil.example")', `'\n=HYPERLINK("https://evil.example")`],
  ['=', `'=`],
  // A phone and a negative number are quoted too (OWASP): they still read as written after the quote.
  ['+442079460958', `'+442079460958`],
  ['-42', `'-42`],
  // Cells that must stay as they are.
  ['https://evil.example/login?a=1\n=2', 'https://evil.example/login?a=1\n=2'],
  ['scam@fraud.example', 'scam@fraud.example'],
  [' =1+1', ' =1+1'],
  ["'quoted already", "'quoted already"],
  ['', ''],
];

const resultRow = (indicator: string, message: string): ResultRow => ({
  indicator,
  type: 'url',
  action: 'tkd',
  result: 'sent',
  incidentId: 'inc_1',
  incidentStatus: 'Closed',
  dashboardUrl: '',
  message,
});

const reportRow = (subject: string, status: string): ReportRow => ({ key: 'r', subject, labels: { status } }) as unknown as ReportRow;

describe('a cell of either CSV export', () => {
  it.each(CELLS)('the review window’s results: %j is read as %j', (cell, read) => {
    const [, line] = Papa.parse<string[]>(resultsCsv([resultRow(cell, cell)])).data;
    expect(line![0]).toBe(read);
    expect(line![7]).toBe(read);
  });

  it.each(CELLS)('My reports: %j is read as %j', (cell, read) => {
    const [, line] = Papa.parse<string[]>(reportRowsCsv([reportRow(cell, cell)], () => '')).data;
    expect(line![0]).toBe(read);
    expect(line![2]).toBe(read);
  });
});
