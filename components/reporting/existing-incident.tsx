import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { getBackgroundService } from '@/utils/messaging/background-service';
import type { Problem } from '@/utils/problems/kinds';
import type { FoundIncident } from '@/utils/incidents/find-incident';
import type { FollowUp } from '@/utils/report/report-service';
import { incidentStatusWords } from '@/utils/incidents/incident-words';
import { messageLocale } from '@/utils/i18n/locale';
import { FocusableButton } from '../ui/focusable-button';
import { ProblemMessage } from '../ui/problem-message';

interface ExistingIncidentProps {
  incident: FoundIncident;
  /** The draft whose evidence "Attach" sends; none hides that choice. */
  reportId?: string;
  hasEvidence: boolean;
  /** The comment the user wrote for the report, offered for the incident instead. */
  comment: string;
  /** A unique prefix for ids inside. */
  idPrefix: string;
  onDone?(followUp: FollowUp['kind']): void;
}

/**
 * A subject that is already an incident: its status, and what to do instead
 * of filing a duplicate (comment on it, attach the new evidence, ask for its
 * takedown).
 */
export function ExistingIncident({ incident, reportId, hasEvidence, comment: initialComment, idPrefix, onDone }: ExistingIncidentProps): JSX.Element {
  const [comment, setComment] = useState(initialComment);
  const [busy, setBusy] = useState<FollowUp['kind'] | null>(null);
  const [done, setDone] = useState<FollowUp['kind'][]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [commentError, setCommentError] = useState(false);

  async function run(followUp: FollowUp): Promise<void> {
    if (followUp.kind === 'comment' && followUp.comment.trim() === '') {
      setCommentError(true);
      return;
    }
    setBusy(followUp.kind);
    setProblem(null);
    const result = await getBackgroundService()
      .reports.followUp(incident.id, reportId ?? '', followUp)
      .catch((): { ok: false; problem: Problem } => ({ ok: false, problem: { kind: 'background_unreachable' } }));
    setBusy(null);
    if (result.ok) {
      setDone((previous) => [...previous, followUp.kind]);
      onDone?.(followUp.kind);
    } else setProblem(result.problem);
  }

  const commentId = `${idPrefix}-followup-comment`;
  return (
    <div class="existing" role="group" aria-labelledby={`${idPrefix}-existing-title`} data-incident-id={incident.id}>
      <p id={`${idPrefix}-existing-title`} class="existing-title">
        {i18n.t('report.existing.title', [incidentStatusWords(incident.status)])}
      </p>
      <p class="hint">
        {i18n.t('report.existing.id', [incident.id])}
        {incident.createdAt ? ` · ${i18n.t('report.existing.created', [new Date(incident.createdAt).toLocaleString(messageLocale())])}` : ''}
      </p>
      <div class="field">
        <label for={commentId}>{i18n.t('report.existing.comment_label')}</label>
        <textarea
          id={commentId}
          rows={2}
          value={comment}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? `${commentId}-error` : undefined}
          onInput={(event) => {
            setComment(event.currentTarget.value);
            setCommentError(false);
          }}
        />
        {commentError && (
          <p id={`${commentId}-error`} class="field-error" role="alert">
            {i18n.t('report.existing.comment_empty')}
          </p>
        )}
      </div>
      <div class="actions">
        <FocusableButton type="button" unavailable={busy !== null || done.includes('comment')} onClick={() => void run({ kind: 'comment', comment })}>
          {i18n.t(done.includes('comment') ? 'report.existing.commented' : 'report.existing.comment')}
        </FocusableButton>
        {reportId && hasEvidence && (
          <FocusableButton type="button" unavailable={busy !== null || done.includes('attach')} onClick={() => void run({ kind: 'attach' })}>
            {i18n.t(done.includes('attach') ? 'report.existing.attached' : 'report.existing.attach')}
          </FocusableButton>
        )}
        <FocusableButton type="button" unavailable={busy !== null || done.includes('takedown')} onClick={() => void run({ kind: 'takedown' })}>
          {i18n.t(done.includes('takedown') ? 'report.existing.takedown_requested' : 'report.existing.takedown')}
        </FocusableButton>
      </div>
      {busy && (
        <p class="status status-pending" role="status">
          {i18n.t('report.existing.working')}
        </p>
      )}
      {problem && <ProblemMessage problem={problem} />}
    </div>
  );
}
