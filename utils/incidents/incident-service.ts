import type { IncidentApi } from '../api/client';
import type { TakedownAttempt } from '../api/schemas/resolution';
import type { Snapshot } from '../api/schemas/snapshot';
import { toProblem, type Problem } from '../problems/kinds';
import { findIncident, type IncidentKey, type IncidentLookup } from './find-incident';
import { createResolutionsCache, type ResolutionsCache } from './resolutions-cache';
import type { IncidentActionKind } from '../storage/report-types';

/** What the page knows of the incident it acts on, kept with the action's record. */
export interface ActionAbout {
  subject?: string | null;
  clientId?: string | null;
  status?: string | null;
}

/** Keeps an accepted action on an incident (utils/report/action-record.ts in the background). */
export type RecordAction = (target: ActionAbout & { incidentId: string }, kind: IncidentActionKind) => Promise<unknown>;

export type { IncidentKey, IncidentLookup };

/** The calls the lookups need; the connected client satisfies them. */
export type IncidentReadApi = Pick<IncidentApi, 'getIncident' | 'getIncidentBySubject' | 'listResolutions' | 'listSnapshots'>;

/** Part of an incident read from its own endpoint: the items, or why they could not be read. */
type IncidentPart<T> = { ok: true; items: T[] } | { ok: false; problem: Problem };

/**
 * An incident's takedown attempts: `listed` false when the resolutions list
 * does not hold the incident at all (not the same as an empty record of attempts).
 */
type AttemptsPart = { ok: true; listed: boolean; items: TakedownAttempt[] } | { ok: false; problem: Problem };

/** An incident's takedown attempts and captures, read beside the incident. */
export interface IncidentExtras {
  attempts: AttemptsPart;
  snapshots: IncidentPart<Snapshot>;
}

async function part<T>(read: () => Promise<T[]>): Promise<IncidentPart<T>> {
  try {
    return { ok: true, items: await read() };
  } catch (error) {
    return { ok: false, problem: toProblem(error) };
  }
}

/**
 * The takedown attempts (GET /v1/incidents/resolutions, whose parameters are
 * not shown: the client's whole list, this incident picked from it) and the
 * snapshots (GET /v1/incident/{id}/snapshots) of one incident.
 */
export async function readIncidentExtras(api: IncidentReadApi, id: string, resolutions: ResolutionsCache = createResolutionsCache(() => api.listResolutions())): Promise<IncidentExtras> {
  const [attempts, snapshots] = await Promise.all([readAttempts(resolutions, id), part(async () => (await api.listSnapshots(id)).items)]);
  return { attempts, snapshots };
}

async function readAttempts(resolutions: ResolutionsCache, id: string): Promise<AttemptsPart> {
  try {
    const items = await resolutions.attemptsOf(id);
    return { ok: true, listed: items !== undefined, items: items ?? [] };
  } catch (error) {
    return { ok: false, problem: toProblem(error) };
  }
}

/** The calls the actions need. */
export type IncidentActionApi = Pick<IncidentApi, 'approveTakedown' | 'commentOnIncident' | 'requestTakedown' | 'moveToMonitoring' | 'markSafe'>;

/** What a user can do to an incident from its view (attaching evidence goes through the reports service). */
export type IncidentAction = { kind: 'approve' } | { kind: 'comment'; comment: string } | { kind: 'takedown' } | { kind: 'monitor' } | { kind: 'safe' };

/** An action's result: done, or why not. */
export type IncidentActionResult = { ok: true } | { ok: false; problem: Problem };

/** Runs one action on an incident (POST /v1/incident/{id}/{action}). */
export async function actOnIncident(api: IncidentActionApi, id: string, action: IncidentAction): Promise<IncidentActionResult> {
  try {
    if (action.kind === 'approve') await api.approveTakedown(id);
    else if (action.kind === 'comment') await api.commentOnIncident(id, action.comment);
    else if (action.kind === 'takedown') await api.requestTakedown(id);
    else if (action.kind === 'monitor') await api.moveToMonitoring(id);
    else await api.markSafe(id);
    return { ok: true };
  } catch (error) {
    return { ok: false, problem: toProblem(error) };
  }
}

/** The incidents the pages may look up, through the background. */
export function createIncidentService(api: IncidentReadApi & IncidentActionApi, record?: RecordAction) {
  // One reading of the account's resolutions list serves every incident opened meanwhile.
  const resolutions = createResolutionsCache(() => api.listResolutions());
  return {
    /** Looks an incident up by subject or id. */
    find: (key: IncidentKey): Promise<IncidentLookup> => findIncident(api, key),
    /** The incident's takedown attempts and snapshots. */
    extras: (id: string): Promise<IncidentExtras> => readIncidentExtras(api, id, resolutions),
    /** Approves, comments, asks for takedown, moves to monitoring or marks safe. */
    act: async (id: string, action: IncidentAction, about: ActionAbout = {}): Promise<IncidentActionResult> => {
      const result = await actOnIncident(api, id, action);
      // Done: kept as an action on the incident, apart from reports (issue 44); a record that cannot be written does not undo it.
      if (result.ok) await record?.({ ...about, incidentId: id }, action.kind).catch(() => undefined);
      return result;
    },
  };
}

export type IncidentService = ReturnType<typeof createIncidentService>;
