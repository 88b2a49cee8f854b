import type { ParsedItems } from '../api/schemas/lenient';
import type { Whoami } from '../api/schemas/account';
import { toProblem, type Problem } from '../problems/kinds';
import type { ClientSummary, ClientsSource } from '../storage/connection-types';

/** The two calls that name a key's clients; the full client satisfies it. */
export interface ClientsApi {
  whoami(): Promise<Whoami>;
  listClients(): Promise<ParsedItems<{ id: string; name: string | null; active: boolean | null; parentClientId?: string | null }>>;
}

/** A key's clients, where they came from, and what could not be read. */
export interface KeyClients {
  clients: ClientSummary[];
  clientsSource: ClientsSource;
  skippedClients: number;
  clientsProblem?: Problem;
}

/**
 * Verifies the key with whoami (any 2xx does; it throws otherwise), then
 * lists its clients from `GET /v1/clients`, whose items the spec defines. When
 * that list fails, whoami's clients stand in, read in any plausible shape, and
 * the reason is kept for the UI.
 */
export async function verifyKeyAndListClients(api: ClientsApi): Promise<KeyClients> {
  const whoami = await api.whoami();
  try {
    const { items, skipped } = await api.listClients();
    // whoami lists the clients the key represents; /v1/clients adds its managed sub-clients.
    const own = new Set(whoami.clients.flatMap((client) => (client.id ? [client.id] : [])));
    const clients = items.map(({ id, name, active, parentClientId }) => ({
      id,
      name,
      active,
      ...(own.size > 0 ? { managed: !own.has(id) } : {}),
      ...(parentClientId !== undefined ? { parentClientId } : {}),
    }));
    return { clients, clientsSource: 'clients', skippedClients: skipped };
  } catch (error) {
    return {
      clients: whoami.clients.map(({ id, name, active }) => ({ id, name, active })),
      clientsSource: 'whoami',
      skippedClients: whoami.skipped,
      clientsProblem: toProblem(error),
    };
  }
}
