import { i18n } from '#i18n';
import type { ReviewTally } from './review-state';

/** The tally's counts in the order the line says them: what is over first, then what still needs the user. */
const ORDER = ['sent', 'duplicate', 'followedUp', 'queued', 'working', 'toGo', 'decide', 'toCheck', 'failed'] as const;

/** The message of each count (plural forms in the locales). */
const KEYS = {
  sent: 'review.tally.sent',
  duplicate: 'review.tally.duplicate',
  followedUp: 'review.tally.followed_up',
  queued: 'review.tally.queued',
  working: 'review.tally.working',
  toGo: 'review.tally.to_go',
  decide: 'review.tally.decide',
  toCheck: 'review.tally.to_check',
  failed: 'review.tally.failed',
} as const;

/**
 * The line under the reported rows: "1 sent · 1 waits for your decision",
 * each count said only when there is one; what waits for its turn only while
 * the reports go out (a row ticked afterwards is not on its way).
 */
export function tallyWords(tally: ReviewTally, running: boolean): string {
  return ORDER.filter((entry) => tally[entry] > 0 && (entry !== 'toGo' || running))
    .map((entry) => i18n.t(KEYS[entry], tally[entry]))
    .join(' · ');
}
