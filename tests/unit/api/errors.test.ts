import { describe, expect, it } from 'vitest';
import { API_ERROR_KINDS, ApiError, extractServerMessage, isApiErrorInfo, parseRetryAfter, toApiErrorInfo } from '@/utils/api';

describe('toApiErrorInfo', () => {
  it.each<[string, unknown, string]>([
    ['an ApiError', new ApiError({ kind: 'duplicate', message: 'Already reported.', status: 409 }), 'duplicate'],
    ['an info received over messaging', { kind: 'rate_limited', message: 'Too many requests.', retryAfterSeconds: 3 }, 'rate_limited'],
    ['a DOMException TimeoutError', new DOMException('timed out', 'TimeoutError'), 'timeout'],
    ['an AbortError', new DOMException('aborted', 'AbortError'), 'timeout'],
    ['a TypeError from fetch', new TypeError('Failed to fetch'), 'network'],
    ['a plain Error', new Error('boom'), 'unexpected_response'],
    ['a string', 'boom', 'unexpected_response'],
    ['undefined', undefined, 'unexpected_response'],
    ['an object with an unknown kind', { kind: 'weird', message: 'x' }, 'unexpected_response'],
  ])('%s → %s', (_name, error, kind) => {
    const info = toApiErrorInfo(error);

    expect(info.kind).toBe(kind);
    expect(info.message).toMatch(/\w+.*\./);
  });

  it('keeps every field of an ApiError', () => {
    const error = new ApiError({ kind: 'rate_limited', message: 'Too many requests — try again in 7 seconds.', status: 429, serverMessage: 'Slow down', retryAfterSeconds: 7 });

    expect(toApiErrorInfo(error)).toEqual({ kind: 'rate_limited', message: 'Too many requests — try again in 7 seconds.', status: 429, serverMessage: 'Slow down', retryAfterSeconds: 7 });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
  });

  it('knows eleven kinds, and an info is recognised as such', () => {
    expect(API_ERROR_KINDS).toHaveLength(11);
    expect(isApiErrorInfo({ kind: 'timeout', message: 'x' })).toBe(true);
    expect(isApiErrorInfo({ kind: 'timeout' })).toBe(false);
  });
});

describe('extractServerMessage', () => {
  it.each<[string, unknown, string, string | undefined]>([
    ['message', { message: 'Incident already exists' }, '', 'Incident already exists'],
    ['error as a string', { error: 'Bad request' }, '', 'Bad request'],
    ['error.message', { error: { code: 'E1', message: 'Invalid phone' } }, '', 'Invalid phone'],
    ['errors[0].message', { errors: [{ field: 'subject', message: 'Invalid phone' }] }, '', 'Invalid phone'],
    ['errors[0] as a string', { errors: ['Invalid phone', 'Other'] }, '', 'Invalid phone'],
    ['detail', { detail: 'Not authenticated' }, '', 'Not authenticated'],
    ['detail[0].msg', { detail: [{ loc: ['body', 'url'], msg: 'field required' }] }, '', 'field required'],
    ['message wins over error', { message: 'First', error: 'Second' }, '', 'First'],
    ['an empty message falls through', { message: '  ', error: 'Second' }, '', 'Second'],
    ['a JSON string body', 'Rate limited', '"Rate limited"', 'Rate limited'],
    ['a short text body', undefined, 'Forbidden\n', 'Forbidden'],
    ['an HTML body', undefined, '<html><h1>502</h1></html>', undefined],
    ['an empty body', undefined, '', undefined],
    ['a JSON number', 42, '42', undefined],
    ['a JSON null', null, 'null', undefined],
    ['an object without a message', { status: 'error', code: 7 }, '', undefined],
    ['a non-string message', { message: { nested: true } }, '', undefined],
  ])('%s', (_name, body, raw, expected) => {
    expect(extractServerMessage(body, raw)).toBe(expected);
  });

  it('shortens a very long message', () => {
    const message = extractServerMessage({ message: 'x'.repeat(1000) }, '');

    expect(message).toHaveLength(300);
    expect(message?.endsWith('…')).toBe(true);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-01T10:00:00.000Z');

  it.each<[string | null | undefined, number | undefined]>([
    ['7', 7],
    [' 120 ', 120],
    ['0', 0],
    ['1.5', 2],
    ['Sun, 01 Mar 2026 10:00:30 GMT', 30],
    ['Sun, 01 Mar 2026 09:59:00 GMT', 0],
    ['-5', undefined],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%j → %s', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});
