import { describe, expect, it } from 'vitest';
import { ApiError } from '@/utils/api/errors';
import { isProblem, notSavedProblem, ProblemError, toProblem } from '@/utils/problems/kinds';

describe('toProblem', () => {
  it.each([
    ['a ProblemError', new ProblemError({ kind: 'not_configured' }), { kind: 'not_configured' }],
    ['an ApiError, its facts only', new ApiError({ kind: 'not_found', status: 404, target: 'incident' }), { kind: 'not_found', status: 404, target: 'incident' }],
    ['a problem received over messaging', { kind: 'permission_missing', origin: 'https://a.example' }, { kind: 'permission_missing', origin: 'https://a.example' }],
    ['an api info received over messaging', { kind: 'timeout', timeoutSeconds: 8, extra: 'dropped' }, { kind: 'timeout', timeoutSeconds: 8 }],
    ['a fetch TypeError', new TypeError('Failed to fetch'), { kind: 'network' }],
    ['a timeout', new DOMException('timed out', 'TimeoutError'), { kind: 'timeout' }],
    ['anything else', new Error('boom'), { kind: 'unexpected_response' }],
    ['a string', 'boom', { kind: 'unexpected_response' }],
  ])('%s', (_name, error, problem) => {
    expect(toProblem(error)).toEqual(problem);
  });
});

describe('isProblem', () => {
  it.each([
    [{ kind: 'not_configured' }, true],
    [{ kind: 'key_rejected', origin: 'x' }, true],
    [{ kind: 'duplicate' }, true],
    [{ kind: 'report_missing' }, true],
    [{ kind: 'invalid_indicator', reason: 'empty' }, true],
    [{ kind: 'report_busy' }, true],
    [{ kind: 'code_not_loaded' }, true],
    [{ kind: 'reports_unreadable' }, true],
    [{ kind: 'report_not_saved', full: true }, true],
    [{ kind: 'weird' }, false],
    [{ message: 'x' }, false],
    [null, false],
    ['not_configured', false],
  ])('%j → %s', (value, expected) => {
    expect(isProblem(value)).toBe(expected);
  });
});

describe('notSavedProblem', () => {
  it.each([
    [new DOMException('The quota has been exceeded.', 'QuotaExceededError'), { kind: 'report_not_saved', full: true }],
    [Object.assign(new Error('no room'), { name: 'QuotaExceededError' }), { kind: 'report_not_saved', full: true }],
    [new DOMException('The requested version is less than the existing version.', 'VersionError'), { kind: 'report_not_saved' }],
    [new Error('anything else'), { kind: 'report_not_saved' }],
    [{ name: 'QuotaExceededError' }, { kind: 'report_not_saved' }],
    [undefined, { kind: 'report_not_saved' }],
  ])('%s → %j', (error, problem) => {
    expect(notSavedProblem(error)).toEqual(problem);
  });
});

describe('ProblemError', () => {
  it('carries its problem and names its kind', () => {
    const error = new ProblemError({ kind: 'permission_missing', origin: 'https://a.example' });
    expect(error.problem).toEqual({ kind: 'permission_missing', origin: 'https://a.example' });
    expect(error.message).toBe('permission_missing');
    expect(error.name).toBe('ProblemError');
  });
});
