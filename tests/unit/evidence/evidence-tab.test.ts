import { describe, expect, it } from 'vitest';
import { evidenceTabOf } from '@/utils/evidence/evidence-tab';

const TAB = { id: 7, windowId: 1, url: 'https://phish.example/login', title: 'Sign in' };

describe('evidenceTabOf', () => {
  it.each([
    [undefined, null],
    [{ ...TAB, id: undefined }, null],
    [{ ...TAB, id: -1 }, null],
    [{ ...TAB, windowId: undefined }, null],
    [
      { ...TAB, url: undefined, title: undefined },
      { id: 7, windowId: 1 },
    ],
    [TAB, { id: 7, windowId: 1, url: TAB.url, title: 'Sign in' }],
    [
      { ...TAB, id: 0 },
      { id: 0, windowId: 1, url: TAB.url, title: 'Sign in' },
    ],
  ])('%j → %j', (tab, expected) => {
    expect(evidenceTabOf(tab as never)).toEqual(expected);
  });
});
