/**
 * A read a page starts before its first render and the hook that needs it
 * takes once. The popup's reads then run side by side instead of each
 * waiting for the render that asks for it, and a read that has arrived by
 * the first render (`peek`) is in it: hooks take promises only in effects,
 * which run after a paint. A hook that finds none started (a second mount,
 * a test) starts its own.
 */
export function earlyRead<T>(read: () => Promise<T>) {
  let started: Promise<T> | undefined;
  let arrived: { value: T } | undefined;
  return {
    /** Starts the read now (with `how` instead of the usual read, if given), unless it is under way. */
    start(how: () => Promise<T> = read): Promise<T> {
      started ??= how().then((value) => {
        arrived = { value };
        return value;
      });
      return started;
    },
    /** The early read's answer, if it has arrived and was not taken yet. */
    peek(): T | undefined {
      return arrived?.value;
    },
    /** The read started early, or a new one; each early read is taken once. */
    take(): Promise<T> {
      const taken = started ?? read();
      started = undefined;
      arrived = undefined;
      return taken;
    },
  };
}

/** The first render waits at most this long for a page's early reads, then shows what it has. */
const FIRST_RENDER_WAIT_MS = 150;

/**
 * Settles when `reads` have, or after FIRST_RENDER_WAIT_MS: a page renders
 * then, its first paint showing what it is for rather than a loading line
 * that the content replaces a frame later (effects, which take the reads,
 * run only after a paint).
 */
export function beforeFirstRender(reads: Promise<unknown>): Promise<void> {
  return Promise.race([
    reads.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ]);
}
