import type { CDPSession, Page } from '@playwright/test';

// A page call that never answers ends a test in its timeout, saying only that
// the page was closed when the test was torn down. This says instead where the
// page was: the script its main thread was running, or that it was running
// none (waiting on the browser: a frame, an event).

/** Waits `ms`, then answers `value`. */
const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(resolve, ms, value));

/** Where the page's main thread is: the script frames it runs (top first), or null when it runs none. */
async function pausedStack(session: CDPSession): Promise<string[] | null> {
  const paused = new Promise<string[]>((resolve) =>
    session.once('Debugger.paused', ({ callFrames }) =>
      resolve(callFrames.map(({ functionName, url, location }) => `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '')}:${location.lineNumber + 1}:${(location.columnNumber ?? 0) + 1}`)),
    ),
  );
  await session.send('Debugger.pause');
  // A thread running script stops at its next statement; an idle one only once some script runs.
  const stack = await Promise.race([paused, after(2_000, null)]);
  await session.send('Debugger.resume').catch(() => undefined);
  return stack;
}

/**
 * `call()` (a `page.evaluate`), or, when it has not answered in `ms`, an
 * error saying what the page's main thread was doing then. The debugger is
 * attached before the call: a thread busy in a loop answers no command until
 * it is paused, not even the one that attaches the debugger.
 */
export async function answeredWithin<T>(page: Page, call: () => Promise<T>, ms: number, what: string): Promise<T> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('Debugger.enable');
    const answer = call();
    const first = await Promise.race([answer, after(ms, 'late' as const)]);
    if (first !== 'late') return first;
    answer.catch(() => undefined);
    const stack = await Promise.race([pausedStack(session), after(5_000, ['(the debugger did not answer in 5 s)'])]).catch((error: unknown) => [`(the debugger failed: ${String(error)})`]);
    throw new Error(
      stack
        ? `${what}: no answer in ${ms / 1000} s; the page's main thread was running:\n  ${stack.join('\n  ')}`
        : `${what}: no answer in ${ms / 1000} s; the page's main thread was running no script (waiting on the browser).`,
    );
  } finally {
    await session.detach().catch(() => undefined);
  }
}
