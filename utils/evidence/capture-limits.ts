import type { Problem } from '../problems/kinds';

// The time limit every part of a capture runs under, and how a part given up
// is named. A hostile page (a 50 MB DOM, endless frames, a main thread that
// never yields, a jump to another site) costs its own part, never the report.

/**
 * How long each part of the capture may take (the screenshot with its stamp;
 * the page's snapshot). The parts run at once, so this is also about how long
 * the whole capture can take.
 */
export const CAPTURE_PART_LIMIT_MS = 6_000;

/** A part of the evidence that could not be captured, and why. */
export type CaptureProblem = Extract<Problem, { kind: 'capture_failed' }>;

/** Why a part was given up; undefined: the browser refused it (a browser page, the extension store). */
export type GiveUp = CaptureProblem['reason'];

/** Thrown inside a part to give it up for a known reason. */
export class PartGivenUp extends Error {
  constructor(readonly reason: GiveUp) {
    super(reason ?? 'refused');
  }
}

/** The part's result, or PartGivenUp('timeout') after `ms`; a late result (or failure) is ignored. */
export function withinLimit<T>(part: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PartGivenUp('timeout')), ms);
  });
  // The part may settle after the race is lost: that must not be an unhandled rejection.
  part.catch(() => undefined);
  return Promise.race([part, limit]).finally(() => clearTimeout(timer));
}

/** The site of an address (scheme, host and port); '' when it cannot be read. */
export function siteOf(url: string | undefined): string {
  return URL.parse(url ?? '')?.origin ?? '';
}

/** The problem naming a part that failed with `error`. */
export function captureProblem(what: CaptureProblem['what'], error: unknown): CaptureProblem {
  const reason = error instanceof PartGivenUp ? error.reason : undefined;
  return reason ? { kind: 'capture_failed', what, reason } : { kind: 'capture_failed', what };
}
