import type { SandboxContext } from './context.ts';
import type { IncidentRecord, TakedownAttempt } from './types.ts';
import { badRequest } from './http-error.ts';
import { nowIso } from './clock.ts';
import { systemEntry } from './seed/history.ts';
import { addHistory, changeStatus, markTakedownUpdated } from './incident-mutations.ts';

const OUTCOMES = ['success', 'failed', 'not_actionable', 'closed'];

/** The status each outcome moves the incident to; not_actionable leaves it. */
const STATUS_AFTER: Record<string, string> = {
  success: 'takedown_success',
  failed: 'takedown_attempt_failed',
  closed: 'closed',
};

function optionalDate(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw badRequest(`${field} must be an ISO 8601 date-time.`);
  return value;
}

/**
 * Records a takedown attempt. With no outcome it starts one (status
 * takedown_in_progress, incident.takedown_updated). With an outcome it
 * resolves the attempt in progress, or appends a finished one if none is.
 */
export function recordTakedownAttempt(ctx: SandboxContext, inc: IncidentRecord, body: Record<string, unknown>): TakedownAttempt[] {
  const outcome = body.outcome ?? null;
  if (outcome !== null && (typeof outcome !== 'string' || !OUTCOMES.includes(outcome))) {
    throw badRequest(`outcome must be one of ${OUTCOMES.join(', ')}, or null for an attempt in progress.`);
  }
  const startedAt = optionalDate(body, 'startedAt');
  const resolvedAt = optionalDate(body, 'resolvedAt');
  const open = inc.takedownAttempts.at(-1);
  if (outcome === null) {
    inc.takedownAttempts.push({ startedAt: startedAt ?? nowIso(), resolvedAt: null, outcome: null });
    inc.burnStartedTimestamp = startedAt ?? nowIso();
    changeStatus(ctx, inc, 'takedown_in_progress', 'Takedown initiated.');
    markTakedownUpdated(ctx, inc);
    return inc.takedownAttempts;
  }
  if (open && open.outcome === null && open.resolvedAt === null) {
    open.resolvedAt = resolvedAt ?? nowIso();
    open.outcome = outcome;
  } else {
    inc.takedownAttempts.push({ startedAt: startedAt ?? null, resolvedAt: resolvedAt ?? nowIso(), outcome });
  }
  const next = STATUS_AFTER[outcome];
  if (next) changeStatus(ctx, inc, next, `Takedown attempt outcome: ${outcome}.`);
  else addHistory(ctx, inc, systemEntry(nowIso(), `Takedown attempt outcome: ${outcome}.`));
  return inc.takedownAttempts;
}
