import type { ApiErrorKind } from '../api/errors';

/** A client (organisation) the API key acts for, as shown to the user. */
export interface ClientSummary {
  id: string;
  name: string;
  /** null when the service did not say. */
  active: boolean | null;
}

/** Why the extension cannot talk to the service right now. */
export type ConnectionProblemKind = ApiErrorKind | 'permission_missing' | 'not_configured' | 'invalid_input';

export interface ConnectionProblem {
  kind: ConnectionProblemKind;
  /** A sentence the user can act on. */
  message: string;
  retryAfterSeconds?: number;
}

/** What is known of the saved connection; never carries the key itself. */
export interface SavedConnection {
  baseUrl: string;
  origin: string;
  /** Last four characters of the key, masked. */
  keyHint: string;
  clients: ClientSummary[];
  /** ISO time of the last successful check. */
  verifiedAt: string;
}

export type ConnectionStatus =
  | { state: 'not_configured' }
  | ({ state: 'connected' } & SavedConnection)
  | ({ state: 'failing'; problem: ConnectionProblem } & SavedConnection);

/** The field of the options form a problem belongs to, so it is shown where the user made it. */
export type ConnectionField = 'baseUrl' | 'apiKey';

export type SaveConnectionResult =
  | { ok: true; status: Extract<ConnectionStatus, { state: 'connected' }> }
  | { ok: false; field: ConnectionField | null; problem: ConnectionProblem };
