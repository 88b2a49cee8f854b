import { checkApiKey, maskApiKey } from './api-key';
import { checkBaseUrl, type BaseUrlCheck } from './base-url';
import { verifyKeyAndListClients, type ClientsApi } from './clients';
import { describeConnectionFailure } from './problems';
import { clearAccountCache, markUnmarkedReports } from '../report/outbox-upkeep';
import { accountOf, belongsToAccount, sameAccount, type AccountRef } from '../storage/account-ref';
import type { ManagedPolicy } from '../settings/managed';
import { apiKeyItem, connectionItem, saveVerifiedConnection } from '../storage/connection';
import { keepKnownParents } from '../storage/client-parents';
import type { SaveConnectionResult, SavedConnection } from '../storage/connection-types';

/** What saving needs besides the input: the policy, a client for the new URL and key, the permission check and the clock. */
export interface SaveContext {
  policy: ManagedPolicy;
  createApi(options: { baseUrl: string; apiKey: string }): ClientsApi;
  hasHostPermission(pattern: string): Promise<boolean>;
  now(): Date;
}

type ServiceAddress = Extract<BaseUrlCheck, { ok: true }>['address'];
type Refused = Extract<SaveConnectionResult, { ok: false }>;

/** The address and key to verify, or why they are refused before anything is sent. */
type SaveTarget = { ok: true; address: ServiceAddress; apiKey: string } | Refused;

/**
 * The address and key a save will try, the policy's winning over what the
 * page sent; refused at the field to fix when one is missing or malformed.
 */
async function saveTargetOf(policy: ManagedPolicy, input: { baseUrl: string; apiKey?: string }): Promise<SaveTarget> {
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
  return { ok: true, address: checked.address, apiKey };
}

/** Verifies the key at the address and saves the connection with its clients; a failure saves nothing. */
async function verifyAndSave(context: SaveContext, { baseUrl, origin }: ServiceAddress, apiKey: string): Promise<SaveConnectionResult> {
  try {
    const found = await verifyKeyAndListClients(context.createApi({ baseUrl, apiKey }));
    const saved = await connectionItem.getValue();
    // Which client is under which is a fact of the service: another key there keeps what was learned of the same clients.
    const clients = saved?.origin === origin ? keepKnownParents(found.clients, saved.clients) : found.clients;
    const connection: SavedConnection = {
      baseUrl,
      origin,
      keyHint: maskApiKey(apiKey),
      ...found,
      clients,
      verifiedAt: context.now().toISOString(),
      ...(context.policy.apiKey ? { keyFromPolicy: true } : {}),
    };
    const previous = accountOf(saved);
    await saveVerifiedConnection(apiKey, connection);
    const reportsKeptApart = previous ? await keepOldAccountApart(previous, connection) : 0;
    return { ok: true, status: { state: 'connected', ...connection }, ...(reportsKeptApart ? { reportsKeptApart } : {}) };
  } catch (error) {
    return { ok: false, ...describeConnectionFailure(error, origin) };
  }
}

/**
 * Verifies and saves a connection; on any failure nothing is saved and the
 * old one stays. What the organisation's policy sets (URL, key) wins over
 * what the page sent: those fields are locked.
 */
export async function saveConnection(context: SaveContext, input: { baseUrl: string; apiKey?: string }): Promise<SaveConnectionResult> {
  const target = await saveTargetOf(context.policy, input);
  if (!target.ok) return target;
  const { origin, permissionPattern } = target.address;
  if (!(await context.hasHostPermission(permissionPattern))) return { ok: false, field: 'baseUrl', problem: { kind: 'permission_missing', origin } };
  return verifyAndSave(context, target.address, target.apiKey);
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
