import fc from 'fast-check';

// Long runs of the characters that make a backtracking pattern try each
// position of a run to its end (issue 38: a base64 image pasted into a text
// part, 57,802 characters without a blank, stopped the reading): each class
// alone, and the short units that make a name, an address or a URL go on.

/** One character class, or a short unit of several, to repeat. */
export const UNITS = [
  // One class alone.
  'a',
  'Z',
  '1',
  '.',
  '-',
  '@',
  '%',
  '+',
  '_',
  ':',
  '/',
  ' ',
  '"',
  '\\',
  '=',
  ';',
  '(',
  '[',
  '<',
  '&',
  '*',
  '!',
  '\n',
  'é',
  'ж',
  // Units that make a name, an address, a URL or a header value go on.
  'a.',
  'a@',
  'a-',
  'a+',
  'a=',
  'a ',
  '1.',
  '1 ',
  '1-',
  '. ',
  ' [',
  '[.]',
  'a.b@',
  'aé',
  'ab1.',
  '"\\',
  '&u=',
  '__;',
  'x://',
  // A base64 line, the case; and phone-shaped runs for libphonenumber-js.
  'QUJDRGVmZ2hpams0NTY3Kz8v+/',
  '1 1 1 1 a',
  '+31 6 1234 5678 ',
];

/** `unit` repeated to `length` characters, then a snowman: neither a name's character nor punctuation nor a blank, it ends the run so that a pattern waiting for either reads to its end. */
export function longRun(unit: string, length: number): string {
  return `${unit.repeat(Math.ceil(length / unit.length)).slice(0, length)}\u2603`;
}

/** Runs of units mixed at random, with blanks between some: what fast-check adds to the fixed runs. */
export function mixedRuns(length: number): fc.Arbitrary<string> {
  const run = fc.tuple(fc.constantFrom(...UNITS), fc.integer({ min: 1, max: length / 4 })).map(([unit, size]) => longRun(unit, size).slice(0, -1));
  return fc.array(run, { minLength: 1, maxLength: 8 }).map((runs) => runs.join('').slice(0, length));
}

/**
 * The milliseconds of CPU this test process spends in `read` over `text`: on
 * a busy machine other processes stretch the wall clock, not this (issue 39:
 * a mixed run passed its 2 s ceiling beside two busy processes).
 */
export function millisecondsFor(read: (text: string) => unknown, text: string): number {
  const started = process.cpuUsage();
  read(text);
  const spent = process.cpuUsage(started);
  return (spent.user + spent.system) / 1000;
}
