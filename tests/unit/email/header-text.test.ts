import { describe, expect, it } from 'vitest';
import { withoutComments } from '@/utils/email/header-text';

describe('withoutComments', () => {
  it.each<[string, string]>([
    ['a (b) c', 'a   c'],
    ['a (b (c) d) e', 'a   e'],
    ['a "(not a comment)" b', 'a "(not a comment)" b'],
    ['a (escaped \\) paren) b', 'a   b'],
    ['a "quoted \\" quote" (c) b', 'a "quoted \\" quote"   b'],
    ['a (unclosed', 'a '],
    // A quoted pair outside quotes and comments is two characters; a ')' that closes nothing is one.
    ['a\\(b) c', 'a\\  c'],
    ['a) b', 'a) b'],
    ['a "x (y)" b', 'a "x (y)" b'],
    ['a "b\\', 'a "b\\'],
  ])('%j', (text, expected) => {
    expect(withoutComments(text)).toBe(expected);
  });
});
