import { ApiError, toApiErrorInfo, type ApiTarget } from './errors';
import { extractServerMessage, withoutKeyInBody } from './server-message';
export { KEY_REMOVED, withoutKey } from './server-message';
import { isRecord } from './records';
import type { Multipart } from './attachments';
import { errorFromResponse } from './status-errors';

type QueryValue = string | number | boolean | undefined;
/** Query parameters; undefined ones are not sent, booleans go as `true`/`false`. */
export type Query = Readonly<Record<string, QueryValue>>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  query?: Query;
  json?: unknown;
  form?: Multipart;
  /** Overrides the client's timeout (uploads get a longer one). */
  timeoutMs?: number;
  /** What the request is about, named in a 404 or an unreadable answer. */
  target?: ApiTarget;
  /** A 2xx whose body is not JSON is still a success (body undefined), not an error. */
  anyBody?: boolean;
  /** The most of an answer's body read (bytes); DEFAULT_MAX_BODY_BYTES unless the endpoint returns more. */
  maxBodyBytes?: number;
  /** The request leaves only once this is done (the caller's own write that must come first; the key is read meanwhile); its failure is thrown as it is, and nothing is sent. */
  after?: Promise<unknown>;
}

/**
 * What any answer may weigh: far above the service's records, far below what
 * a worker can hold. A larger (or endless) body is not buffered: a 2xx is then
 * an unreadable answer, an error keeps its status without the server's words.
 */
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

/** A 2xx answer; `body` is the parsed JSON, or undefined when the body was empty or (with anyBody) not JSON. */
export interface ApiResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Where to send and with which key; read per request, so a changed key applies at once. */
export interface Credentials {
  baseUrl: string;
  apiKey: string;
}

export interface RequesterConfig {
  /** Called before every request; whatever it throws reaches the caller unchanged. */
  credentials: () => Credentials | Promise<Credentials>;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Sends one request to `/v1/<segments>` and returns its 2xx answer, or throws an ApiError. */
export type SendRequest = (segments: readonly string[], options?: RequestOptions) => Promise<ApiResponse>;

/**
 * `v1/…` with EVERY segment percent-encoded: ids are opaque and subjects can
 * be whole URLs (`https://evil.example/login?x=1#y` stays one segment).
 */
function apiPath(segments: readonly string[]): string {
  return ['v1', ...segments].map((segment) => encodeURIComponent(segment)).join('/');
}

/** The request URL under the base URL, keeping any path prefix (`https://host/tenant` + `v1/…`). */
function requestUrl(baseUrl: string, segments: readonly string[]): URL | undefined {
  if (!URL.canParse(baseUrl)) return undefined;
  return new URL(apiPath(segments), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
}

/** Why a path segment would not reach the resource it names (an empty id; `.`/`..`, which URLs resolve away), or null when it would. */
export function segmentRefusal(segment: string): 'missing_id' | 'dot_segment' | null {
  if (segment.trim() === '') return 'missing_id';
  if (segment === '.' || segment === '..') return 'dot_segment';
  return null;
}

/** Refuses segments that would not reach the resource named; an empty one is named first. */
function checkSegments(segments: readonly string[]): void {
  const refusals = segments.map(segmentRefusal);
  const refusal = refusals.find((found) => found === 'missing_id') ?? refusals.find((found) => found !== null);
  if (refusal) throw new ApiError({ kind: 'invalid_request', refusal });
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
  const inJson = isRecord(json) && json.clientId !== undefined;
  return query?.clientId !== undefined || inJson || (form?.names.includes('clientId') ?? false);
}

/** The JSON in a body: `{value}`, with value undefined for an empty body; undefined when it is not JSON. */
function parseJson(text: string): { value: unknown } | undefined {
  if (text.trim() === '') return { value: undefined };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** A body as text, or overCap when it is larger than `maxBytes` (then nothing of it is kept). */
interface BodyRead {
  text: string;
  overCap: boolean;
}

function joined(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}

/**
 * The body of `response`, read through its stream up to `maxBytes`, and
 * abandoned with `signal`'s reason when it aborts first (a body that never
 * ends). A declared Content-Length over the cap is not read at all.
 */
async function readBody(response: Response, signal: AbortSignal, maxBytes: number): Promise<BodyRead> {
  const tooLarge = { text: '', overCap: true };
  if (Number(response.headers.get('content-length')) > maxBytes) {
    response.body?.cancel().catch(() => undefined);
    return tooLarge;
  }
  if (!response.body) return { text: '', overCap: false };
  const reader = response.body.getReader();
  const abort = () => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', abort, { once: true });
  try {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      if (signal.aborted) throw signal.reason;
      const { done, value } = await reader.read();
      // A cancelled read ends as if the body had: the abort decides.
      if (signal.aborted) throw signal.reason;
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        reader.cancel().catch(() => undefined);
        return tooLarge;
      }
      chunks.push(value);
    }
    return { text: new TextDecoder().decode(joined(chunks, size)), overCap: false };
  } finally {
    signal.removeEventListener('abort', abort);
  }
}

/** The request's headers and body: JSON, a multipart form, or none. */
function requestInit(apiKey: string, options: RequestOptions): RequestInit {
  const headers = new Headers({ accept: 'application/json', 'x-api-key': apiKey });
  // A redirect is never followed: browsers keep a custom header such as
  // x-api-key on a cross-origin redirect, so following one would hand the key
  // to whatever site the address points at.
  const redirect = 'manual';
  if (options.form) {
    headers.set('content-type', options.form.type);
    return { headers, redirect, body: options.form.body };
  }
  if (options.json === undefined) return { headers, redirect };
  headers.set('content-type', 'application/json');
  return { headers, redirect, body: JSON.stringify(options.json) };
}

/** The statuses fetch would follow (304 Not Modified is not one). */
const REDIRECT_STATUSES: readonly number[] = [301, 302, 303, 307, 308];

/** A redirect answer: browsers show `redirect: 'manual'` as an opaque one (status 0), Node as the 3xx itself. */
function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || REDIRECT_STATUSES.includes(response.status);
}

