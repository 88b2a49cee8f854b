import { accountEndpoints } from './account-endpoints';
import { documentEndpoints } from './documents';
import { incidentActionEndpoints } from './action-endpoints';
import { incidentEndpoints } from './incidents';
import { reportEndpoints } from './reports';
import { createRequester, type Credentials } from './request';
import { webhookEndpoints } from './webhooks';
import * as z from 'zod/mini';

// Extension pages forbid eval (CSP), so zod's compiled fast path could only
// fail; skip even trying it.
z.config({ jitless: true });

/** Where and with which key; fixed, or read before every request (the saved connection). */
type IncidentApiTarget =
  | {
      /** Service root, with or without a trailing slash; a path prefix (`/tenant-a`) is kept. */
      baseUrl: string;
      /** Sent as `x-api-key` on every request. */
      apiKey: string;
    }
  | {
      /** Called before every request; what it throws reaches the caller unchanged. */
      credentials: () => Credentials | Promise<Credentials>;
    };

export type IncidentApiOptions = IncidentApiTarget & {
  /** Per request; default 20000. */
  timeoutMs?: number;
  /** For requests that upload files; default 120000. */
  uploadTimeoutMs?: number;
  /** Replaces the global fetch (tests). */
  fetch?: typeof fetch;
};

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_UPLOAD_TIMEOUT_MS = 120_000;

function fixedCredentials(baseUrl: string, apiKey: string): () => Credentials {
  return () => ({ baseUrl, apiKey });
}

/**
 * Creates the typed client of the incident API. Every method throws an
 * ApiError (see errors.ts) and never retries on its own.
 */
export function createIncidentApi(options: IncidentApiOptions) {
  const credentials = 'credentials' in options ? options.credentials : fixedCredentials(options.baseUrl, options.apiKey);
  const send = createRequester({
    credentials,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    ...incidentEndpoints(send),
    ...incidentActionEndpoints(send),
    ...reportEndpoints(send, options.uploadTimeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS),
    ...accountEndpoints(send),
    ...documentEndpoints(send),
    ...webhookEndpoints(send),
  };
}

export type IncidentApi = ReturnType<typeof createIncidentApi>;
