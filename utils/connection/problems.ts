import type { ConnectionField } from '../storage/connection-types';
import { toProblem, type Problem } from '../problems/kinds';

/**
 * Turns a failed `whoami` into a problem for the connection form, and names
 * the field the user should fix: a rejected key is the key's fault; an
 * address that does not answer like the API is the URL's.
 */
export function describeConnectionFailure(error: unknown, origin: string): { field: ConnectionField | null; problem: Problem } {
  const problem = toProblem(error);
  switch (problem.kind) {
    case 'unauthorized':
      return { field: 'apiKey', problem: { kind: 'key_rejected', origin } };
    case 'network':
      return { field: 'baseUrl', problem: { kind: 'unreachable', origin } };
    case 'not_found':
    case 'unexpected_response':
      return { field: 'baseUrl', problem: { kind: 'not_the_api', origin, ...(problem.status ? { status: problem.status } : {}) } };
    case 'permission_missing':
    case 'invalid_input':
      return { field: 'baseUrl', problem };
    case 'invalid_request':
      return { field: problem.refusal === 'redirected' ? 'baseUrl' : null, problem };
    default:
      return { field: null, problem };
  }
}