/**
 * Creates the one function that talks HTTP, on the platform's fetch: the key
 * is added here alone, one timeout bounds the request and the body read, and
 * nothing is retried automatically (the spec says reports are not retried;
 * the UI decides). No HTTP library: fetch and an AbortController do all of
 * it, and ky cost the service worker 7 KB gzipped of its 40 KB budget.
 */
export function createRequester(config: RequesterConfig): SendRequest {
  // Looked up per call, so a stubbed global fetch (tests) applies.
  const send = config.fetch ?? ((input: URL, init: RequestInit) => fetch(input, init));

  return async (segments, options = {}) => {
    checkSegments(segments);
    const [{ baseUrl, apiKey }] = await Promise.all([config.credentials(), options.after]);
    const url = requestUrl(baseUrl, segments);
    if (!url) throw new ApiError({ kind: 'invalid_request', refusal: 'invalid_base_url' });
    url.search = toSearchParams(options.query).toString();
    const timeoutMs = options.timeoutMs ?? config.timeoutMs;
    // A timer of our own, not AbortSignal.timeout(): Node lets an unreferenced
    // timeout signal be collected before it fires, and the request would hang.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('The request timed out.', 'TimeoutError')), timeoutMs);
    const { signal } = controller;
    const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    let response: Response;
    let body: BodyRead;
    try {
      response = await send(url, { method: options.method ?? 'GET', ...requestInit(apiKey, options), signal });
      if (isRedirect(response)) {
        response.body?.cancel().catch(() => undefined);
        throw new ApiError({ kind: 'invalid_request', refusal: 'redirected', ...(response.status ? { status: response.status } : {}) });
      }
      body = await readBody(response, signal, maxBodyBytes);
    } catch (error) {
      const info = toApiErrorInfo(error);
      if (info.kind === 'timeout') info.timeoutSeconds = Math.max(1, Math.round(timeoutMs / 1000));
      throw new ApiError(info, { cause: error });
    } finally {
      clearTimeout(timer);
    }

    const { text } = body;
    // With anyBody (reports) a 2xx too large to read is a 2xx without a readable body, like one that is not JSON.
    if (body.overCap && response.ok && !options.anyBody) {
      throw new ApiError({ kind: 'unexpected_response', status: response.status, refusal: 'body_too_large', limit: maxBodyBytes, ...(options.target ? { target: options.target } : {}) });
    }
    const parsed = parseJson(text);
    if (!response.ok) {
      throw errorFromResponse({
        status: response.status,
        headers: response.headers,
        serverMessage: extractServerMessage(parsed?.value, text, apiKey),
        carriedClientId: carriesClientId(options),
        ...(options.target ? { target: options.target } : {}),
      });
    }
    if (!parsed && !options.anyBody) {
      throw new ApiError({ kind: 'unexpected_response', status: response.status, refusal: 'not_json', ...(options.target ? { target: options.target } : {}) });
    }
    // A success's words reach pages, reports and backups too: no key in them (issue 39).
    return { status: response.status, headers: response.headers, body: withoutKeyInBody(parsed?.value, apiKey) };
  };
}
