import { checkApiKey, maskApiKey } from './api-key';
import { checkBaseUrl } from './base-url';
import { describeConnectionFailure, missingPermissionProblem } from './problems';
import { apiKeyItem, clearConnection, connectionItem, saveVerifiedConnection } from '../storage/connection';
import type { ClientSummary, ConnectionStatus, SaveConnectionResult, SavedConnection } from './types';

/** The one API call the connection needs; the full client satisfies it. */
export interface WhoamiApi {
  whoami(): Promise<{ clients: ReadonlyArray<{ id: string; name: string; active?: boolean | null }> }>;
}

export interface ConnectionServiceDeps {
  createApi(options: { baseUrl: string; apiKey: string; timeoutMs?: number }): WhoamiApi;
  /** Whether the extension holds the host permission for a match pattern. */
  hasHostPermission(pattern: string): Promise<boolean>;
  now?: () => Date;
}

/** How long a popup waits for the live check before showing what it has. */
const LIVE_CHECK_TIMEOUT_MS = 8_000;

/**
 * Owns the service connection in the background: verifies a URL and key with
 * `GET /v1/whoami`, stores them only once verified, and answers status
 * questions without ever giving the key back.
 */
export function createConnectionService(deps: ConnectionServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function verify(baseUrl: string, origin: string, permissionPattern: string, apiKey: string) {
    if (!(await deps.hasHostPermission(permissionPattern))) {
      return { ok: false as const, field: 'baseUrl' as const, problem: missingPermissionProblem(origin) };
    }
    try {
      const { clients } = await deps.createApi({ baseUrl, apiKey }).whoami();
      const connection: SavedConnection = {
        baseUrl,
        origin,
        keyHint: maskApiKey(apiKey),
        clients: clients.map(toClientSummary),
        verifiedAt: now().toISOString(),
      };
      return { ok: true as const, connection };
    } catch (error) {
      return { ok: false as const, ...describeConnectionFailure(error, origin) };
    }
  }

  return {
    /** Verifies and saves a connection; on any failure nothing is saved and the old one stays. */
    async save(input: { baseUrl: string; apiKey?: string }): Promise<SaveConnectionResult> {
      const checked = checkBaseUrl(input.baseUrl);
      if (!checked.ok) return { ok: false, field: 'baseUrl', problem: { kind: 'invalid_input', message: checked.message } };
      const apiKey = input.apiKey?.trim() || (await apiKeyItem.getValue());
      if (!apiKey) return { ok: false, field: 'apiKey', problem: { kind: 'invalid_input', message: 'Enter the API key.' } };
      const keyProblem = checkApiKey(apiKey);
      if (keyProblem) return { ok: false, field: 'apiKey', problem: { kind: 'invalid_input', message: keyProblem } };

      const { baseUrl, origin, permissionPattern } = checked.address;
      const result = await verify(baseUrl, origin, permissionPattern, apiKey);
      if (!result.ok) return result;
      await saveVerifiedConnection(apiKey, result.connection);
      return { ok: true, status: { state: 'connected', ...result.connection } };
    },

    /** The saved connection; with `live`, checked against the service first. */
    async getStatus(options: { live: boolean }): Promise<ConnectionStatus> {
      const [saved, apiKey] = await Promise.all([connectionItem.getValue(), apiKeyItem.getValue()]);
      if (!saved || !apiKey) return { state: 'not_configured' };
      if (!options.live) return { state: 'connected', ...saved };

      const checked = checkBaseUrl(saved.baseUrl);
      if (!checked.ok) return { state: 'failing', ...saved, problem: { kind: 'invalid_input', message: checked.message } };
      if (!(await deps.hasHostPermission(checked.address.permissionPattern))) {
        return { state: 'failing', ...saved, problem: missingPermissionProblem(saved.origin) };
      }
      try {
        const { clients } = await deps
          .createApi({ baseUrl: saved.baseUrl, apiKey, timeoutMs: LIVE_CHECK_TIMEOUT_MS })
          .whoami();
        const refreshed = { ...saved, clients: clients.map(toClientSummary), verifiedAt: now().toISOString() };
        await connectionItem.setValue(refreshed);
        return { state: 'connected', ...refreshed };
      } catch (error) {
        return { state: 'failing', ...saved, problem: describeConnectionFailure(error, saved.origin).problem };
      }
    },

    /** Forgets the key and the connection. */
    async forget(): Promise<ConnectionStatus> {
      await clearConnection();
      return { state: 'not_configured' };
    },
  };
}

export type ConnectionService = ReturnType<typeof createConnectionService>;

function toClientSummary(client: { id: string; name: string; active?: boolean | null }): ClientSummary {
  return { id: client.id, name: client.name, active: client.active ?? null };
}
