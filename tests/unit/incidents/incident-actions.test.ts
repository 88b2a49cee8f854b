import { describe, expect, it, vi } from 'vitest';
import { actionPlanFor } from '@/components/incident/action-plan';
import { actionsFor } from '@/components/incident/incident-actions';
import { ApiError } from '@/utils/api/errors';
import { actOnIncident, createIncidentService, type IncidentAction } from '@/utils/incidents/incident-service';

function fakeApi() {
  return {
    approveTakedown: vi.fn(async () => ({})),
    commentOnIncident: vi.fn(async () => ({})),
    requestTakedown: vi.fn(async () => ({})),
    moveToMonitoring: vi.fn(async () => ({})),
    markSafe: vi.fn(async () => ({})),
  };
}

describe('actions on an incident', () => {
  it.each<[IncidentAction, string, unknown[]]>([
    [{ kind: 'approve' }, 'approveTakedown', ['inc_1']],
    [{ kind: 'comment', comment: 'Still live.' }, 'commentOnIncident', ['inc_1', 'Still live.']],
    [{ kind: 'takedown' }, 'requestTakedown', ['inc_1']],
    [{ kind: 'monitor' }, 'moveToMonitoring', ['inc_1']],
    [{ kind: 'safe' }, 'markSafe', ['inc_1']],
  ])('%j calls %s and nothing else', async (action, method, args) => {
    const api = fakeApi();
    expect(await actOnIncident(api, 'inc_1', action)).toEqual({ ok: true });
    for (const [name, call] of Object.entries(api)) expect([name, call.mock.calls]).toEqual([name, name === method ? [args] : []]);
  });

  it('says why an action failed', async () => {
    const api = {
      ...fakeApi(),
      approveTakedown: vi.fn().mockRejectedValue(new ApiError({ kind: 'invalid_request', status: 400, serverMessage: 'Only an incident awaiting approval can be approved.' })),
    };
    expect(await actOnIncident(api, 'inc_1', { kind: 'approve' })).toEqual({
      ok: false,
      problem: { kind: 'invalid_request', status: 400, serverMessage: 'Only an incident awaiting approval can be approved.' },
    });
  });

  it.each([
    ['approval_required', ['approve', 'comment', 'attach', 'monitor', 'safe']],
    ['action_required', ['attach', 'comment', 'takedown', 'monitor', 'safe']],
    ['takedown_ready', ['comment', 'attach', 'monitor', 'safe']],
    ['takedown_in_progress', ['comment', 'attach', 'safe']],
    ['pre_weaponised', ['comment', 'attach', 'takedown', 'safe']],
    ['takedown_success', ['comment', 'attach', 'takedown', 'monitor']],
    ['closed', ['comment', 'attach', 'takedown', 'monitor']],
    ['pending_review', ['comment', 'attach', 'takedown', 'monitor', 'safe']],
    // Unknown or missing: every general action, in the usual order.
    ['under_legal_review', ['comment', 'attach', 'takedown', 'monitor', 'safe']],
    [null, ['comment', 'attach', 'takedown', 'monitor', 'safe']],
  ])('offers for status %j: %j', (status, actions) => {
    expect(actionsFor(status)).toEqual(actions);
  });

  it.each([
    ['approval_required', ['approve'], []],
    ['action_required', ['attach', 'comment'], []],
    ['takedown_success', [], ['takedown', 'monitor']],
    ['closed', [], ['takedown', 'monitor']],
    ['takedown_attempt_failed', [], []],
    ['under_legal_review', [], []],
  ])('for %j puts %j beside the status, and marks %j as reopening the incident', (status, waiting, reopening) => {
    const plan = actionPlanFor(status);
    expect(plan.waiting).toEqual(waiting);
    expect(plan.others.filter((offered) => offered.reopens).map((offered) => offered.kind)).toEqual(reopening);
  });
});

describe('an action done is kept as an action on the incident (issue 44)', () => {
  const readApi = { getIncident: vi.fn(), getIncidentBySubject: vi.fn(), listResolutions: vi.fn(), listSnapshots: vi.fn() };

  it.each<[IncidentAction]>([[{ kind: 'approve' }], [{ kind: 'comment', comment: 'Seen again.' }], [{ kind: 'monitor' }], [{ kind: 'safe' }]])(
    '%j is recorded with its incident, once it succeeded',
    async (action) => {
      const record = vi.fn(async () => undefined);
      const service = createIncidentService({ ...readApi, ...fakeApi() }, record);
      expect(await service.act('inc_1', action, { subject: 'https://x.example/', clientId: 'cl_acme' })).toEqual({ ok: true });
      expect(record.mock.calls).toEqual([[{ incidentId: 'inc_1', subject: 'https://x.example/', clientId: 'cl_acme' }, action.kind]]);
    },
  );

  it('records nothing when the service refused the action', async () => {
    const record = vi.fn(async () => undefined);
    const api = { ...fakeApi(), approveTakedown: vi.fn(async () => Promise.reject(new ApiError({ kind: 'not_found', status: 404, target: 'incident' }))) };
    const service = createIncidentService({ ...readApi, ...api }, record);
    expect(await service.act('inc_1', { kind: 'approve' })).toMatchObject({ ok: false });
    expect(record).not.toHaveBeenCalled();
  });
});
