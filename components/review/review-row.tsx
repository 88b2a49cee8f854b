import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { describeIndicatorWarning, describeProblem } from '@/utils/problems/sentences';
import { incidentTypeWords } from '@/utils/incidents/incident-words';
import type { OutboxReport, ReportAction } from '@/utils/storage/report-types';
import type { FollowUp } from '@/utils/report/report-service';
import { ExistingIncident } from '../reporting/existing-incident';
import { ReportResult } from '../reporting/report-result';
import type { ReviewRowState } from './review-state';
import { ProblemMessage } from '../ui/problem-message';
import { fixLink } from '../ui/fix-link';
import { whereWords } from './email-text';

interface ReviewRowProps {
  row: ReviewRowState;
  index: number;
  comment: string;
  disabled: boolean;
  hasEvidence: boolean;
  onToggle(selected: boolean): void;
  onAction(action: ReportAction): void;
  /** The report changed after "send again" or "check": the line under the rows counts it anew. */
  onReport(report: OutboxReport): void;
  /** The user followed up the existing incident: it no longer waits for them. */
  onFollowedUp(followUp: FollowUp['kind']): void;
}

/** The host of a link scanner's URL, for "went through a link scanner (eur01.safelinks…)". */
function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).hostname : url;
}

/** Where a row's indicator came from: the email's parts, the way to the reported page, the link it was unwrapped from. */
function RowOrigin({ row }: { row: ReviewRowState }): JSX.Element {
  return (
    <>
      {row.email && (
        <p class="hint review-found">
          {i18n.t('review.found_in', [row.email.where.map(whereWords).join(', ')])}
          {row.email.unwrappedFrom && ` ${i18n.t('review.unwrapped', [hostOf(row.email.unwrappedFrom)])}`}
        </p>
      )}
      {row.way && (
        <p class="hint review-way" data-role={row.way.role}>
          {i18n.t('navigation.review_step', [i18n.t(`navigation.role.${row.way.role}`), String(row.way.step), String(row.way.of)])}
        </p>
      )}
      {!row.email && row.found.unwrappedFrom && <p class="hint review-found">{i18n.t('review_selection.unwrapped', [hostOf(row.found.unwrappedFrom)])}</p>}
    </>
  );
}

/** One indicator of the review: its checkbox, type, action, validation message, and result. */
export function ReviewRow({ row, index, comment, disabled, hasEvidence, onToggle, onAction, onReport, onFollowedUp }: ReviewRowProps): JSX.Element {
  const id = `row-${index}`;
  const { check } = row.found;
  const messageId = `${id}-message`;
  const reasonId = `${id}-pick`;
  const message = check.ok ? check.indicator.warnings.map(describeIndicatorWarning).join(' ') : describeProblem({ kind: 'invalid_indicator', reason: check.problem });
  const shown = check.ok ? check.indicator.value : row.found.text;
  const type = check.ok ? check.indicator.type : check.type;
  return (
    <li class="review-row" data-state={row.phase} data-value={shown}>
      <div class="review-row-main">
        <input
          type="checkbox"
          id={id}
          checked={row.selected}
          disabled={!check.ok || disabled || row.phase !== 'idle'}
          aria-describedby={[message && messageId, row.email?.reason && reasonId].filter(Boolean).join(' ') || undefined}
          onChange={(event) => onToggle(event.currentTarget.checked)}
        />
        <label for={id} class="review-value">
          <span class="type-tag">{type ? incidentTypeWords(type) : i18n.t('indicator_type.unknown')}</span> <code>{shown}</code>
          {check.ok && check.indicator.display && check.indicator.display !== shown && <span class="hint"> ({check.indicator.display})</span>}
        </label>
        <label class="visually-hidden" for={`${id}-action`}>
          {i18n.t('review.action_for', [shown])}
        </label>
        <select id={`${id}-action`} value={row.action} disabled={!check.ok || disabled || row.phase !== 'idle'} onChange={(event) => onAction(event.currentTarget.value as ReportAction)}>
          <option value="tkd">{i18n.t('report.action.tkd')}</option>
          <option value="monitor">{i18n.t('report.action.monitor')}</option>
        </select>
      </div>
      <RowOrigin row={row} />
      {row.email?.reason && (
        <p id={reasonId} class="hint review-pick" data-reason={row.email.reason}>
          {i18n.t(`email.pick.${row.email.reason}`)}
        </p>
      )}
      {message && (
        <p id={messageId} class={check.ok ? 'hint warning' : 'field-error'}>
          {message}
        </p>
      )}
      {row.phase === 'checking' && <p class="status status-pending">{i18n.t('review.phase.checking')}</p>}
      {row.phase === 'sending' && <p class="status status-pending">{i18n.t('review.phase.sending')}</p>}
      {row.problem && <ProblemMessage problem={row.problem} extra={fixLink(row.problem)} />}
      {row.lookupProblem && <p class="hint">{i18n.t('review.lookup_failed', [describeProblem(row.lookupProblem)])}</p>}
      {row.phase === 'exists' && row.existing && (
        <ExistingIncident incident={row.existing} {...(row.draftId ? { reportId: row.draftId } : {})} hasEvidence={hasEvidence} comment={comment} idPrefix={id} onDone={onFollowedUp} />
      )}
      {row.phase === 'done' && row.report && <ReportResult report={row.report} onChange={onReport} />}
    </li>
  );
}
