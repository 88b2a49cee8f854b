import type { SavedConnection } from './connection-types';

// Which account a report was sent to, so a key for another account neither
// refreshes nor lists the old account's reports: they are kept apart.

/** The account a connection reaches: the service origin and the clients the key acts for. */
export interface AccountRef {
  origin: string;
  /** Sorted; empty when the service named no client ids. */
  clientIds: string[];
}

/** The account of a saved connection; undefined when there is none. */
export function accountOf(connection: Pick<SavedConnection, 'origin' | 'clients'> | null | undefined): AccountRef | undefined {
  if (!connection) return undefined;
  const clientIds = connection.clients.flatMap((client) => (client.id ? [client.id] : [])).sort();
  return { origin: connection.origin, clientIds };
}

/**
 * Whether two connections reach the same account: the same service, and a
 * client in common (a sub-client added later does not make it another
 * account). Without client ids on either side, the service decides.
 */
export function sameAccount(a: AccountRef, b: AccountRef): boolean {
  if (a.origin !== b.origin) return false;
  if (a.clientIds.length === 0 || b.clientIds.length === 0) return true;
  return a.clientIds.some((id) => b.clientIds.includes(id));
}

/** Whether a report belongs to the current account; reports from before accounts were recorded do. */
export function belongsToAccount(report: { account?: AccountRef }, current: AccountRef | undefined): boolean {
  return !report.account || !current || sameAccount(report.account, current);
}
