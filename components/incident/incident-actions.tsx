import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { DetailedIncident } from '@/utils/api/schemas/incident';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { describeProblem } from '@/utils/problems/sentences';
import type { Problem } from '@/utils/problems/kinds';
import { addFilesWithinLimits } from '@/utils/report/file-limits';
import { createDraft } from '@/utils/report/outbox';
import type { IncidentAction } from '@/utils/incidents/incident-service';
import { FocusableButton } from '../ui/focusable-button';
import { focusSoon } from '../ui/focus-soon';
import { serviceRequestOf, type ServiceRequest } from './service-request';

type ActionKind = IncidentAction['kind'] | 'attach';

const OUTCOME_ID = 'incident-action-outcome';

/** The actions offered for a status: approval only while the takedown waits for it. */
export function actionsFor(status: string | null): ActionKind[] {
  return [...(status === 'approval_required' ? (['approve'] as const) : []), 'comment', 'attach', 'takedown', 'monitor', 'safe'];
}

/** The actions that answer what the service asks: approval, or evidence and a reply. */
const ANSWERS: Record<ServiceRequest['kind'], ActionKind[]> = { approval: ['approve'], action: ['attach', 'comment'] };

const REQUEST_ID = 'incident-request';

/** What the service waits for, in words: which action, and what it said of it when it said anything. */
function RequestText({ request }: { request: ServiceRequest }): JSX.Element {
  const { kind, said } = request;
  return (
    <p id={REQUEST_ID}>
      <strong>{i18n.t(`incident_actions.request.${kind}`)}</strong>{' '}
      {said ? i18n.t(said.from === 'reason' ? 'incident_actions.request.reason' : 'incident_actions.request.latest', [said.text]) : kind === 'action' ? i18n.t('incident_actions.request.unsaid') : ''}
    </p>
  );
}

interface IncidentActionsProps {
  incident: DetailedIncident;
  /** Called after an action succeeded, so the view shows the incident as it is now. */
  onChanged(): void;
}

/**
 * What a user can do to an incident: approve its takedown (only when it waits
 * for approval), comment, attach evidence, ask for takedown, move it to
 * monitoring, mark it safe. Each asks for confirmation, says what it will do,
 * and shows its result or its error right there.
 */
