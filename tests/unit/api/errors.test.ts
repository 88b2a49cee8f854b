import { describe, expect, it } from 'vitest';
import { API_ERROR_KINDS, ApiError, extractServerMessage, isApiErrorInfo, parseRetryAfter, toApiErrorInfo, type ApiErrorInfo } from '@/utils/api';

describe('toApiErrorInfo', () => {
  it.each<[string, unknown, ApiErrorInfo]>([
    ['an ApiError', new ApiError({ kind: 'duplicate', status: 409, serverMessage: 'exists' }), { kind: 'duplicate', status: 409, serverMessage: 'exists' }],
    ['an info received over messaging', { kind: 'rate_limited', retryAfterSeconds: 3, extra: 1 }, { kind: 'rate_limited', retryAfterSeconds: 3 }],
    ['a DOMException TimeoutError', new DOMException('timed out', 'TimeoutError'), { kind: 'timeout' }],
    ['an AbortError', new DOMException('aborted', 'AbortError'), { kind: 'timeout' }],
    ['a TypeError from fetch', new TypeError('Failed to fetch'), { kind: 'network' }],
    ['ky’s NetworkError', Object.assign(new Error('Request failed'), { name: 'NetworkError' }), { kind: 'network' }],
    ['ky’s TimeoutError', Object.assign(new Error('Request timed out'), { name: 'TimeoutError' }), { kind: 'timeout' }],
    ['an info with undefined facts', { kind: 'not_found', status: 404, target: undefined, serverMessage: undefined }, { kind: 'not_found', status: 404 }],
    ['a plain Error', new Error('boom'), { kind: 'unexpected_response' }],
    ['a string', 'boom', { kind: 'unexpected_response' }],
    ['undefined', undefined, { kind: 'unexpected_response' }],
    ['an object with an unknown kind', { kind: 'weird' }, { kind: 'unexpected_response' }],
  ])('%s', (_name, error, info) => {
    expect(toApiErrorInfo(error)).toEqual(info);
  });

  it('keeps every fact of an ApiError, and no undefined keys', () => {
    const facts: ApiErrorInfo = {
      kind: 'too_large',
      status: 413,
      serverMessage: 'Too big',
      retryAfterSeconds: 7,
      target: 'report',
      clientScoped: true,
      refusal: 'too_many_files',
      fileName: 'a.png',
      fileCount: 13,
      totalBytes: 99,
      limit: 12,
      timeoutSeconds: 20,
    };
    const error = new ApiError({ ...facts, serverMessage: 'Too big' });
    expect(toApiErrorInfo(error)).toEqual(facts);
    expect(Object.keys(toApiErrorInfo(new ApiError({ kind: 'network', status: undefined })))).toEqual(['kind']);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.kind).toBe('too_large');
  });

  it.each<[ApiErrorInfo, string]>([
    [{ kind: 'network' }, 'network'],
    [{ kind: 'not_found', status: 404, target: 'incident' }, 'not_found (HTTP 404, incident)'],
    [{ kind: 'invalid_request', refusal: 'dot_segment' }, 'invalid_request (dot_segment)'],
    [{ kind: 'server_error', status: 500, serverMessage: 'down' }, 'server_error (HTTP 500, down)'],
  ])('logs %j as %j, never a sentence for people', (info, message) => {
    expect(new ApiError(info).message).toBe(message);
  });

  it('knows ten kinds; an info needs only a known kind', () => {
    expect(API_ERROR_KINDS).toEqual(['unauthorized', 'not_found', 'duplicate', 'too_large', 'invalid_request', 'rate_limited', 'server_error', 'network', 'timeout', 'unexpected_response']);
    for (const kind of API_ERROR_KINDS) expect(isApiErrorInfo({ kind })).toBe(true);
    expect(isApiErrorInfo({ kind: 'timeout', status: 'not a number', extra: true })).toBe(true);
    expect(isApiErrorInfo({ kind: 'probable_duplicate' })).toBe(false);
    expect(isApiErrorInfo({ status: 404 })).toBe(false);
    expect(isApiErrorInfo(null)).toBe(false);
    expect(isApiErrorInfo('timeout')).toBe(false);
  });
});

