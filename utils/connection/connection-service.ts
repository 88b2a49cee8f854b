import { checkApiKey, maskApiKey } from './api-key';
import { checkBaseUrl } from './base-url';
import { verifyKeyAndListClients, type ClientsApi } from './clients';
import { describeConnectionFailure } from './problems';
import { clearAccountCache } from '../storage/account-cache';
import { apiKeyItem, clearConnection, connectionItem, saveVerifiedConnection } from '../storage/connection';
import type { ConnectionStatus, SaveConnectionResult, SavedConnection } from './types';

export interface ConnectionServiceDeps {
  /** A client for a URL and key not saved yet (the full client satisfies it). */
  createApi(options: { baseUrl: string; apiKey: string }): ClientsApi;
  /** The client of the saved connection, for the live check (see connected-api.ts). */
  connectedApi: ClientsApi;
  /** Whether the extension holds the host permission for a match pattern. */
  hasHostPermission(pattern: string): Promise<boolean>;
  now?: () => Date;
}

/**
 * Owns the service connection in the background: verifies a URL and key with
 * `GET /v1/whoami`, lists the key's clients, stores them only once verified,
 * and answers status questions without ever giving the key back.
 */
export function createConnectionService(deps: ConnectionServiceDeps) {
  const now = deps.now ?? (() => new Date());

  return {
    /** Verifies and saves a connection; on any failure nothing is saved and the old one stays. */
    async save(input: { baseUrl: string; apiKey?: string }): Promise<SaveConnectionResult> {
      const checked = checkBaseUrl(input.baseUrl);
      if (!checked.ok) return { ok: false, field: 'baseUrl', problem: { kind: 'invalid_input', reason: checked.reason } };
      const apiKey = input.apiKey?.trim() || (await apiKeyItem.getValue()) || '';
      const keyProblem = checkApiKey(apiKey);
      if (keyProblem) return { ok: false, field: 'apiKey', problem: { kind: 'invalid_input', reason: keyProblem } };

      const { baseUrl, origin, permissionPattern } = checked.address;
      if (!(await deps.hasHostPermission(permissionPattern))) {
        return { ok: false, field: 'baseUrl', problem: { kind: 'permission_missing', origin } };
      }
      try {
        const found = await verifyKeyAndListClients(deps.createApi({ baseUrl, apiKey }));
        const connection: SavedConnection = { baseUrl, origin, keyHint: maskApiKey(apiKey), ...found, verifiedAt: now().toISOString() };
        await saveVerifiedConnection(apiKey, connection);
        return { ok: true, status: { state: 'connected', ...connection } };
      } catch (error) {
        return { ok: false, ...describeConnectionFailure(error, origin) };
      }
    },

    /**
     * The saved connection; with `live`, checked against the service first
     * (and the client list refreshed), unless the last check is younger than
     * `maxAgeMs` and no background call has seen the key refused since.
     */
    async getStatus(options: { live: boolean; maxAgeMs?: number }): Promise<ConnectionStatus> {
      const saved = await connectionItem.getValue();
      if (!saved || !(await apiKeyItem.getValue())) return { state: 'not_configured' };
      const rejected = saved.keyRejected ? ({ state: 'failing', ...saved, problem: { kind: 'key_rejected', origin: saved.origin } } as const) : undefined;
      const fresh = options.maxAgeMs !== undefined && now().getTime() - Date.parse(saved.verifiedAt) < options.maxAgeMs;
      if (!options.live || (fresh && !rejected)) return rejected ?? { state: 'connected', ...saved };
      try {
        const found = await verifyKeyAndListClients(deps.connectedApi);
        const refreshed: SavedConnection = { ...withoutClients(saved), ...found, verifiedAt: now().toISOString() };
        // Forgotten, saved or refreshed meanwhile: that wins; never write an older connection back.
        const current = await connectionItem.getValue();
        if (!current) return { state: 'not_configured' };
        if (current.verifiedAt !== saved.verifiedAt) return { state: 'connected', ...current };
        await connectionItem.setValue(refreshed);
        return { state: 'connected', ...refreshed };
      } catch (error) {
        return { state: 'failing', ...saved, problem: describeConnectionFailure(error, saved.origin).problem };
      }
    },

    /** Forgets the key, the connection and every cached account datum (the local report history stays). */
    async forget(): Promise<ConnectionStatus> {
      await clearConnection();
      await clearAccountCache();
      return { state: 'not_configured' };
    },
  };
}

export type ConnectionService = ReturnType<typeof createConnectionService>;

/** The saved connection without what a fresh client list replaces (so an old fallback reason does not linger). */
function withoutClients(saved: SavedConnection): Omit<SavedConnection, 'clients' | 'clientsSource' | 'skippedClients' | 'clientsProblem' | 'keyRejected'> {
  const { clients: _clients, clientsSource: _source, skippedClients: _skipped, clientsProblem: _problem, keyRejected: _rejected, ...rest } = saved;
  return rest;
}
