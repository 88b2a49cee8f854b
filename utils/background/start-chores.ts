// The worker's start path (issue 43, cold start): a stopped worker is woken by
// a page's call, and answers it only after its start. What the start owes but
// the first answer does not need (recovering the outbox, resending what
// waited, the refresh alarm, the organisation's policy, the navigation
// keeper's state) is held here until that answer is out, so that none of its
// storage and database work queues before the answer's own reads.

/** How long a worker woken by something other than a page's call (an alarm, a menu, a navigation) waits before its start chores. */
const CHORES_DELAY_MS = 1_000;

/** Work the worker's start owes, run once the first answer is out. */
export interface StartChores {
  /** Runs `chore` when the chores run, or at once if they ran already. */
  add(chore: () => void): void;
  /** The first answer is out (or nothing waits for one): run every chore held. */
  run(): void;
}

/** No holding: each chore runs as it is added (a service started alone: the tests). */
export const CHORES_AT_ONCE: StartChores = { add: (chore) => chore(), run: () => {} };

/** Holds the start chores until `run` (the first page call answered), or `delayMs` passed without it. */
export function holdStartChores(delayMs = CHORES_DELAY_MS): StartChores {
  let held: (() => void)[] | undefined = [];
  const run = () => {
    const due = held;
    held = undefined;
    clearTimeout(timer);
    due?.forEach((chore) => chore());
  };
  const timer = setTimeout(run, delayMs);
  return { add: (chore) => (held ? held.push(chore) : chore()), run };
}
