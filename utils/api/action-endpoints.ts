import { isRecord, messageOf } from './envelope';
import { ApiError } from './errors';
import type { SendRequest } from './request';
import type { ActionResult } from './schemas/report';

/** Body of an action; its form is not shown in the spec, so any JSON object goes. */
export type ActionBody = Readonly<Record<string, unknown>>;

// Action answers are "not shown": any 2xx is success; keep what can be read.
function readAction(body: unknown): ActionResult {
  return { message: messageOf(body), data: isRecord(body) ? body.data : undefined };
}

/** The actions on an existing incident (POST /v1/incident/{id}/{action}). */
export function incidentActionEndpoints(send: SendRequest) {
  const act = async (id: string, action: string, json: ActionBody = {}): Promise<ActionResult> => {
    const { body } = await send(['incident', id, action], { method: 'POST', json, target: 'incident', anyBody: true });
    return readAction(body);
  };

  return {
    /** Adds a comment for the analysts (POST /v1/incident/{id}/comment; payload not shown, sent as `{comment}`); an empty comment is refused. */
    commentOnIncident: async (id: string, comment: string) => {
      if (typeof comment !== 'string' || comment.trim() === '') throw new ApiError({ kind: 'invalid_request', refusal: 'empty_comment' });
      return act(id, 'comment', { comment });
    },
    /** Asks for a takedown of an existing incident (POST /v1/incident/{id}/tkd). */
    requestTakedown: (id: string, body?: ActionBody) => act(id, 'tkd', body),
    /** Moves an incident to monitoring (POST /v1/incident/{id}/monitor). */
    moveToMonitoring: (id: string, body?: ActionBody) => act(id, 'monitor', body),
    /** Marks an incident safe (POST /v1/incident/{id}/safe). */
    markSafe: (id: string, body?: ActionBody) => act(id, 'safe', body),
    /** Approves a takedown awaiting client sign-off (POST /v1/incident/{id}/approve-takedown). */
    approveTakedown: (id: string, body?: ActionBody) => act(id, 'approve-takedown', body),
  };
}
