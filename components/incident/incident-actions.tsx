import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { DetailedIncident } from '@/utils/api/schemas/incident';
import { describeProblem } from '@/utils/problems/sentences';
import type { Problem } from '@/utils/problems/kinds';
import { addFilesWithinLimits } from '@/utils/drafts/file-limits';
import { FocusableButton } from '../ui/focusable-button';
import { focusSoon } from '../ui/focus-soon';
import { actionPlanFor, type ActionKind, type OfferedAction } from './action-plan';
import { sendAction } from './send-action';
import { serviceRequestOf, type ServiceRequest } from './service-request';

const OUTCOME_ID = 'incident-action-outcome';
const REQUEST_ID = 'incident-request';

/** The actions offered for a status, in order: the one it waits for first. */
export function actionsFor(status: string | null): ActionKind[] {
  const plan = actionPlanFor(status);
  return [...plan.waiting, ...plan.others.map((offered) => offered.kind)];
}

/** What a user can do to an incident right now, in its two places. */
type Where = 'waiting' | 'others';

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

/** The state of the actions: which one is being confirmed, its fields, and what came of the last. */
function useIncidentActions(incident: DetailedIncident, onChanged: () => void) {
  const [open, setOpen] = useState<{ kind: ActionKind; where: Where; reopens: boolean } | null>(null);
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: ActionKind; where: Where; problem: Problem | null } | null>(null);

  async function run(): Promise<void> {
    if (!open) return;
    const { kind, where } = open;
    if (kind === 'comment' && comment.trim() === '') return setFieldError(i18n.t('report.existing.comment_empty'));
    if (kind === 'attach' && files.length === 0) return setFieldError(i18n.t('incident_actions.no_files'));
    setBusy(true);
    const problem = await sendAction(incident, kind, comment, files);
    setBusy(false);
    setOutcome({ kind, where, problem });
    if (problem) return;
    // The confirmation closes: the focus goes to what came of it.
    focusSoon(OUTCOME_ID);
    setOpen(null);
    setComment('');
    setFiles([]);
    onChanged();
  }

  return {
    open,
    busy,
    outcome,
    comment,
    files,
    fieldError,
    setComment,
    run,
    choose(kind: ActionKind, where: Where, reopens: boolean): void {
      setOpen({ kind, where, reopens });
      setOutcome(null);
      setFieldError(null);
    },
    /** Closes the confirmation that held the focus: it goes back to the action's button. */
    cancel(): void {
      if (open) focusSoon(`incident-action-button-${open.kind}`);
      setOpen(null);
    },
    pickFiles(picked: File[]): void {
      const { accepted, refused } = addFilesWithinLimits([], [...files, ...picked], {}, false);
      setFiles(accepted.map((stored) => stored.blob as File));
      setFieldError(refused.length > 0 ? refused.map((refusal) => describeProblem(refusal.problem)).join(' ') : null);
    },
  };
}

type ActionsState = ReturnType<typeof useIncidentActions>;

