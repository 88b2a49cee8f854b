import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiWith, json, rejectionOf } from './stub-fetch';
import { KEY_REMOVED } from '@/utils/api/request';
import { extractServerMessage } from '@/utils/api/server-message';
import { toApiErrorInfo } from '@/utils/api';

const KEY = 'key-123';

/** Every piece of the key at least 4 characters long. */
function keyPieces(key: string): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < key.length; start += 1) {
    for (let end = start + 4; end <= key.length; end += 1) pieces.push(key.slice(start, end));
  }
  return pieces;
}

describe('the key is removed before a long message is cut', () => {
  it('a key across the 300-character cut leaves none of its characters', () => {
    const key = 'K3y-abcdefghijklmnop';
    // The key starts 5 characters before the cut.
    const message = `${'x'.repeat(294)} ${key} and more text after it`;

    const words = extractServerMessage({ message }, JSON.stringify({ message }), key);

    expect(words).toBe(`${'x'.repeat(294)} ${KEY_REMOVED.slice(0, 4)}…`);
    expect(words?.includes('K3y-')).toBe(false);
  });

  it('property: no piece of the key of 4 characters or more survives, wherever it stands', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9]{16,40}$/),
        fc.string({ maxLength: 400 }),
        fc.string({ maxLength: 400 }),
        fc.constantFrom('message', 'error', 'detail', 'plain', 'array'),
        (key, before, after, shape) => {
          const text = `${before}${key}${after}`;
          const body = shape === 'plain' ? undefined : shape === 'array' ? { errors: [before, `${key}${after}`] } : { [shape]: text };
          const words = extractServerMessage(body, body === undefined ? text : JSON.stringify(body), key) ?? '';
          for (const piece of keyPieces(key)) {
            // A piece may stand in the words by chance, never as more of the key than the rest of the text had.
            if (!`${before}${after}`.includes(piece)) expect(words.includes(piece)).toBe(false);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('through the client: the 4xx message a page gets carries no piece of the key', async () => {
    const message = `${'y'.repeat(296)}${KEY}`;
    const { api } = apiWith(() => json({ message }, { status: 400 }));

    const info = toApiErrorInfo(await rejectionOf(api.whoami()));

    expect(info.serverMessage).toBe(`${'y'.repeat(296)}[AP…`);
    expect(info.serverMessage?.includes('key-')).toBe(false);
  });
});
