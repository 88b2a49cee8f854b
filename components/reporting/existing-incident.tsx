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

/** What each follow-up's button says, before and once it is done. */
const FOLLOW_UP_LABELS = {
  comment: ['report.existing.comment', 'report.existing.commented'],
  attach: ['report.existing.attach', 'report.existing.attached'],
  takedown: ['report.existing.takedown', 'report.existing.takedown_requested'],
} as const;

/** The button's words for a follow-up, done or not. */
export function followUpLabel(kind: FollowUp['kind'], done: boolean): string {
  return i18n.t(FOLLOW_UP_LABELS[kind][done ? 1 : 0]);
}

/** The follow-ups asked on an incident: the one under way, those done, why the last failed, and an empty comment refused. */
function useFollowUps(incidentId: string, reportId: string | undefined, onDone: ExistingIncidentProps['onDone']) {
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
      .reports.followUp(incidentId, reportId ?? '', followUp)
      .catch((): { ok: false; problem: Problem } => ({ ok: false, problem: { kind: 'background_unreachable' } }));
    setBusy(null);
    if (result.ok) {
      setDone((previous) => [...previous, followUp.kind]);
      onDone?.(followUp.kind);
    } else setProblem(result.problem);
  }

  return { busy, done, problem, commentError, setCommentError, run };
}

/** The comment offered for the incident, refused when empty. */
function FollowUpComment({ id, value, error, onInput }: { id: string; value: string; error: boolean; onInput(value: string): void }): JSX.Element {
  return (
    <div class="field">
      <label for={id}>{i18n.t('report.existing.comment_label')}</label>
      <textarea id={id} rows={2} value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onInput={(event) => onInput(event.currentTarget.value)} />
      {error && (
        <p id={`${id}-error`} class="field-error" role="alert">
          {i18n.t('report.existing.comment_empty')}
        </p>
      )}
    </div>
  );
}

/**
 * A subject that is already an incident: its status, and what to do instead
 * of filing a duplicate (comment on it, attach the new evidence, ask for its
 * takedown).
 */
export function ExistingIncident({ incident, reportId, hasEvidence, comment: initialComment, idPrefix, onDone }: ExistingIncidentProps): JSX.Element {
  const [comment, setComment] = useState(initialComment);
  const { busy, done, problem, commentError, setCommentError, run } = useFollowUps(incident.id, reportId, onDone);
  const button = (followUp: FollowUp) => (
    <FocusableButton type="button" unavailable={busy !== null || done.includes(followUp.kind)} onClick={() => void run(followUp)}>
      {followUpLabel(followUp.kind, done.includes(followUp.kind))}
    </FocusableButton>
  );
  return (
    <div class="existing" role="group" aria-labelledby={`${idPrefix}-existing-title`} data-incident-id={incident.id}>
      <p id={`${idPrefix}-existing-title`} class="existing-title">
        {i18n.t('report.existing.title', [incidentStatusWords(incident.status)])}
      </p>
      <p class="hint">
        {i18n.t('report.existing.id', [incident.id])}
        {incident.createdAt ? ` · ${i18n.t('report.existing.created', [new Date(incident.createdAt).toLocaleString(messageLocale())])}` : ''}
      </p>
      <FollowUpComment
        id={`${idPrefix}-followup-comment`}
        value={comment}
        error={commentError}
        onInput={(value) => {
          setComment(value);
          setCommentError(false);
        }}
      />
      <div class="actions">
        {button({ kind: 'comment', comment })}
        {reportId && hasEvidence && button({ kind: 'attach' })}
        {button({ kind: 'takedown' })}
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
