import type { ComponentChildren, JSX } from 'preact';
import { i18n } from '#i18n';
import type { Problem } from '@/utils/problems/kinds';
import { ProblemMessage } from '../ui/problem-message';
import { LazyCreditsLine } from './lazy-credits-line';

interface SendBarProps {
  /** The id of the details this bar opens and closes. */
  detailsId: string;
  open: boolean;
  onToggle(): void;
  /** What the report goes with, in one line (describeSending). */
  summary: string;
  /** Files were refused: their errors are in the details, so a closed bar says so itself. */
  refused: boolean;
  /** Why the last send did not go. */
  problem: Problem | null;
  clientId: string;
  /** The send buttons. */
  children: ComponentChildren;
}

/**
 * The bar at the foot of the popup that stays in view however long the form
 * is (issue 21): what the report goes with, in one line that opens the
 * details (evidence, files, client), the credits left, and the send buttons.
 */
export function SendBar({ detailsId, open, onToggle, summary, refused, problem, clientId, children }: SendBarProps): JSX.Element {
  return (
    <div class="send-bar">
      {problem && <ProblemMessage problem={problem} />}
      {refused && !open && (
        <p class="field-error" role="alert">
          {i18n.t('report.bar.refused')}
        </p>
      )}
      <button type="button" class="send-summary" aria-expanded={open} aria-controls={detailsId} onClick={onToggle}>
        <span class="send-summary-text">{summary}</span>
        <span class="send-summary-mark" aria-hidden="true">
          {open ? '▴' : '▾'}
        </span>
      </button>
      <LazyCreditsLine clientId={clientId} />
      {children}
    </div>
  );
}
