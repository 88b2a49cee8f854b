import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extensionIdFrom } from '../../bench/extension-id.ts';
import { formatPeerTable, peerRows, rotate, roundsAhead, type PeerPage, type Round } from '../../bench/peers-figures.ts';

const PAGES: PeerPage[] = [
  { id: 'ours', label: 'Ours', reference: 'empty', ours: true },
  { id: 'peer', label: 'Peer', reference: 'empty' },
  { id: 'empty', label: 'Empty' },
];

const ROUNDS: Round[] = [
  { ours: 100, peer: 300, empty: 50 },
  { ours: 120, peer: 110, empty: 60 },
  { ours: 90, peer: 200, empty: 40 },
];

describe('rotate', () => {
  it.each([
    [0, ['a', 'b', 'c']],
    [1, ['b', 'c', 'a']],
    [2, ['c', 'a', 'b']],
    [3, ['a', 'b', 'c']],
    [14, ['c', 'a', 'b']],
  ])('round %i opens %j', (round, order) => {
    expect(rotate(['a', 'b', 'c'], round)).toEqual(order);
  });

  it('puts every page first equally often over as many rounds as pages', () => {
    const firsts = [0, 1, 2, 3, 4, 5].map((round) => rotate(['a', 'b', 'c', 'd', 'e', 'f'], round)[0]);
    expect(new Set(firsts).size).toBe(6);
  });
});

describe('roundsAhead', () => {
  it('counts the rounds where ours was ready sooner, a tie not counting', () => {
    expect(roundsAhead(ROUNDS, 'ours', 'peer')).toBe(2);
    expect(roundsAhead([{ ours: 100, peer: 100 }], 'ours', 'peer')).toBe(0);
  });
});

describe('peerRows', () => {
  it('gives each page its median, its ratio to its empty page, and for a peer the rounds ours was ahead', () => {
    const rows = peerRows(PAGES, ROUNDS);
    expect(rows.map((row) => [row.id, row.stats.median, row.ratio, row.oursAhead])).toEqual([
      ['ours', 100, 2, {}],
      ['peer', 200, 4, { ours: 2 }],
      ['empty', 50, null, {}],
    ]);
  });

  it('refuses a round that lacks a page', () => {
    expect(() => peerRows(PAGES, [{ ours: 1, empty: 1 }])).toThrow('Round 1 has no figure for peer');
  });

  it('prints the table docs/performance.md shows', () => {
    expect(formatPeerTable(peerRows(PAGES, ROUNDS), PAGES, ROUNDS.length).split('\n')).toEqual([
      '| Page | Ready, median ms (min–max) | × its empty page | Ours faster in |',
      '| --- | --- | --- | --- |',
      '| Ours | 100 (90–120) | 2.00× | — |',
      '| Peer | 200 (110–300) | 4.00× | 2 of 3 |',
      '| Empty | 50 (40–60) | 1 (the floor) | — |',
    ]);
  });
});

describe('extensionIdFrom', () => {
  it("gives Nighthawk's public key its Chrome Web Store id", () => {
    const key =
      'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAgYr9nz/1W3Q+LHFEikRWKEnBBOEzbtqadG9VbWlQZgW0r8VsOdOZSpQ2YHNN2bzMhrumte2u+mkWN9DcL49cTQLqJy9BJFm4mQGxoyeQavOnhgGOBYNqZDsayC0BwwetKSgf1CTGeVuf28x/S3uzQOoXZD/yVBeanZ0DLs8+tZ6Un2V03s5EKLbqbWc1xpZKA3v2aORXQ+qIVLNfKD8L1LNRb1kCAtR3nsNEFjT392y5mHM5MvrHF3GecRXWoQe7TPlnsnWc+u2jmianYMfihcqN4O893VIoupcAFaZVhIbmzW0BQpErrkra00Jr5trR5AzPLDo/K+XVaEelTx62uwIDAQAB';
    expect(extensionIdFrom(key, '/unused')).toBe('bdiohckpogchppdldbckcdjlklanhkfc');
  });

  it('gives two unpacked folders without a key two ids of 32 letters a–p', () => {
    const [first, second] = [mkdtempSync(path.join(tmpdir(), 'peer-id-')), mkdtempSync(path.join(tmpdir(), 'peer-id-'))];
    try {
      expect(extensionIdFrom(undefined, first)).toMatch(/^[a-p]{32}$/);
      expect(extensionIdFrom(undefined, first)).not.toBe(extensionIdFrom(undefined, second));
    } finally {
      rmSync(first, { recursive: true });
      rmSync(second, { recursive: true });
    }
  });
});
