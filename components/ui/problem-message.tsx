import type { ComponentChildren, JSX } from 'preact';
import { describeProblem } from '@/utils/problems/sentences';
import type { Problem } from '@/utils/problems/kinds';

interface ProblemMessageProps {
  problem: Problem;
  /**
   * How assistive technology hears it: `alert` (the default) interrupts for a
   * problem the user just caused; `status` waits, for one a background task
   * reports; `null` stays silent, for a problem that is part of what a page shows.
   */
  role?: 'alert' | 'status' | null;
  /** Said after the sentence, separated by a space (what still holds despite the problem). */
  extra?: ComponentChildren;
}

/** A problem's sentence as the views show it: one paragraph in the theme's problem style. */
export function ProblemMessage({ problem, role = 'alert', extra }: ProblemMessageProps): JSX.Element {
  return (
    <p class="problem" role={role ?? undefined}>
      {describeProblem(problem)}
      {extra !== undefined && ' '}
      {extra}
    </p>
  );
}
