import { checkApiKey } from '@/utils/connection/api-key';
import { checkBaseUrl } from '@/utils/connection/base-url';
import { requestHostPermission } from '@/utils/connection/host-permission';
import { getBackgroundService } from '@/utils/messaging/background-service';
import type { SaveConnectionResult } from '@/utils/storage/connection-types';

export interface ConnectInput {
  baseUrl: string;
  /** Empty keeps the key already saved, if any. */
  apiKey: string;
  hasSavedKey: boolean;
}

export interface ConnectDeps {
  requestHostPermission(pattern: string): Promise<boolean>;
  saveConnection(data: { baseUrl: string; apiKey?: string }): Promise<SaveConnectionResult>;
}

const defaultDeps: ConnectDeps = {
  requestHostPermission,
  saveConnection: (data) => getBackgroundService().connection.save(data),
};

/**
 * The options page's "Save and verify": checks the form, asks for access to
 * that one origin (this must be the first thing awaited after the click, or
 * the browser refuses the request), then lets the background verify and save.
 */
export async function connectToService(input: ConnectInput, overrides: Partial<ConnectDeps> = {}): Promise<SaveConnectionResult> {
  const deps = { ...defaultDeps, ...overrides };
  const checked = checkBaseUrl(input.baseUrl);
  if (!checked.ok) return { ok: false, field: 'baseUrl', problem: { kind: 'invalid_input', reason: checked.reason } };
  const apiKey = input.apiKey.trim();
  if (apiKey || !input.hasSavedKey) {
    const keyProblem = checkApiKey(apiKey);
    if (keyProblem) return { ok: false, field: 'apiKey', problem: { kind: 'invalid_input', reason: keyProblem } };
  }
  const { baseUrl, origin, permissionPattern } = checked.address;
  if (!(await deps.requestHostPermission(permissionPattern))) {
    return { ok: false, field: 'baseUrl', problem: { kind: 'permission_missing', origin, declined: true } };
  }
  return deps.saveConnection(apiKey ? { baseUrl, apiKey } : { baseUrl });
}
