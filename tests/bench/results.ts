import { describeBudget, formatValue, summaryLine, type Verdict } from './budgets.ts';

// The bench's results as one JSON document (docs/bench/latest.json) and as
// the table it prints. Pure: run.ts measures, this only shapes.

/** The machine and browser a run happened on: figures mean little without them. */
export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  browser: string;
  /** 1-minute load average at the start and at the end of the run. */
  loadAverage: { start: number; end: number };
}

/** How a figure grows with N (refresh and memory): one point per N. */
export interface GrowthSeries {
  label: string;
  unit: string;
  points: { n: number; value: number }[];
}

export interface BenchResults {
  ranAt: string;
  machine: Machine;
  runsPerFigure: number;
  figures: Verdict[];
  growth: GrowthSeries[];
  /** Chunks no entrypoint loads before it is usable, gzipped. */
  lazyChunks: { file: string; gzipBytes: number }[];
  summary: string;
}

/** Assembles the results; the summary line is computed here, never by hand. */
export function buildResults(parts: Omit<BenchResults, 'summary'>): BenchResults {
  return { ...parts, summary: summaryLine(parts.figures) };
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

/** The table printed at the end of a run, one line per figure, the summary last. */
export function formatTable(results: BenchResults): string {
  const header = ['Figure', 'Median', 'Min–max', 'Limit (median)', 'Budget', 'Allowed', ''];
  const rows = results.figures.map((figure) => [
    `${figure.group.split('.')[0]}. ${figure.label}`,
    formatValue(figure.value.median, figure.unit),
    figure.value.runs > 1 ? `${formatValue(figure.value.min, figure.unit)}–${formatValue(figure.value.max, figure.unit)}` : '',
    figure.limit ? formatValue(figure.limit.median, figure.unit) : '',
    describeBudget(figure.budget, figure.unit),
    figure.allowed === null ? '' : formatValue(figure.allowed, figure.unit),
    figure.allowed === null ? 'info' : figure.holds ? 'ok' : 'FAIL',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => pad(cell, widths[column]!, column > 0 && column < 4))
      .join('  ')
      .trimEnd();
  const lines = [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)];
  for (const series of results.growth) {
    lines.push(`${series.label}: ${series.points.map((point) => `N=${point.n.toLocaleString('en-US')} ${Math.round(point.value * 10) / 10} ${series.unit}`).join(', ')}`);
  }
  if (results.lazyChunks.length) {
    lines.push(`Lazy chunks (gzip): ${results.lazyChunks.map((chunk) => `${chunk.file} ${(chunk.gzipBytes / 1024).toFixed(1)} KB`).join(', ')}`);
  }
  const { machine } = results;
  lines.push(
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, ${machine.os}; ${machine.browser}; Node ${machine.node}; load ${machine.loadAverage.start} → ${machine.loadAverage.end}`,
  );
  lines.push(results.summary);
  return lines.join('\n');
}
