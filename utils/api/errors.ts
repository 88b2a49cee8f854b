// Errors are values with a kind and facts. This layer never writes a sentence
// for people: utils/problems/sentences.ts turns kinds and facts into words.

export const API_ERROR_KINDS = ['unauthorized', 'not_found', 'duplicate', 'too_large', 'invalid_request', 'rate_limited', 'server_error', 'network', 'timeout', 'unexpected_response'] as const;

export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

/** What a request was about, so a 404 or an unreadable answer can name it. */
export type ApiTarget = 'incident' | 'subject' | 'document' | 'webhook' | 'report' | 'list' | 'secret' | 'download_link';

/** Why the client refused to send a request (kind `invalid_request`, no HTTP status) or to read an answer. */
type ApiRefusal =
  | 'invalid_base_url'
  | 'missing_id'
  | 'dot_segment'
  | 'no_files'
  | 'file_type'
  | 'too_many_files'
  | 'too_many_bytes'
  | 'empty_comment'
  | 'webhook_not_https'
  | 'not_json'
  /** An answer larger than the client reads (utils/api/request.ts). */
  | 'body_too_large'
  /** The address answered with a redirect, which is never followed (it would carry the key elsewhere). */
  | 'redirected';

/** Plain, structured-clone-safe form that crosses the extension's message boundary. */
export interface ApiErrorInfo {
  kind: ApiErrorKind;
  /** HTTP status, when the service answered. */
  status?: number;
  /** The service's own words, from any common error body shape. */
  serverMessage?: string;
  retryAfterSeconds?: number;
  /** What the request was about. */
  target?: ApiTarget;
  /** On `unauthorized`: the request named a clientId, so that client (not the key) was refused. */
  clientScoped?: boolean;
  /** Set when the client itself refused, before sending or while reading. */
  refusal?: ApiRefusal;
  /** Facts of a refused upload: the file at fault, how many files, their total size, the limit. */
  fileName?: string;
  fileCount?: number;
  totalBytes?: number;
  limit?: number;
  /** On `timeout`: how long the client waited. */
  timeoutSeconds?: number;
}

const FACT_KEYS = [
  'status',
  'serverMessage',
  'retryAfterSeconds',
  'target',
  'clientScoped',
  'refusal',
  'fileName',
  'fileCount',
  'totalBytes',
  'limit',
  'timeoutSeconds',
] as const satisfies readonly (keyof ApiErrorInfo)[];

/** A failed API call: a kind the UI switches on, and facts to explain it. `message` is for logs only. */
export class ApiError extends Error {
  readonly info: ApiErrorInfo;

  constructor(info: ApiErrorInfo, options?: { cause?: unknown }) {
    super(describeForLog(info), options);
    this.name = 'ApiError';
    this.info = pickFacts(info);
  }

  get kind(): ApiErrorKind {
    return this.info.kind;
  }
}

/** The info without undefined keys (safe to post to another extension context). */
function pickFacts(info: ApiErrorInfo): ApiErrorInfo {
  const picked: ApiErrorInfo = { kind: info.kind };
  for (const key of FACT_KEYS) {
    if (info[key] !== undefined) Object.assign(picked, { [key]: info[key] });
  }
  return picked;
}

/** A one-line developer description: `not_found (HTTP 404, incident)`. */
function describeForLog(info: ApiErrorInfo): string {
  const facts = [info.status === undefined ? undefined : `HTTP ${info.status}`, info.target, info.refusal, info.serverMessage];
  const shown = facts.filter((fact) => fact !== undefined);
  return shown.length === 0 ? info.kind : `${info.kind} (${shown.join(', ')})`;
}

/** True when the value already is an ApiErrorInfo (for example one received over messaging). */
export function isApiErrorInfo(value: unknown): value is ApiErrorInfo {
  if (typeof value !== 'object' || value === null) return false;
  return (API_ERROR_KINDS as readonly unknown[]).includes((value as Record<string, unknown>).kind);
}

/** Turns anything thrown by a request into the plain info the UI acts on. */
export function toApiErrorInfo(error: unknown): ApiErrorInfo {
  if (error instanceof ApiError) return { ...error.info };
  if (isApiErrorInfo(error)) return pickFacts(error);
  const name = error instanceof Error || error instanceof DOMException ? error.name : undefined;
  // AbortSignal.timeout() aborts with a TimeoutError DOMException; the client
  // aborts only on timeout, so an AbortError is one too.
  if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' };
  // fetch rejects with a TypeError when the network fails (some wrappers name it NetworkError).
  if (name === 'NetworkError' || error instanceof TypeError) return { kind: 'network' };
  return { kind: 'unexpected_response' };
}
