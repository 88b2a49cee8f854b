import type { ClientSummary } from '../storage/connection-types';
import { orderClientTree } from './client-tree';

/**
 * The client a report without `clientId` is filed under, when the saved
 * client list tells it: the key's only client; else its one own client when
 * the others are its managed sub-clients or inactive (whoami names the clients a key
 * represents, /v1/clients adds the sub-clients); else the one active client
 * at the top of the known tree (the parent of the others). Null when the list
 * does not tell: a guess would name the wrong brand (issue 44, point 6).
 */
export function keyDefaultClient(clients: readonly ClientSummary[]): (ClientSummary & { id: string }) | null {
  const named = clients.filter((client): client is ClientSummary & { id: string } => client.id !== null);
  if (named.length === 1) return named[0]!;
  const own = named.filter((client) => client.managed !== true && client.active !== false);
  if (own.length === 1 && named.some((client) => client.managed === true)) return own[0]!;
  const top = orderClientTree(named).filter((entry) => entry.depth === 0 && entry.client.active !== false);
  const parents = top.filter((entry) => named.some((client) => client.parentClientId === entry.client.id));
  return top.length === 1 && parents.length === 1 ? top[0]!.client : null;
}
