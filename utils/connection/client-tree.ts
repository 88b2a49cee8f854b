/** What the tree needs of a client: its id, and its parent when known (null: top level; absent: not known). */
export interface TreeClient {
  id: string | null;
  parentClientId?: string | null;
}

/** A client in list order: how deep it sits, and the id of the client it sits under (null at the top). */
export interface ClientTreeEntry<T> {
  client: T;
  depth: number;
  parentId: string | null;
}

/**
 * Orders clients as parents, each followed by its sub-clients (depth-first,
 * otherwise in the order given). A client sits under its parent only when the
 * list holds that parent; an unknown relation, a parent the key does not
 * hold, or a loop of relations (a→b→a) leaves it at the top, so a list
 * without relations comes back as it was.
 */
export function orderClientTree<T extends TreeClient>(clients: readonly T[]): ClientTreeEntry<T>[] {
  const held = new Map(clients.map((client) => [client.id, client]));
  const parentOf = (client: T | undefined) => (client?.parentClientId && held.has(client.parentClientId) ? client.parentClientId : null);
  const under = new Map<T, string | null>();
  for (const client of clients) {
    // Walk up: coming back to the client itself is a loop, and a client in a loop sits at the top.
    let at = parentOf(client);
    for (let steps = clients.length; at && at !== client.id && steps > 0; steps--) at = parentOf(held.get(at));
    under.set(client, at && at === client.id ? null : parentOf(client));
  }
  const ordered: ClientTreeEntry<T>[] = [];
  const place = (parentId: string | null, depth: number): void => {
    for (const client of clients) {
      if (under.get(client) !== parentId || ordered.some((entry) => entry.client === client)) continue;
      ordered.push({ client, depth, parentId });
      if (client.id) place(client.id, depth + 1);
    }
  };
  place(null, 0);
  return ordered;
}

/** Which client is whose sub-client, as the saved connection knows it. */
export { parentsOf } from '../storage/client-parents';
