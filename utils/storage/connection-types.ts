import type { Problem } from '../problems/kinds';

/** A client (organisation) the API key acts for, as shown to the user. */
export interface ClientSummary {
  /** null when the service named the client without an id (whoami's bare names). */
  id: string | null;
  /** null when the service gave no name; show the id. */
  name: string | null;
  /** null when the service did not say. */
  active: boolean | null;
  /**
   * A managed sub-client: listed by `GET /v1/clients` ("including
   * sub-clients") but not among the clients whoami says the key represents.
   * Absent when that cannot be told (whoami named no client ids).
   */
  managed?: boolean;
  /**
   * The client it is a sub-client of; null: a top-level client; absent: not
   * known. Said by `GET /v1/clients` when it sends it, else learned from the
   * documents listed (utils/connection/client-parents.ts).
   */
  parentClientId?: string | null;
}

/** Where the client list came from: `GET /v1/clients` (the spec's list), or whoami when that failed. */
export type ClientsSource = 'clients' | 'whoami';

/** What is known of the saved connection; never carries the key itself. */
export interface SavedConnection {
  baseUrl: string;
  origin: string;
  /** Last four characters of the key, masked. */
  keyHint: string;
  clients: ClientSummary[];
  clientsSource: ClientsSource;
  /** Client entries the service sent that could not be read: said in the UI, never hidden. */
  skippedClients: number;
  /** Why `GET /v1/clients` failed, when the list fell back to whoami. */
  clientsProblem?: Problem;
  /** ISO time of the last successful check. */
  verifiedAt: string;
  /** The service refused the key on a later call (a status refresh): shown as failing until a check passes again. */
  keyRejected?: boolean;
  /** The key came from the organisation's policy: it goes when the policy no longer carries one. */
  keyFromPolicy?: boolean;
}

export type ConnectionStatus = { state: 'not_configured' } | ({ state: 'connected' } & SavedConnection) | ({ state: 'failing'; problem: Problem } & SavedConnection);

/** The field of the options form a problem belongs to, so it is shown where the user made it. */
export type ConnectionField = 'baseUrl' | 'apiKey';

export type SaveConnectionResult =
  | {
      ok: true;
      status: Extract<ConnectionStatus, { state: 'connected' }>;
      /** The key reaches another account than before: this many reports of the old one are kept apart. */
      reportsKeptApart?: number;
    }
  | { ok: false; field: ConnectionField | null; problem: Problem };
