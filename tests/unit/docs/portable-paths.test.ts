import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The documents a reader follows in their own clone. */
function documents(): string[] {
  const docs = readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name));
  const top = readdirSync('.').filter((name) => name.endsWith('.md'));
  return [...top, ...docs];
}

/** Paths that exist on one machine only: a reader's clone is elsewhere. */
function machinePaths(text: string): string[] {
  return [...text.matchAll(/(?<![\w.])\/(?:work|tmp|home|root|Users)\/[\w.+-]*/g)].map((match) => match[0]);
}

describe('machinePaths', () => {
  it.each([
    ['git clone /work/main /tmp/ci-clone', ['/work/main', '/tmp/ci-clone']],
    ['see /home/alice/x and /Users/bob', ['/home/alice', '/Users/bob']],
    ['/root/.cache', ['/root/.cache']],
    ['git clone . ../ci-clone', []],
    ['https://api.example.com/work/items', []],
    ['/etc/chromium/policies/managed', []],
  ])('%s', (text, found) => {
    expect(machinePaths(text)).toEqual(found);
  });
});

describe('the documents', () => {
  it.each(documents())('%s names no path of one machine', (file) => {
    expect(machinePaths(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
