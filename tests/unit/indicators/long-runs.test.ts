import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkIndicator } from '@/utils/indicators/check';
import { findIndicators } from '@/utils/indicators/find';
import { refang } from '@/utils/indicators/refang';
import { unwrapSafeLink } from '@/utils/indicators/safe-links';
import { longRun, millisecondsFor, mixedRuns, UNITS } from '../long-runs';

// Every reader of outside input runs in time linear in it (issue 38). A
// pattern that tries each position of a run to its end takes minutes on these
// runs (16,000 characters took 3.8 s, 100,000 take about 150 s); read in
// linear time the slowest takes a tenth of its ceiling. Each ceiling is 10× the
// slowest run measured on a developer's machine, 2 s at least (in the full
// suite, on two cores busy with other builds, one run took 15× its time alone):
// not a budget, a guard against a pattern gone quadratic.

const LENGTH = 100_000;

describe.each<[string, (text: string) => unknown, number]>([
  // Slowest: "a.b@" (435 ms), 25,000 addresses each checked.
  ['findIndicators', (text) => findIndicators(text), 4_500],
  ['refang', refang, 2_000],
  ['checkIndicator', (text) => checkIndicator(text), 2_000],
  ['unwrapSafeLink (URL Defense v3)', (text) => unwrapSafeLink(`https://urldefense.com/v3/__https://${text}`), 2_000],
  ['unwrapSafeLink (URL Defense v1)', (text) => unwrapSafeLink(`https://urldefense.proofpoint.com/v1/url?u=${text}`), 2_000],
])('%s over a 100,000-character run', (_name, read, ceilingMs) => {
  it.each(UNITS)('of %j stays under its ceiling', (unit) => {
    expect(millisecondsFor(read, longRun(unit, LENGTH))).toBeLessThan(ceilingMs);
  });

  it('of runs mixed at random stays under its ceiling', () => {
    fc.assert(
      fc.property(mixedRuns(LENGTH), (text) => millisecondsFor(read, text) < ceilingMs),
      { numRuns: 5 },
    );
  });
});

describe('findIndicators over the issue’s case', () => {
  it('reads a 1 MB base64 line with an address after it, and finds the address', () => {
    const text = `${longRun('iVBORw0KGgoAAAANSUhEUgAAA+/', 1_000_000)}\nWrite to refunds@acme-billing.example.com`;
    let found: ReturnType<typeof findIndicators> = [];
    // 10× the 480 ms measured.
    expect(millisecondsFor(() => (found = findIndicators(text)), text)).toBeLessThan(4_800);
    expect(found.map(({ check }) => check.ok && check.indicator.value)).toContain('refunds@acme-billing.example.com');
  });
});
