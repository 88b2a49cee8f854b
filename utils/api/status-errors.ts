import { ApiError, type ApiErrorInfo, type ApiErrorKind, type ApiTarget } from './errors';
import { parseRetryAfter } from './retry-after';

/** What the client knows about a non-2xx answer when it turns it into an error. */
export interface FailedResponse {
  status: number;
  headers: Headers;
  serverMessage?: string;
  /** The request named a clientId: a 401/403 then means that client, not the key. */
  carriedClientId: boolean;
  /** What the request was about. */
  target?: ApiTarget;
}

/** The kind of a non-2xx status (see the spec's Errors section). */
function kindOfStatus(status: number): ApiErrorKind {
  // The spec does not show the missing/invalid-key answer, so 401 and 403 both count.
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 409) return 'duplicate';
  if (status === 413) return 'too_large';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  if (status >= 400) return 'invalid_request';
  return 'unexpected_response';
}

/** Maps a non-2xx answer to an ApiError carrying its facts. */
export function errorFromResponse(response: FailedResponse): ApiError {
  const kind = kindOfStatus(response.status);
  // ApiError keeps only the facts that are set.
  const info: ApiErrorInfo = {
    kind,
    status: response.status,
    serverMessage: response.serverMessage,
    target: response.target,
    clientScoped: kind === 'unauthorized' && response.carriedClientId ? true : undefined,
    retryAfterSeconds: kind === 'rate_limited' ? parseRetryAfter(response.headers.get('retry-after')) : undefined,
  };
  return new ApiError(info);
}
