import { checkApiKey, maskApiKey } from './api-key';
import { checkBaseUrl } from './base-url';
import { verifyKeyAndListClients, type ClientsApi } from './clients';
import { describeConnectionFailure } from './problems';
import { clearAccountCache, markUnmarkedReports } from '../report/outbox-upkeep';
import { accountOf, belongsToAccount, sameAccount, type AccountRef } from '../storage/account-ref';
import { loadManagedPolicy, type ManagedPolicy } from '../settings/managed';
import { apiKeyItem, changeConnection, clearConnection, connectionItem, saveVerifiedConnection } from '../storage/connection';
import { keepKnownParents } from '../storage/client-parents';
import type { ConnectionStatus, SaveConnectionResult, SavedConnection } from '../storage/connection-types';
import { statusOfSaved } from './saved-status';

export interface ConnectionServiceDeps {
  /** The organisation's policy (storage.managed); none by default in tests. */
  loadPolicy?: () => Promise<ManagedPolicy>;
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
  const loadPolicy = deps.loadPolicy ?? loadManagedPolicy;

  const service = {
    /**
     * Verifies and saves a connection; on any failure nothing is saved and the
     * old one stays. What the organisation's policy sets (URL, key) wins over
     * what the page sent: those fields are locked.
     */
    async save(input: { baseUrl: string; apiKey?: string }): Promise<SaveConnectionResult> {
      const policy = await loadPolicy();
      // The organisation's key goes to the organisation's URL only, never to one typed here.
      if (policy.apiKey && !policy.baseUrl) return { ok: false, field: 'baseUrl', problem: { kind: 'invalid_input', reason: 'policy_url_missing' } };
      const checked = checkBaseUrl(policy.baseUrl ?? input.baseUrl);
      if (!checked.ok) return { ok: false, field: 'baseUrl', problem: { kind: 'invalid_input', reason: checked.reason } };
      const typedKey = input.apiKey?.trim();
      // A saved key is sent again only to the origin it was saved for: a new address needs the key typed again.
      if (!policy.apiKey && !typedKey && (await connectionItem.getValue())?.origin !== checked.address.origin) {
        return { ok: false, field: 'apiKey', problem: { kind: 'invalid_input', reason: (await apiKeyItem.getValue()) ? 'key_new_origin' : 'key_empty' } };
      }
      const apiKey = policy.apiKey ?? (typedKey || (await apiKeyItem.getValue()) || '');
      const keyProblem = checkApiKey(apiKey);
      if (keyProblem) return { ok: false, field: 'apiKey', problem: { kind: 'invalid_input', reason: keyProblem } };

      const { baseUrl, origin, permissionPattern } = checked.address;
      if (!(await deps.hasHostPermission(permissionPattern))) {
        return { ok: false, field: 'baseUrl', problem: { kind: 'permission_missing', origin } };
      }
      try {
        const found = await verifyKeyAndListClients(deps.createApi({ baseUrl, apiKey }));
        const saved = await connectionItem.getValue();
        // Which client is under which is a fact of the service: another key there keeps what was learned of the same clients.
        const clients = saved?.origin === origin ? keepKnownParents(found.clients, saved.clients) : found.clients;
        const connection: SavedConnection = {
          baseUrl,
          origin,
          keyHint: maskApiKey(apiKey),
          ...found,
          clients,
          verifiedAt: now().toISOString(),
          ...(policy.apiKey ? { keyFromPolicy: true } : {}),
        };
        const previous = accountOf(saved);
        await saveVerifiedConnection(apiKey, connection);
        const reportsKeptApart = previous ? await keepOldAccountApart(previous, connection) : 0;
        return { ok: true, status: { state: 'connected', ...connection }, ...(reportsKeptApart ? { reportsKeptApart } : {}) };
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
      const fresh = now().getTime() - Date.parse(saved.verifiedAt) < (options.maxAgeMs ?? 0);
      if (!options.live || (fresh && !saved.keyRejected)) return statusOfSaved(saved);
      try {
        const found = await verifyKeyAndListClients(deps.connectedApi);
        const verifiedAt = now().toISOString();
        // Forgotten, saved or refreshed meanwhile: that wins; never write an older connection back.
        const current = await changeConnection((current) =>
          current.verifiedAt !== saved.verifiedAt ? undefined : { ...withoutClients(current), ...found, clients: keepKnownParents(found.clients, current.clients), verifiedAt },
        );
        return current ? { state: 'connected', ...current } : { state: 'not_configured' };
      } catch (error) {
        return { state: 'failing', ...saved, problem: describeConnectionFailure(error, saved.origin).problem };
      }
    },

    /**
     * Applies the connection the organisation's policy sets (URL and key),
     * unless it is the one saved already. Without a granted host permission
     * it answers permission_missing, and the options page asks for it.
     */
    async applyManaged(): Promise<SaveConnectionResult | null> {
      const policy = await loadPolicy();
      const [saved, key] = await Promise.all([connectionItem.getValue(), apiKeyItem.getValue()]);
      // A key the policy no longer carries is gone with it (a key the user typed stays).
      if (!policy.apiKey) {
        if (saved?.keyFromPolicy) {
          await clearConnection();
          await clearAccountCache();
        }
        return null;
      }
      if (!policy.baseUrl) return null;
      const checked = checkBaseUrl(policy.baseUrl);
      if (saved && key === policy.apiKey && checked.ok && saved.baseUrl === checked.address.baseUrl) {
        // Saved from the policy before the mark existed: marked now, so its removal from the policy removes it.
        if (!saved.keyFromPolicy) await changeConnection((current) => ({ ...current, keyFromPolicy: true }));
        return null;
      }
      return service.save({ baseUrl: policy.baseUrl });
    },

    /** Forgets the key, the connection and every cached account datum (the local report history stays); a key the policy sets stays. */
    async forget(): Promise<ConnectionStatus> {
      if ((await loadPolicy()).apiKey) return service.getStatus({ live: false });
      await clearConnection();
      await clearAccountCache();
      return { state: 'not_configured' };
    },
  };
  return service;
}

/**
 * When a new key reaches another account, the old account's cached statuses
 * go, and its reports stay in the history but apart (not refreshed, not
 * listed). Answers how many reports were kept apart.
 */
async function keepOldAccountApart(previous: AccountRef, connection: SavedConnection): Promise<number> {
  const current = accountOf(connection);
  if (!current || sameAccount(previous, current)) return 0;
  await clearAccountCache();
  // Reports from before accounts were recorded were made with the previous key.
  const reports = await markUnmarkedReports(previous);
  return reports.filter((report) => !belongsToAccount({ account: report.account ?? previous }, current)).length;
}

export type ConnectionService = ReturnType<typeof createConnectionService>;

/** The saved connection without what a fresh client list replaces (so an old fallback reason does not linger). */
function withoutClients(saved: SavedConnection): Omit<SavedConnection, 'clients' | 'clientsSource' | 'skippedClients' | 'clientsProblem' | 'keyRejected'> {
  const { clients: _clients, clientsSource: _source, skippedClients: _skipped, clientsProblem: _problem, keyRejected: _rejected, ...rest } = saved;
  return rest;
}