describe('extractServerMessage', () => {
  it.each<[string, unknown, string, string | undefined]>([
    ['message', { message: 'Incident already exists' }, '', 'Incident already exists'],
    ['error as a string', { error: 'Bad request' }, '', 'Bad request'],
    ['error.message', { error: { code: 'E1', message: 'Invalid phone' } }, '', 'Invalid phone'],
    ['errors[0].message', { errors: [{ field: 'subject', message: 'Invalid phone' }] }, '', 'Invalid phone'],
    ['errors as strings, all of them', { errors: ['Invalid phone', 'Other'] }, '', 'Invalid phone; Other'],
    ['a message array beats a generic error', { statusCode: 400, message: ['subject must be a valid E.164 phone number'], error: 'Bad Request' }, '', 'subject must be a valid E.164 phone number'],
    ['a message array of several', { message: ['url must be a URL', 'comment must be a string'] }, '', 'url must be a URL; comment must be a string'],
    ['errors[].msg', { errors: [{ msg: 'too short' }] }, '', 'too short'],
    ['errors beat a generic error', { error: 'Bad Request', errors: [{ message: 'Invalid phone' }] }, '', 'Invalid phone'],
    ['a bare array body', ['first', 'second'], '["first","second"]', 'first; second'],
    ['an HTML string in JSON', '<html><body>Oops</body></html>', '', undefined],
    ['an HTML message', { message: '<!DOCTYPE html><html><h1>400</h1></html>' }, '', undefined],
    ['HTML fragment text', undefined, '<p>Bad gateway</p>', undefined],
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
    // One row per body shape the service may use.
    ['a plain JSON string', 'Invalid API key', '"Invalid API key"', 'Invalid API key'],
    ['an array of strings', ['url is required', 'subject is required'], '', 'url is required; subject is required'],
    ['{message} as a string', { message: 'Unknown incident' }, '', 'Unknown incident'],
    ['{message} as an array', { message: ['a', 'b'] }, '', 'a; b'],
    ['{message} as an empty array falls through to error', { message: [], error: 'Bad Request' }, '', 'Bad Request'],
    ['{error: {message}}', { error: { message: 'Invalid phone' } }, '', 'Invalid phone'],
    ['{error: {msg}}', { error: { msg: 'Invalid phone' } }, '', 'Invalid phone'],
    ['{errors} mixing strings, {message} and {msg}', { errors: ['a', { message: 'b' }, { msg: 'c' }, { code: 7 }] }, '', 'a; b; c'],
    ['{detail} beats a generic error', { error: 'Unprocessable Entity', detail: 'url is not a URL' }, '', 'url is not a URL'],
    ['a top-level msg', { msg: 'limit too high' }, '', 'limit too high'],
    ['an HTML string in an array', ['<html><body>Oops</body></html>', 'kept'], '', 'kept'],
    ['an HTML error.message', { error: { message: '<html><body>502</body></html>' } }, '', undefined],
    ['an HTML text body starting with a doctype', undefined, '<!DOCTYPE html><p>x', undefined],
    ['an XML body', undefined, '<?xml version="1.0"?><error/>', undefined],
  ])('%s', (_name, body, raw, expected) => {
    expect(extractServerMessage(body, raw)).toBe(expected);
  });

  it.each<[string, unknown, string]>([
    ['a long {message}', { message: 'x'.repeat(1000) }, ''],
    ['a long JSON string', 'x'.repeat(301), ''],
    ['a long array of strings', ['x'.repeat(200), 'x'.repeat(200)], ''],
  ])('cuts %s at 300 characters with …', (_name, body, raw) => {
    const message = extractServerMessage(body, raw);
    const whole = Array.isArray(body) ? body.join('; ') : typeof body === 'string' ? body : 'x'.repeat(1000);

    expect(message).toBe(`${whole.slice(0, 299)}…`);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-01T10:00:00.000Z');

  it.each<[string | null | undefined, number | undefined]>([
    ['7', 7],
    [' 120 ', 120],
    ['0', 0],
    ['1.5', 2],
    ['1.55', 2],
    ['7abc', undefined],
    ['7 seconds', undefined],
    ['   ', undefined],
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
