import { ApiError, type ApiErrorInfo } from './errors';
import { describeWait, parseRetryAfter } from './retry-after';

/** What the client knows about a non-2xx answer when it turns it into an error. */
export interface FailedResponse {
  status: number;
  headers: Headers;
  serverMessage?: string;
  /** The request named a clientId: a 401/403 then means that client, not the key. */
  carriedClientId: boolean;
  /** Sentence for a 404, naming what was looked for. */
  notFoundMessage?: string;
}

function quoted(serverMessage: string | undefined): string {
  return serverMessage ? ` The service said: “${serverMessage}”` : '';
}

function sentenceFor(response: FailedResponse, retryAfterSeconds: number | undefined): Omit<ApiErrorInfo, 'status'> {
  const { status, serverMessage } = response;
  // The spec does not show the missing/invalid-key answer, so 401 and 403 both count.
  if (status === 401 || status === 403) {
    return {
      kind: 'unauthorized',
      message: response.carriedClientId
        ? 'This API key is not authorised for that client. Choose another client, or check the key on the options page.'
        : 'The service rejected the API key. Check it on the options page.',
    };
  }
  if (status === 404) {
    return { kind: 'not_found', message: response.notFoundMessage ?? 'The service has no record of what was asked for.' };
  }
  if (status === 409) {
    return {
      kind: 'duplicate',
      message: 'This threat was already reported: the service already has an incident for it.',
    };
  }
  if (status === 413) {
    return {
      kind: 'too_large',
      message: 'The attachments are too large for the service: send at most 12 files, under 10 MB in total.',
    };
  }
  if (status === 429) {
    const wait =
      retryAfterSeconds === undefined
        ? 'wait a moment and try again.'
        : retryAfterSeconds === 0
          ? 'try again now.'
          : `try again in ${describeWait(retryAfterSeconds)}.`;
    return { kind: 'rate_limited', message: `Too many requests — ${wait}` };
  }
  if (status >= 500) {
    return {
      kind: 'server_error',
      message: `The service had a problem (HTTP ${status}). Try again in a few minutes.${quoted(serverMessage)}`,
    };
  }
  if (status >= 400) {
    return {
      kind: 'invalid_request',
      message: serverMessage
        ? `The service refused the request: ${serverMessage}`
        : `The service refused the request as invalid (HTTP ${status}).`,
    };
  }
  return {
    kind: 'unexpected_response',
    message: `The service answered with an unexpected HTTP status (${status}).`,
  };
}

/** Maps a non-2xx answer to an ApiError (see the spec's Errors section). */
export function errorFromResponse(response: FailedResponse): ApiError {
  const retryAfterSeconds =
    response.status === 429 ? parseRetryAfter(response.headers.get('retry-after')) : undefined;
  const info: ApiErrorInfo = { ...sentenceFor(response, retryAfterSeconds), status: response.status };
  if (response.serverMessage !== undefined) info.serverMessage = response.serverMessage;
  if (retryAfterSeconds !== undefined) info.retryAfterSeconds = retryAfterSeconds;
  return new ApiError(info);
}
