export const API_ERROR_KINDS = [
  'unauthorized',
  'not_found',
  'duplicate',
  'probable_duplicate',
  'too_large',
  'invalid_request',
  'rate_limited',
  'server_error',
  'network',
  'timeout',
  'unexpected_response',
] as const;

export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

/** Plain, structured-clone-safe form that crosses the extension's message boundary. */
export interface ApiErrorInfo {
  kind: ApiErrorKind;
  /** A sentence a person understands and can act on. */
  message: string;
  status?: number;
  serverMessage?: string;
  retryAfterSeconds?: number;
}

/** A failed API call: a kind the UI switches on and a sentence it shows. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly serverMessage?: string;
  readonly retryAfterSeconds?: number;

  constructor(info: ApiErrorInfo, options?: { cause?: unknown }) {
    super(info.message, options);
    this.name = 'ApiError';
    this.kind = info.kind;
    if (info.status !== undefined) this.status = info.status;
    if (info.serverMessage !== undefined) this.serverMessage = info.serverMessage;
    if (info.retryAfterSeconds !== undefined) this.retryAfterSeconds = info.retryAfterSeconds;
  }

  /** The plain form, without undefined keys, safe to post to another extension context. */
  toInfo(): ApiErrorInfo {
    const info: ApiErrorInfo = { kind: this.kind, message: this.message };
    if (this.status !== undefined) info.status = this.status;
    if (this.serverMessage !== undefined) info.serverMessage = this.serverMessage;
    if (this.retryAfterSeconds !== undefined) info.retryAfterSeconds = this.retryAfterSeconds;
    return info;
  }
}

/** True when the value is an ApiError. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the value already is an ApiErrorInfo (for example one received over messaging). */
export function isApiErrorInfo(value: unknown): value is ApiErrorInfo {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, message } = value as Record<string, unknown>;
  return typeof message === 'string' && (API_ERROR_KINDS as readonly unknown[]).includes(kind);
}

export const NETWORK_SENTENCE =
  'Could not reach the service. Check the internet connection and the service URL on the options page.';
export const TIMEOUT_SENTENCE = 'The service did not answer in time. Try again in a moment.';
const UNEXPECTED_SENTENCE = 'Something unexpected went wrong while talking to the service. Try again.';

/** Turns anything thrown into the plain info the UI shows. */
export function toApiErrorInfo(error: unknown): ApiErrorInfo {
  if (error instanceof ApiError) return error.toInfo();
  if (isApiErrorInfo(error)) return { ...error };
  const name = error instanceof Error || error instanceof DOMException ? error.name : undefined;
  // ky's TimeoutError and AbortSignal.timeout()'s DOMException share this name;
  // the client aborts only on timeout, so an AbortError is one too.
  if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout', message: TIMEOUT_SENTENCE };
  // fetch rejects with a TypeError when the network fails; ky wraps it as NetworkError.
  if (name === 'NetworkError' || error instanceof TypeError) return { kind: 'network', message: NETWORK_SENTENCE };
  return { kind: 'unexpected_response', message: UNEXPECTED_SENTENCE };
}
