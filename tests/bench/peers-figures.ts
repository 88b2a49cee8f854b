import { summarize, type Stats } from './budgets.ts';

// What `npm run bench:peers` makes of its rounds (issue 43): each page's
// median, its ratio to the empty page opened the same way, and in how many
// rounds ours was faster than each peer. Pure: tests/unit/bench/peers-figures.test.ts.

/** A page measured in every round. `reference` is the empty page opened the same way (popup or tab); `ours` marks our own pages. */
export interface PeerPage {
  id: string;
  label: string;
  reference?: string;
  ours?: boolean;
}

/** One round: milliseconds to ready per page id. */
export type Round = Record<string, number>;

/** One page's line of the table. */
export interface PeerRow {
  id: string;
  label: string;
  stats: Stats;
  /** Its median over its empty page's median, or null for an empty page itself. */
  ratio: number | null;
  /** For a peer: in how many rounds each of our pages (by id) was faster. */
  oursAhead: Record<string, number>;
}

/** The pages in the order round `round` opens them: rotated by one each round, so that no page always comes first or after the same one. */
export function rotate<T>(items: readonly T[], round: number): T[] {
  const shift = ((round % items.length) + items.length) % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

/** In how many rounds page `ours` was ready sooner than page `peer`. */
export function roundsAhead(rounds: readonly Round[], ours: string, peer: string): number {
  return rounds.filter((round) => round[ours]! < round[peer]!).length;
}

/** The samples of one page across the rounds; a round without it is a bug in the bench. */
function samplesOf(rounds: readonly Round[], id: string): number[] {
  return rounds.map((round, index) => {
    const ms = round[id];
    if (ms === undefined || !Number.isFinite(ms)) throw new Error(`Round ${index + 1} has no figure for ${id}.`);
    return ms;
  });
}

/** The table's rows: every page's median (min–max), its ratio to its empty page, and, for peers, the rounds each of ours was ahead. */
export function peerRows(pages: readonly PeerPage[], rounds: readonly Round[]): PeerRow[] {
  const stats = new Map(pages.map((page) => [page.id, summarize(samplesOf(rounds, page.id))]));
  const ours = pages.filter((page) => page.ours);
  return pages.map((page) => {
    const own = stats.get(page.id)!;
    const reference = page.reference === undefined ? undefined : stats.get(page.reference);
    const isPeer = !page.ours && page.reference !== undefined;
    return {
      id: page.id,
      label: page.label,
      stats: own,
      ratio: reference ? own.median / reference.median : null,
      oursAhead: isPeer ? Object.fromEntries(ours.map((mine) => [mine.id, roundsAhead(rounds, mine.id, page.id)])) : {},
    };
  });
}

const ms = (value: number): string => `${Math.round(value)}`;

/** The rows as the markdown table of docs/performance.md › Peers. */
export function formatPeerTable(rows: readonly PeerRow[], pages: readonly PeerPage[], roundCount: number): string {
  const ours = pages.filter((page) => page.ours);
  const head = ['Page', 'Ready, median ms (min–max)', '× its empty page', ...ours.map((page) => `${page.label} faster in`)];
  const lines = rows.map((row) => {
    const ahead = ours.map((page) => (page.id in row.oursAhead ? `${row.oursAhead[page.id]} of ${roundCount}` : '—'));
    const ratio = row.ratio === null ? '1 (the floor)' : `${row.ratio.toFixed(2)}×`;
    return [row.label, `${ms(row.stats.median)} (${ms(row.stats.min)}–${ms(row.stats.max)})`, ratio, ...ahead];
  });
  return [head, head.map(() => '---'), ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
