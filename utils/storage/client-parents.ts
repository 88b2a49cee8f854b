import type { AccountDocument } from '../api/schemas/document';
import type { ClientSummary } from './connection-types';

// Which client is a sub-client of which. The spec documents `parentClientId`
// only on a document's `client` object (DocumentStructure), so the relation
// is learned from the documents listed, and kept on the saved connection's
// clients (ClientSummary.parentClientId) so the grouping outlives the page.

/** Known relations: a client's id → its parent's id (null: a top-level client). */
export type ClientParents = ReadonlyMap<string, string | null>;

/** The relations a list of documents tells; a document whose client does not say is left out, and a later one wins. */
export function parentsFromDocuments(documents: readonly Pick<AccountDocument, 'client'>[]): ClientParents {
  const parents = new Map<string, string | null>();
  for (const { client } of documents) {
    if (client && client.parentClientId !== undefined) parents.set(client.id, client.parentClientId);
  }
  return parents;
}

/** The relations the clients carry (only those that say). */
export function parentsOf(clients: readonly ClientSummary[]): ClientParents {
  return new Map(clients.flatMap((client) => (client.id && client.parentClientId !== undefined ? [[client.id, client.parentClientId] as const] : [])));
}

/**
 * The clients with these relations applied; null when that changes nothing
 * (so nothing is written). Relations about clients not in the list are left out.
 */
export function withParents(clients: readonly ClientSummary[], parents: ClientParents): ClientSummary[] | null {
  let changed = false;
  const next = clients.map((client) => {
    const parent = client.id === null ? undefined : parents.get(client.id);
    if (parent === undefined || parent === client.parentClientId) return client;
    changed = true;
    return { ...client, parentClientId: parent };
  });
  return changed ? next : null;
}

/**
 * A freshly listed set of clients keeps what was known of each one's parent
 * when the service did not say it this time (GET /v1/clients documents no
 * `parentClientId`); what the service says wins.
 */
export function keepKnownParents(fresh: readonly ClientSummary[], previous: readonly ClientSummary[]): ClientSummary[] {
  const known = parentsOf(previous);
  return fresh.map((client) => {
    const parent = client.id === null || client.parentClientId !== undefined ? undefined : known.get(client.id);
    return parent === undefined ? client : { ...client, parentClientId: parent };
  });
}