/** The comment box or the file picker an action needs before it is confirmed. */
function ActionFields({ state }: { state: ActionsState }): JSX.Element | null {
  const { open, fieldError } = state;
  if (open?.kind === 'comment')
    return (
      <div class="field">
        <label for="incident-action-comment">{i18n.t('report.existing.comment_label')}</label>
        <textarea
          id="incident-action-comment"
          rows={3}
          value={state.comment}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'incident-action-error' : undefined}
          onInput={(event) => state.setComment(event.currentTarget.value)}
        />
      </div>
    );
  if (open?.kind !== 'attach') return null;
  return (
    <div class="field">
      <label for="incident-action-files">{i18n.t('report.evidence.add')}</label>
      <input
        id="incident-action-files"
        type="file"
        multiple
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? 'incident-action-error' : 'incident-action-limits'}
        onChange={(event) => {
          state.pickFiles([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
      <p id="incident-action-limits" class="hint">
        {i18n.t('report.evidence.limits')}
      </p>
      {state.files.length > 0 && <p class="hint">{state.files.map((file) => file.name).join(', ')}</p>}
    </div>
  );
}

/** The confirmation of the chosen action, where it was chosen: what it will do, its fields, Confirm and Cancel. */
function ActionConfirm({ state, where }: { state: ActionsState; where: Where }): JSX.Element | null {
  const { open, busy, fieldError } = state;
  if (!open || open.where !== where) return null;
  return (
    <div class="confirm" role="group" aria-labelledby="incident-action-what">
      <p id="incident-action-what">{i18n.t(open.reopens ? `incident_actions.what_reopen.${open.kind as 'takedown' | 'monitor'}` : `incident_actions.what.${open.kind}`)}</p>
      <ActionFields state={state} />
      {fieldError && (
        <p id="incident-action-error" class="field-error" role="alert">
          {fieldError}
        </p>
      )}
      <div class="actions">
        <FocusableButton type="button" class="primary" unavailable={busy} onClick={() => void state.run()}>
          {i18n.t(busy ? 'report.existing.working' : 'incident_actions.confirm')}
        </FocusableButton>
        <FocusableButton type="button" class="link-button" unavailable={busy} onClick={state.cancel}>
          {i18n.t('incident_actions.cancel')}
        </FocusableButton>
      </div>
    </div>
  );
}

/** What came of the last action, where it was chosen (it stays when the incident no longer waits). */
function ActionOutcome({ state, where }: { state: ActionsState; where: Where }): JSX.Element | null {
  const { outcome } = state;
  if (!outcome || outcome.where !== where) return null;
  return (
    <p id={OUTCOME_ID} class={outcome.problem ? 'problem' : 'status status-ok'} role={outcome.problem ? 'alert' : 'status'} tabIndex={-1}>
      {outcome.problem ? describeProblem(outcome.problem) : i18n.t(`incident_actions.done.${outcome.kind}`)}
    </p>
  );
}

/** The two places of the actions, for the view to lay out: the waiting action beside the status, the others after the details. */
interface ActionParts {
  waiting: JSX.Element | null;
  others: JSX.Element;
}

interface IncidentActionsProps {
  incident: DetailedIncident;
  /** Called after an action succeeded, so the view shows the incident as it is now. */
  onChanged(): void;
  /** Lays the two parts out; by default one after the other. */
  children?: (parts: ActionParts) => JSX.Element;
}

/**
 * What a user can do to an incident, for its status only (action-plan.ts):
 * what the incident waits for (approve its takedown; attach evidence or
 * comment), put beside its status, and the others (comment, attach,
 * takedown, monitoring, safe) where the view puts them; an action that
 * reopens a finished incident says so. Each asks for confirmation, says what
 * it will do, and shows its result or its error right there.
 */
export function IncidentActions({ incident, onChanged, children }: IncidentActionsProps): JSX.Element {
  const state = useIncidentActions(incident, onChanged);
  const plan = actionPlanFor(incident.status);
  const request = serviceRequestOf(incident);
  const button = ({ kind, reopens }: OfferedAction, where: Where) => (
    <FocusableButton
      key={kind}
      id={`incident-action-button-${kind}`}
      type="button"
      aria-expanded={state.open?.kind === kind}
      aria-describedby={where === 'waiting' && request ? REQUEST_ID : undefined}
      unavailable={state.busy}
      onClick={() => state.choose(kind, where, reopens)}
    >
      {i18n.t(reopens ? `incident_actions.reopen.${kind as 'takedown' | 'monitor'}` : `incident_actions.${kind}`)}
    </FocusableButton>
  );
  const waits = plan.waiting.length > 0 && request;
  const waiting =
    waits || state.open?.where === 'waiting' || state.outcome?.where === 'waiting' ? (
      <section class="incident-actions incident-waiting" aria-label={i18n.t('incident_actions.waiting')}>
        {waits && (
          <div class="service-request" role="group" aria-labelledby={REQUEST_ID}>
            <RequestText request={request} />
            <div class="actions">{plan.waiting.map((kind) => button({ kind, reopens: false }, 'waiting'))}</div>
          </div>
        )}
        <ActionConfirm state={state} where="waiting" />
        <ActionOutcome state={state} where="waiting" />
      </section>
    ) : null;
  const others = (
    <section class="incident-section incident-actions" aria-labelledby="incident-actions">
      <h3 id="incident-actions">{i18n.t('incident_actions.title')}</h3>
      <div class="actions">{plan.others.map((offered) => button(offered, 'others'))}</div>
      <ActionConfirm state={state} where="others" />
      <ActionOutcome state={state} where="others" />
    </section>
  );
  return children ? (
    children({ waiting, others })
  ) : (
    <>
      {waiting}
      {others}
    </>
  );
}
