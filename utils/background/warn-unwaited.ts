// Work the service worker starts that no user waits on (an alarm, a badge, a
// tidy-up): a rejection would vanish with a bare `void` (issue 39). It is
// logged instead, with what failed and why it is safe to go on, so a bug
// report's console says it; a user who waits is told by the caller instead.

/** A catch handler that logs `what` failed and why going on is safe (`safeBecause`). */
export function warnUnwaited(what: string, safeBecause: string): (error: unknown) => void {
  return (error) => console.warn(`${what} failed; going on, ${safeBecause}.`, error);
}
