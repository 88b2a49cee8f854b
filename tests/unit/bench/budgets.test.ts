import { describe, expect, it } from 'vitest';
import { allowedFor, judge, single, summarize, summaryLine, type Budget, type Figure } from '../../bench/budgets.ts';
import { escapeXml, renderChart } from '../../bench/chart.ts';

function figure(median: number, budget: Budget, limitMedian?: number): Figure {
  return {
    id: 'f',
    group: '1. Report latency',
    label: 'Report latency',
    unit: 'ms',
    value: { median, min: median - 1, max: median + 1, runs: 20 },
    budget,
    ...(limitMedian === undefined ? {} : { limit: { median: limitMedian, min: limitMedian, max: limitMedian, runs: 20 } }),
  };
}

describe('summarize', () => {
  it.each([
    [[3, 1, 2], { median: 2, min: 1, max: 3, runs: 3 }],
    [[4, 1, 3, 2], { median: 2.5, min: 1, max: 4, runs: 4 }],
    [[7], { median: 7, min: 7, max: 7, runs: 1 }],
  ])('%j → %j', (samples, stats) => {
    expect(summarize(samples)).toEqual(stats);
  });

  it('refuses no samples', () => {
    expect(() => summarize([])).toThrow('No samples');
  });
});

describe('budgets', () => {
  it.each<[string, Budget, number | undefined, number | null]>([
    ['1.3 × the limit', { kind: 'ratio', factor: 1.3 }, 100, 130],
    ['1.5 × the limit', { kind: 'ratio', factor: 1.5 }, 80, 120],
    ['the cap when it is lower', { kind: 'ratio', factor: 1.5, under: 100 }, 80, 100],
    ['1.5 × when it is lower than the cap', { kind: 'ratio', factor: 1.5, under: 100 }, 40, 60],
    ['the limit plus 50 ms', { kind: 'plus', extra: 50 }, 30, 80],
    ['a fixed value', { kind: 'max', value: 40 }, undefined, 40],
    ['nothing without a budget', { kind: 'none' }, undefined, null],
  ])('allows %s', (_name, budget, limit, allowed) => {
    const got = allowedFor(budget, limit === undefined ? undefined : single(limit));
    if (allowed === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(allowed);
  });

  it('needs a limit measured in the same run for ratio and plus budgets', () => {
    expect(() => allowedFor({ kind: 'ratio', factor: 1.3 })).toThrow('same run');
    expect(() => allowedFor({ kind: 'plus', extra: 50 })).toThrow('same run');
  });

  it.each([
    [129, true],
    [130, true],
    [131, false],
  ])('a report latency of %i ms against a 100 ms limit holds: %s', (median, holds) => {
    expect(judge(figure(median, { kind: 'ratio', factor: 1.3 }, 100)).holds).toBe(holds);
  });

  it('judges "under 100 ms" strictly, and 1.5 × the limit inclusively', () => {
    expect(judge(figure(100, { kind: 'ratio', factor: 1.5, under: 100 }, 80)).holds).toBe(false);
    expect(judge(figure(99, { kind: 'ratio', factor: 1.5, under: 100 }, 80)).holds).toBe(true);
    expect(judge(figure(60, { kind: 'ratio', factor: 1.5, under: 100 }, 40)).holds).toBe(true);
  });

  it('judges by the median, not the max', () => {
    expect(judge({ ...figure(10, { kind: 'max', value: 40 }), value: { median: 10, min: 1, max: 90, runs: 20 } }).holds).toBe(true);
  });

  it('names every budget that does not hold in the last line', () => {
    const verdicts = [
      judge(figure(120, { kind: 'ratio', factor: 1.3 }, 100)),
      judge({ ...figure(200, { kind: 'max', value: 150 }), label: 'My reports: first render' }),
      judge({ ...figure(5, { kind: 'none' }), label: 'Refresh time' }),
    ];
    expect(summaryLine(verdicts)).toBe('1 of 2 budgets do not hold: My reports: first render (200 ms > 150 ms).');
    expect(summaryLine(verdicts.slice(0, 1))).toBe('All 1 budgets hold.');
  });
});

describe('chart', () => {
  const verdicts = [
    judge(figure(120, { kind: 'ratio', factor: 1.3 }, 100)),
    judge({ ...figure(200, { kind: 'max', value: 150 }), label: 'First render <rows> & "search"' }),
    judge({ ...figure(5, { kind: 'none' }), label: 'Unbudgeted' }),
  ];
  const svg = renderChart(verdicts, 'Run of 2026-01-01');

  it('is one SVG document with a row per budgeted figure', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg.match(/<g>/g)).toHaveLength(2);
    expect(svg).not.toContain('Unbudgeted');
  });

  it('draws the figure green when it holds and red when not, beside its limit and what the budget allows', () => {
    expect(svg).toContain('class="holds"><title>120 ms</title>');
    expect(svg).toContain('class="fails"><title>200 ms</title>');
    expect(svg).toContain('<title>limit 100 ms</title>');
    expect(svg).toContain('120 ms / 130 ms');
    // Two rows and the legend.
    expect(svg.match(/class="allowed"\/>/g)).toHaveLength(3);
  });

  it('escapes the text it shows', () => {
    expect(svg).toContain('First render &#60;rows&#62; &#38; &#34;search&#34;');
    expect(escapeXml(`<a href='x'>`)).toBe('&#60;a href=&#39;x&#39;&#62;');
  });

  it('scales each row to its own largest value: the bar of 120 ms against 130 ms allowed stays inside the plot', () => {
    const width = Number(/class="holds"/.test(svg) && /<rect x="250" y="\d+" width="([\d.]+)" height="12" class="holds"/.exec(svg)![1]);
    expect(width).toBeGreaterThan(0);
    expect(width).toBeLessThanOrEqual(360);
  });
});
