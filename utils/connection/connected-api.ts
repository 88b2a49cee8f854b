import { createIncidentApi, type IncidentApi, type IncidentApiOptions } from '../api/client';
import type { Credentials } from '../api/request';
import { ProblemError } from '../problems/kinds';
import { readConnectionAndKey } from '../storage/connection';
import { checkBaseUrl } from './base-url';

export interface ConnectedApiDeps {
  /** Whether the extension holds the host permission for a match pattern. */
  hasHostPermission(pattern: string): Promise<boolean>;
  /** Per request; the client's default otherwise. */
  timeoutMs?: number;
  /** Per report with files; the client's default otherwise. */
  uploadTimeoutMs?: number;
  /** Replaces the global fetch (tests). */
  fetch?: typeof fetch;
}

/**
 * The saved connection's URL and key, checked, read afresh for every request:
 * a key saved, replaced or forgotten applies at once. Throws a ProblemError
 * (not_configured, invalid_input, permission_missing) instead of sending.
 */
async function readSavedCredentials(hasHostPermission: ConnectedApiDeps['hasHostPermission']): Promise<Credentials> {
  const [saved, apiKey] = await readConnectionAndKey();
  if (!saved || !apiKey) throw new ProblemError({ kind: 'not_configured' });
  const checked = checkBaseUrl(saved.baseUrl);
  if (!checked.ok) throw new ProblemError({ kind: 'invalid_input', reason: checked.reason });
  if (!(await hasHostPermission(checked.address.permissionPattern))) {
    throw new ProblemError({ kind: 'permission_missing', origin: checked.address.origin });
  }
  return { baseUrl: checked.address.baseUrl, apiKey };
}

/**
 * The one ready client of the background for the saved connection. Every
 * feature calls the API through it; none rebuilds the URL, permission and
 * key checks, and the API layer itself never touches storage.
 */
export function createConnectedApi(deps: ConnectedApiDeps): IncidentApi {
  const options: IncidentApiOptions = {
    credentials: () => readSavedCredentials(deps.hasHostPermission),
    ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
    ...(deps.uploadTimeoutMs !== undefined ? { uploadTimeoutMs: deps.uploadTimeoutMs } : {}),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  };
  return createIncidentApi(options);
}
