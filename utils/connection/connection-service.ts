import { checkBaseUrl } from './base-url';
import { verifyKeyAndListClients, type ClientsApi } from './clients';
import { describeConnectionFailure } from './problems';
import { clearAccountCache } from '../report/outbox-upkeep';
import { loadManagedPolicy, type ManagedPolicy } from '../settings/managed';
import { changeConnection, clearConnection, readConnectionAndKey } from '../storage/connection';
import { keepKnownParents } from '../storage/client-parents';
import type { ConnectionStatus, SaveConnectionResult, SavedConnection } from '../storage/connection-types';
import { statusOfSaved } from './saved-status';
import { saveConnection } from './save-connection';

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

/** The deps with their defaults filled in. */
type Context = Required<ConnectionServiceDeps>;

/**
 * Owns the service connection in the background: verifies a URL and key with
 * `GET /v1/whoami`, lists the key's clients, stores them only once verified,
 * and answers status questions without ever giving the key back.
 */
export function createConnectionService(deps: ConnectionServiceDeps) {
  const context: Context = { ...deps, now: deps.now ?? (() => new Date()), loadPolicy: deps.loadPolicy ?? loadManagedPolicy };
  const service = {
    /**
     * Verifies and saves a connection; on any failure nothing is saved and the
     * old one stays. What the organisation's policy sets (URL, key) wins over
     * what the page sent: those fields are locked.
     */
    async save(input: { baseUrl: string; apiKey?: string }): Promise<SaveConnectionResult> {
      return saveConnection({ ...context, policy: await context.loadPolicy() }, input);
    },

    /**
     * The saved connection; with `live`, checked against the service first
     * (and the client list refreshed), unless the last check is younger than
     * `maxAgeMs` and no background call has seen the key refused since.
     */
    getStatus: (options: { live: boolean; maxAgeMs?: number }): Promise<ConnectionStatus> => statusOf(context, options),

    /**
     * Applies the connection the organisation's policy sets (URL and key),
     * unless it is the one saved already. Without a granted host permission
     * it answers permission_missing, and the options page asks for it.
     */
    async applyManaged(): Promise<SaveConnectionResult | null> {
      const policy = await context.loadPolicy();
      // Unread (managed storage did not answer): nothing is applied nor cleared on a copy without the key.
      if (policy.unread) return null;
      return (await managedNeedsSaving(policy)) ? service.save({ baseUrl: policy.baseUrl! }) : null;
    },

    /** Forgets the key, the connection and every cached account datum (the local report history stays); a key the policy sets stays. */
    async forget(): Promise<ConnectionStatus> {
      const policy = await context.loadPolicy();
      if (policy.apiKey || policy.unread?.hasApiKey) return service.getStatus({ live: false });
      await clearConnection();
      await clearAccountCache();
      return { state: 'not_configured' };
    },
  };
  return service;
}

export type ConnectionService = ReturnType<typeof createConnectionService>;

/** The saved connection's status, checked live against the service when asked and not fresh. */
async function statusOf(context: Context, options: { live: boolean; maxAgeMs?: number }): Promise<ConnectionStatus> {
  const [saved, key] = await readConnectionAndKey();
  if (!saved || !key) return { state: 'not_configured' };
  const fresh = context.now().getTime() - Date.parse(saved.verifiedAt) < (options.maxAgeMs ?? 0);
  if (!options.live || (fresh && !saved.keyRejected)) return statusOfSaved(saved);
  try {
    const found = await verifyKeyAndListClients(context.connectedApi);
    const verifiedAt = context.now().toISOString();
    // Forgotten, saved or refreshed meanwhile: that wins; never write an older connection back.
    const current = await changeConnection((current) =>
      current.verifiedAt !== saved.verifiedAt ? undefined : { ...withoutClients(current), ...found, clients: keepKnownParents(found.clients, current.clients), verifiedAt },
    );
    return current ? { state: 'connected', ...current } : { state: 'not_configured' };
  } catch (error) {
    return { state: 'failing', ...saved, problem: describeConnectionFailure(error, saved.origin).problem };
  }
}

/**
 * Whether the policy's connection must be saved: not when it sets no URL and
 * key, nor when it is the one saved already. A key the policy no longer
 * carries is forgotten here (a key the user typed stays).
 */
async function managedNeedsSaving(policy: ManagedPolicy): Promise<boolean> {
  const [saved, key] = await readConnectionAndKey();
  if (!policy.apiKey) {
    if (saved?.keyFromPolicy) {
      await clearConnection();
      await clearAccountCache();
    }
    return false;
  }
  if (!policy.baseUrl) return false;
  const checked = checkBaseUrl(policy.baseUrl);
  if (saved && key === policy.apiKey && checked.ok && saved.baseUrl === checked.address.baseUrl) {
    // Saved from the policy before the mark existed: marked now, so its removal from the policy removes it.
    if (!saved.keyFromPolicy) await changeConnection((current) => ({ ...current, keyFromPolicy: true }));
    return false;
  }
  return true;
}

/** The saved connection without what a fresh client list replaces (so an old fallback reason does not linger). */
function withoutClients(saved: SavedConnection): Omit<SavedConnection, 'clients' | 'clientsSource' | 'skippedClients' | 'clientsProblem' | 'keyRejected'> {
  const { clients: _clients, clientsSource: _source, skippedClients: _skipped, clientsProblem: _problem, keyRejected: _rejected, ...rest } = saved;
  return rest;
}
