import type { ApiRequest, ApiRoute } from './api-types.ts';
import type { SandboxContext } from '../context.ts';
import type { IncidentRecord } from '../types.ts';
import { badRequest } from '../http-error.ts';
import { json } from '../respond.ts';
import { parseJsonObject } from '../json-body.ts';
import { isEmail, optionalString } from '../validate.ts';
import { nowIso } from '../clock.ts';
import { clientEntry } from '../seed/history.ts';
import { addHistory, changeStatus, markTakedownUpdated } from '../incident-mutations.ts';
import { incidentOr404 } from './incidents.ts';

interface ActionInput {
  text: string | undefined;
  reportedBy: string | undefined;
}

type Action = (ctx: SandboxContext, inc: IncidentRecord, input: ActionInput) => string;

function clientLine(ctx: SandboxContext, inc: IncidentRecord, input: ActionInput, fallback: string): void {
  const message = input.text && input.text.trim() ? input.text : fallback;
  addHistory(ctx, inc, clientEntry(nowIso(), input.reportedBy, message, inc.clientId));
}

/** Status moves for the actions are the sandbox's choice; the spec leaves transitions unshown. */
const ACTIONS: Record<string, Action> = {
  comment: (ctx, inc, input) => {
    if (!input.text || !input.text.trim()) throw badRequest('comment is required: send {"comment": "..."}.');
    clientLine(ctx, inc, input, '');
    return 'Comment added.';
  },
  tkd: (ctx, inc, input) => {
    clientLine(ctx, inc, input, 'Takedown requested by the client.');
    changeStatus(ctx, inc, 'case_building');
    markTakedownUpdated(ctx, inc);
    return 'Takedown requested.';
  },
  monitor: (ctx, inc, input) => {
    clientLine(ctx, inc, input, 'Monitoring requested by the client.');
    changeStatus(ctx, inc, 'pre_weaponised');
    return 'Incident moved to monitoring.';
  },
  safe: (ctx, inc, input) => {
    clientLine(ctx, inc, input, 'Marked safe by the client.');
    changeStatus(ctx, inc, 'closed');
    return 'Incident marked safe.';
  },
  'approve-takedown': (ctx, inc, input) => {
    if (inc.status !== 'approval_required') {
      throw badRequest(`Only an incident awaiting approval (approval_required) can be approved; this one is ${inc.status}.`);
    }
    // Spec: an approval is a Client entry, then a Service System entry once enforcement resumes.
    clientLine(ctx, inc, input, 'Takedown approved.');
    changeStatus(ctx, inc, 'takedown_ready', 'Takedown approved by the client; enforcement resumes.');
    markTakedownUpdated(ctx, inc);
    return 'Takedown approved.';
  },
};

function runAction(req: ApiRequest, ctx: SandboxContext) {
  const inc = incidentOr404(req, ctx, req.params.id ?? '');
  const name = req.params.action ?? '';
  const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
  if (!action) throw badRequest(`Unknown action "${name}": use comment, tkd, monitor, safe or approve-takedown.`);
  const body = parseJsonObject(req.body, req.contentType);
  const text = optionalString(body, 'comment') ?? optionalString(body, 'message');
  const reportedBy = optionalString(body, 'reportedBy', 'an email address');
  if (reportedBy !== undefined && !isEmail(reportedBy)) throw badRequest(`reportedBy must be an email address; got "${reportedBy}".`);
  const message = action(ctx, inc, { text, reportedBy });
  return json({ message, id: inc.id });
}

/** POST /v1/incident/{id}/{action}; must be registered after the attach route. */
export const ACTION_ROUTES: ApiRoute[] = [{ method: 'POST', path: '/v1/incident/:id/:action', handler: runAction }];