export function IncidentActions({ incident, onChanged }: IncidentActionsProps): JSX.Element {
  const [open, setOpen] = useState<ActionKind | null>(null);
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: ActionKind; problem: Problem | null } | null>(null);

  /** Closes the confirmation that held the focus: it goes back to the action's button. */
  function cancel(): void {
    if (open) focusSoon(`incident-action-button-${open}`);
    setOpen(null);
  }

  function choose(kind: ActionKind): void {
    setOpen(kind);
    setOutcome(null);
    setFieldError(null);
  }

  async function run(kind: ActionKind): Promise<void> {
    if (kind === 'comment' && comment.trim() === '') return setFieldError(i18n.t('report.existing.comment_empty'));
    if (kind === 'attach' && files.length === 0) return setFieldError(i18n.t('incident_actions.no_files'));
    setBusy(true);
    const background = getBackgroundService();
    const result = await (async () => {
      const about = { subject: incident.subject ?? incident.url ?? incident.domain ?? null, clientId: incident.clientId ?? null, status: incident.status ?? null };
      if (kind !== 'attach') return background.incidents.act(incident.id, kind === 'comment' ? { kind, comment: comment.trim() } : { kind }, about);
      const draft = await createDraft({
        action: 'tkd',
        subject: { type: 'url', value: incident.subject ?? incident.url ?? incident.id },
        fields: {},
        files: files.map((file) => ({ name: file.name, type: file.type, blob: file, role: 'extra' as const })),
        origin: 'popup',
      });
      return background.reports.followUp(incident.id, draft.id, { kind: 'attach' });
    })().catch(() => ({ ok: false as const, problem: { kind: 'background_unreachable' } as Problem }));
    setBusy(false);
    setOutcome({ kind, problem: result.ok ? null : result.problem });
    if (result.ok) {
      // The confirmation closes: the focus goes to what came of it.
      focusSoon(OUTCOME_ID);
      setOpen(null);
      setComment('');
      setFiles([]);
      onChanged();
    }
  }

  function pickFiles(picked: File[]): void {
    const { accepted, refused } = addFilesWithinLimits([], [...files, ...picked], {}, false);
    setFiles(accepted.map((stored) => stored.blob as File));
    setFieldError(refused.length > 0 ? refused.map((refusal) => describeProblem(refusal.problem)).join(' ') : null);
  }

  const request = serviceRequestOf(incident);
  const answers = request ? ANSWERS[request.kind] : [];
  const button = (kind: ActionKind) => (
    <FocusableButton
      key={kind}
      id={`incident-action-button-${kind}`}
      type="button"
      aria-expanded={open === kind}
      aria-describedby={answers.includes(kind) ? REQUEST_ID : undefined}
      unavailable={busy}
      onClick={() => choose(kind)}
    >
      {i18n.t(`incident_actions.${kind}`)}
    </FocusableButton>
  );

  return (
    <section class="incident-section incident-actions" aria-labelledby="incident-actions">
      <h3 id="incident-actions">{i18n.t('incident_actions.title')}</h3>
      {request && (
        <div class="service-request" role="group" aria-labelledby={REQUEST_ID}>
          <RequestText request={request} />
          <div class="actions">{answers.map(button)}</div>
        </div>
      )}
      <div class="actions">
        {actionsFor(incident.status)
          .filter((kind) => !answers.includes(kind))
          .map(button)}
      </div>
      {open && (
        <div class="confirm" role="group" aria-labelledby="incident-action-what">
          <p id="incident-action-what">{i18n.t(`incident_actions.what.${open}`)}</p>
          {open === 'comment' && (
            <div class="field">
              <label for="incident-action-comment">{i18n.t('report.existing.comment_label')}</label>
              <textarea
                id="incident-action-comment"
                rows={3}
                value={comment}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? 'incident-action-error' : undefined}
                onInput={(event) => setComment(event.currentTarget.value)}
              />
            </div>
          )}
          {open === 'attach' && (
            <div class="field">
              <label for="incident-action-files">{i18n.t('report.evidence.add')}</label>
              <input
                id="incident-action-files"
                type="file"
                multiple
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? 'incident-action-error' : 'incident-action-limits'}
                onChange={(event) => {
                  pickFiles([...(event.currentTarget.files ?? [])]);
                  event.currentTarget.value = '';
                }}
              />
              <p id="incident-action-limits" class="hint">
                {i18n.t('report.evidence.limits')}
              </p>
              {files.length > 0 && <p class="hint">{files.map((file) => file.name).join(', ')}</p>}
            </div>
          )}
          {fieldError && (
            <p id="incident-action-error" class="field-error" role="alert">
              {fieldError}
            </p>
          )}
          <div class="actions">
            <FocusableButton type="button" class="primary" unavailable={busy} onClick={() => void run(open)}>
              {i18n.t(busy ? 'report.existing.working' : 'incident_actions.confirm')}
            </FocusableButton>
            <FocusableButton type="button" class="link-button" unavailable={busy} onClick={cancel}>
              {i18n.t('incident_actions.cancel')}
            </FocusableButton>
          </div>
        </div>
      )}
      {outcome && (
        <p id={OUTCOME_ID} class={outcome.problem ? 'problem' : 'status status-ok'} role={outcome.problem ? 'alert' : 'status'} tabIndex={-1}>
          {outcome.problem ? describeProblem(outcome.problem) : i18n.t(`incident_actions.done.${outcome.kind}`)}
        </p>
      )}
    </section>
  );
}
