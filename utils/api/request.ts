import ky from 'ky';
import { ApiError, toApiErrorInfo } from './errors';
import { describeWait } from './retry-after';
import { extractServerMessage } from './server-message';
import { errorFromResponse } from './status-errors';

export type QueryValue = string | number | boolean | undefined;
/** Query parameters; undefined ones are not sent, booleans go as `true`/`false`. */
export type Query = Readonly<Record<string, QueryValue>>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  query?: Query;
  json?: unknown;
  form?: FormData;
  /** Overrides the client's timeout (uploads get a longer one). */
  timeoutMs?: number;
  /** Sentence for a 404, naming what was looked for. */
  notFoundMessage?: string;
}

/** A 2xx answer; `body` is the parsed JSON, or undefined when the body was empty. */
export interface ApiResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface RequesterConfig {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Sends one request to `/v1/<segments>` and returns its 2xx answer, or throws an ApiError. */
export type SendRequest = (segments: readonly string[], options?: RequestOptions) => Promise<ApiResponse>;

/**
 * `v1/…` with EVERY segment percent-encoded: ids are opaque and subjects can
 * be whole URLs (`https://evil.example/login?x=1#y` stays one segment).
 */
export function apiPath(segments: readonly string[]): string {
  return ['v1', ...segments].map((segment) => encodeURIComponent(segment)).join('/');
}

function toSearchParams(query: Query | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  return params;
}

function carriesClientId(options: RequestOptions): boolean {
  const { query, json, form } = options;
  const inJson = typeof json === 'object' && json !== null && (json as Record<string, unknown>).clientId !== undefined;
  return query?.clientId !== undefined || inJson || (form?.has('clientId') ?? false);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function timeoutError(timeoutMs: number, cause: unknown): ApiError {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  return new ApiError(
    { kind: 'timeout', message: `The service did not answer within ${describeWait(seconds)}. Try again in a moment.` },
    { cause },
  );
}

/**
 * Creates the one function that talks HTTP, with ky: the key is added in a
 * single beforeRequest hook, and nothing is retried automatically (the spec
 * says reports are not retried; the UI decides).
 */
export function createRequester(config: RequesterConfig): SendRequest {
  const client = ky.create({
    prefix: config.baseUrl,
    timeout: config.timeoutMs,
    retry: 0,
    throwHttpErrors: false,
    headers: { accept: 'application/json' },
    hooks: {
      beforeRequest: [
        ({ request }) => {
          request.headers.set('x-api-key', config.apiKey);
        },
      ],
    },
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });

  return async (segments, options = {}) => {
    if (!URL.canParse(config.baseUrl)) {
      throw new ApiError({ kind: 'invalid_request', message: 'The service URL is not valid. Check it on the options page.' });
    }
    if (segments.some((segment) => segment === '')) {
      throw new ApiError({ kind: 'invalid_request', message: 'The request is missing an id.' });
    }
    const timeoutMs = options.timeoutMs ?? config.timeoutMs;
    let response: Response;
    let text: string;
    try {
      const pending = client(apiPath(segments), {
        method: options.method ?? 'GET',
        searchParams: toSearchParams(options.query),
        timeout: timeoutMs,
        ...(options.json !== undefined ? { json: options.json } : {}),
        ...(options.form ? { body: options.form } : {}),
      });
      // ky's body shortcut bounds the body read by the same timeout.
      text = await pending.text();
      response = await pending;
    } catch (error) {
      const info = toApiErrorInfo(error);
      if (info.kind === 'timeout') throw timeoutError(timeoutMs, error);
      throw new ApiError(info, { cause: error });
    }

    const parsed = text.trim() === '' ? undefined : parseJson(text);
    if (!response.ok) {
      throw errorFromResponse({
        status: response.status,
        headers: response.headers,
        serverMessage: extractServerMessage(parsed?.ok ? parsed.value : undefined, text),
        carriedClientId: carriesClientId(options),
        ...(options.notFoundMessage ? { notFoundMessage: options.notFoundMessage } : {}),
      });
    }
    if (parsed && !parsed.ok) {
      throw new ApiError({
        kind: 'unexpected_response',
        status: response.status,
        message: `The service answered with something that is not JSON (HTTP ${response.status}). Try again later.`,
      });
    }
    return { status: response.status, headers: response.headers, body: parsed?.value };
  };
}
