// The figures `npm run bench` reports and the rule each is held to (issue 10).
// Pure: no browser, no file system; tests/unit/bench/budgets.test.ts checks it.

/** The median, min and max of repeated runs. */
export interface Stats {
  median: number;
  min: number;
  max: number;
  runs: number;
}

/**
 * How a figure is judged against its limit (measured in the same run) or a
 * fixed value. `ratio`: at most `factor` × the limit's median, and under
 * `under` when given; `plus`: at most the limit's median plus `extra`;
 * `max`: at most `value`.
 */
export type Budget = { kind: 'ratio'; factor: number; under?: number } | { kind: 'plus'; extra: number } | { kind: 'max'; value: number } | { kind: 'none' };

export type Unit = 'ms' | 'KB' | 'MB' | 'requests' | 'scripts';

/** One measured figure, beside its limit when it has one. */
export interface Figure {
  id: string;
  /** The issue's numbered item it belongs to, e.g. "1. Report latency". */
  group: string;
  label: string;
  unit: Unit;
  value: Stats;
  limit?: Stats;
  /** What the limit is, e.g. "captureVisibleTab + executeScript + fetch". */
  limitLabel?: string;
  budget: Budget;
  /** Anything a reader needs to read the figure right. */
  note?: string;
}

/** A figure with its verdict: the most its budget allows and whether it holds. Figures without a budget always hold. */
export interface Verdict extends Figure {
  allowed: number | null;
  holds: boolean;
}

/** The median (mean of the middle two for an even count), min and max of `samples`. */
export function summarize(samples: readonly number[]): Stats {
  if (samples.length === 0) throw new Error('No samples to summarize.');
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: sorted.length };
}

/** A figure measured once (a size, a count): its median, min and max are the value. */
export function single(value: number): Stats {
  return { median: value, min: value, max: value, runs: 1 };
}

/** The most the budget allows this figure, or null when it has no budget. */
export function allowedFor(budget: Budget, limit?: Stats): number | null {
  switch (budget.kind) {
    case 'none':
      return null;
    case 'max':
      return budget.value;
    case 'ratio': {
      if (!limit) throw new Error('A ratio budget needs a limit measured in the same run.');
      const byRatio = limit.median * budget.factor;
      return budget.under === undefined ? byRatio : Math.min(byRatio, budget.under);
    }
    case 'plus':
      if (!limit) throw new Error('A plus budget needs a limit measured in the same run.');
      return limit.median + budget.extra;
  }
}

/**
 * Judges a figure by its median. A strict "under" (popup under 100 ms) is
 * judged strictly; everything else may equal what it is allowed.
 */
export function judge(figure: Figure): Verdict {
  const allowed = allowedFor(figure.budget, figure.limit);
  if (allowed === null) return { ...figure, allowed, holds: true };
  const strict = figure.budget.kind === 'ratio' && figure.budget.under !== undefined && allowed === figure.budget.under;
  const holds = strict ? figure.value.median < allowed : figure.value.median <= allowed;
  return { ...figure, allowed, holds };
}

/** The benchmark's last line: whether every budget holds, else which do not. */
export function summaryLine(verdicts: readonly Verdict[]): string {
  const checked = verdicts.filter((verdict) => verdict.allowed !== null);
  const failing = checked.filter((verdict) => !verdict.holds);
  if (failing.length === 0) return `All ${checked.length} budgets hold.`;
  const names = failing.map((verdict) => `${verdict.label} (${formatValue(verdict.value.median, verdict.unit)} > ${formatValue(verdict.allowed!, verdict.unit)})`);
  return `${failing.length} of ${checked.length} budgets do not hold: ${names.join('; ')}.`;
}

/** A value with its unit, rounded for reading: 1 decimal under 10, whole numbers above. */
export function formatValue(value: number, unit: Unit): string {
  const rounded = Math.abs(value) < 10 && unit !== 'requests' && unit !== 'scripts' ? value.toFixed(1) : Math.round(value).toLocaleString('en-US');
  return `${rounded} ${unit}`;
}

/** The budget in words, e.g. "≤ 1.3 × limit" or "≤ limit + 50 ms". */
export function describeBudget(budget: Budget, unit: Unit): string {
  switch (budget.kind) {
    case 'none':
      return '—';
    case 'max':
      return `≤ ${formatValue(budget.value, unit)}`;
    case 'ratio':
      return `≤ ${budget.factor} × limit${budget.under === undefined ? '' : `, < ${formatValue(budget.under, unit)}`}`;
    case 'plus':
      return `≤ limit + ${formatValue(budget.extra, unit)}`;
  }
}
