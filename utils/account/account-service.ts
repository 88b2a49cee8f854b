import type { IncidentApi } from '../api/client';

/**
 * The account's read-only data the options page shows (credits, users,
 * documents), answered by the background, which alone holds the key.
 */
export function createAccountService(_api: IncidentApi) {
  return {};
}

export type AccountService = ReturnType<typeof createAccountService>;
