import { toApiErrorInfo } from '../api/errors';
import type { ConnectionField, ConnectionProblem } from './types';

/**
 * Turns a failed `whoami` into a problem sentence for the connection form, and
 * names the field the user should fix: a rejected key is the key's fault; an
 * address that does not answer like the API is the URL's.
 */
export function describeConnectionFailure(
  error: unknown,
  origin: string,
): { field: ConnectionField | null; problem: ConnectionProblem } {
  const info = toApiErrorInfo(error);
  const base = { kind: info.kind, retryAfterSeconds: info.retryAfterSeconds };
  switch (info.kind) {
    case 'unauthorized':
      return {
        field: 'apiKey',
        problem: { ...base, message: `${origin} rejected this API key. Check that you copied the whole key and that it is still active.` },
      };
    case 'network':
      return {
        field: 'baseUrl',
        problem: { ...base, message: `Could not reach ${origin}. Check the address and your network, then try again.` },
      };
    case 'not_found':
    case 'unexpected_response':
      return {
        field: 'baseUrl',
        problem: { ...base, message: `${origin} answered, but not as the incident API does. Check the service URL.` },
      };
    default:
      return { field: null, problem: { ...base, message: info.message } };
  }
}

/** The problem shown when the host permission for the service was not granted or was removed. */
export function missingPermissionProblem(origin: string): ConnectionProblem {
  return {
    kind: 'permission_missing',
    message: `The extension is not allowed to contact ${origin}. Save the connection again on the options page and allow access when asked.`,
  };
}
