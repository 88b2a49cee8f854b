import { dataOf, isRecord, readList } from './envelope';
import type { SendRequest } from './request';
import { Client, User, Usage, type Whoami } from './schemas/account';
import type { ParsedItems } from './schemas/lenient-array';
import { parseEach } from './schemas/lenient-array';

// The whoami, clients, users and usage envelopes are "not shown": read them tolerantly.

function firstString(...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}

function labelOf(data: unknown): string | undefined {
  if (!isRecord(data)) return undefined;
  const key = isRecord(data.key) ? data.key : isRecord(data.apiKey) ? data.apiKey : undefined;
  const user = isRecord(data.user) ? data.user : undefined;
  return firstString(data.label, data.keyName, key?.name, key?.label, user?.email, user?.name, data.email);
}

function clientsIn(body: unknown): unknown[] {
  const data = dataOf(body);
  if (Array.isArray(data)) return data;
  if (isRecord(data) && Array.isArray(data.clients)) return data.clients;
  if (isRecord(body) && Array.isArray(body.clients)) return body.clients;
  if (Client.safeParse(data).success) return [data];
  // A 2xx already confirms the key; an answer without clients lists none.
  return [];
}

/** Reads GET /v1/whoami in any of the shapes it may take. */
export function readWhoami(body: unknown): Whoami {
  const { items, skipped } = parseEach(Client, clientsIn(body));
  const label = labelOf(dataOf(body)) ?? labelOf(body);
  return { clients: items, skipped, ...(label ? { label } : {}) };
}

function readUsage(body: unknown): ParsedItems<Usage> {
  const data = dataOf(body);
  // One client's balance may come as a single object.
  if (isRecord(data) && 'remainingCredits' in data) return parseEach(Usage, [data]);
  if (isRecord(data) && isRecord(data.usage)) return parseEach(Usage, [data.usage]);
  return readList(Usage, body, 'usage', 'the credit balance');
}

/** The account endpoints (spec: Endpoints › Account). */
export function accountEndpoints(send: SendRequest) {
  return {
    /** Verifies the key and lists the clients it represents (GET /v1/whoami). */
    async whoami(): Promise<Whoami> {
      const { body } = await send(['whoami']);
      return readWhoami(body);
    },

    /** Lists the clients the key may act for, including sub-clients (GET /v1/clients). */
    async listClients(): Promise<ParsedItems<Client>> {
      const { body } = await send(['clients']);
      return readList(Client, body, 'clients', 'the client list');
    },

    /** Lists the account's dashboard users (GET /v1/users). */
    async listUsers(): Promise<ParsedItems<User>> {
      const { body } = await send(['users']);
      return readList(User, body, 'users', 'the user list');
    },

    /** Reads the remaining credit balance, of one client or all (GET /v1/usage). */
    async getUsage(clientId?: string): Promise<ParsedItems<Usage>> {
      const { body } = await send(['usage'], { query: { clientId } });
      return readUsage(body);
    },
  };
}
