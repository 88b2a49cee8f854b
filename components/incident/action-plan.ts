import type { IncidentAction } from '@/utils/incidents/incident-service';
import { isKnownIncidentStatus } from '@/utils/api/schemas/incident-vocabulary';

/** An action a user can take on an incident: the service's actions, and attaching evidence. */
export type ActionKind = IncidentAction['kind'] | 'attach';

/** An action offered for a status; `reopens`: it takes a finished incident up again, and its words say so. */
export interface OfferedAction {
  kind: ActionKind;
  reopens: boolean;
}

/** What the incident view offers: the action the status waits for (beside the status), then the others. */
export interface ActionPlan {
  waiting: ActionKind[];
  others: OfferedAction[];
}

const EVERY: ActionKind[] = ['comment', 'attach', 'takedown', 'monitor', 'safe'];

/**
 * The actions that make sense per status (the contract's status table,
 * /work/shared/api/incident-api.md; it states no transitions, so this
 * leaves out only what repeats the state or undoes a finished takedown):
 * no takedown request while one is approved or running, no monitoring of
 * what is monitored, no "safe" for a site already taken down. A finished
 * incident (taken down, closed) offers takedown and monitoring only as
 * reopening it.
 */
const PLANS: Record<string, { waiting: ActionKind[]; others: ActionKind[]; reopening?: ActionKind[] }> = {
  pending_review: { waiting: [], others: EVERY },
  case_building: { waiting: [], others: EVERY },
  approval_required: { waiting: ['approve'], others: ['comment', 'attach', 'monitor', 'safe'] },
  takedown_ready: { waiting: [], others: ['comment', 'attach', 'monitor', 'safe'] },
  pre_weaponised: { waiting: [], others: ['comment', 'attach', 'takedown', 'safe'] },
  takedown_in_progress: { waiting: [], others: ['comment', 'attach', 'safe'] },
  takedown_success: { waiting: [], others: ['comment', 'attach', 'takedown', 'monitor'], reopening: ['takedown', 'monitor'] },
  takedown_attempt_failed: { waiting: [], others: EVERY },
  blocklisted: { waiting: [], others: EVERY },
  action_required: { waiting: ['attach', 'comment'], others: ['takedown', 'monitor', 'safe'] },
  closed: { waiting: [], others: ['comment', 'attach', 'takedown', 'monitor'], reopening: ['takedown', 'monitor'] },
};

/** The actions offered for a status; an unknown or missing one gets every general action, in the usual order. */
export function actionPlanFor(status: string | null): ActionPlan {
  const plan = status && isKnownIncidentStatus(status) ? PLANS[status] : undefined;
  if (!plan) return { waiting: [], others: EVERY.map((kind) => ({ kind, reopens: false })) };
  return { waiting: plan.waiting, others: plan.others.map((kind) => ({ kind, reopens: plan.reopening?.includes(kind) ?? false })) };
}
