import { describe, expect, it } from 'vitest';
import { toApiErrorInfo, type IncidentApi } from '@/utils/api';
import { describeProblem } from '@/utils/problems/sentences';
import { apiWith, json, rejectionOf } from '../api/stub-fetch';

const REPORTED = 'This threat was already reported: the service already has an incident for it.';
const CONFLICT = 'The service refused this because it conflicts with what it already has (HTTP 409): it may have been done already.';

// A 409 means "already reported" on a report only (spec: Duplicates); every
// other operation's 409 has its own meaning, which the server's words say.
describe('a 409, operation by operation', () => {
  it.each<[string, (api: IncidentApi) => Promise<unknown>, string | undefined, string]>([
    ['report for takedown, with words', (api) => api.reportForTakedown({ url: 'evil.example' }), 'Incident already exists', REPORTED],
    ['report for monitoring, without words', (api) => api.reportForMonitoring({ url: 'evil.example' }), undefined, REPORTED],
    ['approve, with words', (api) => api.approveTakedown('i1'), 'Takedown already approved', `${CONFLICT} The service said: “Takedown already approved”`],
    ['approve, without words', (api) => api.approveTakedown('i1'), undefined, CONFLICT],
    ['attach, with words', (api) => api.attachFiles('i1', [new File(['x'], 'a.png', { type: 'image/png' })]), 'Attachment already exists', `${CONFLICT} The service said: “Attachment already exists”`],
    ['comment, with words', (api) => api.commentOnIncident('i1', 'hi'), 'Duplicate comment', `${CONFLICT} The service said: “Duplicate comment”`],
    ['request takedown, without words', (api) => api.requestTakedown('i1'), undefined, CONFLICT],
  ])('%s', async (_name, call, message, sentence) => {
    const { api } = apiWith(() => json(message ? { message } : {}, { status: 409 }));

    const problem = toApiErrorInfo(await rejectionOf(call(api)));

    expect(problem.kind).toBe('duplicate');
    expect(describeProblem(problem)).toBe(sentence);
  });
});
