import { readAllPages } from './all-pages';
import { dataOf, isRecord, readList } from './envelope';
import type { SendRequest } from './request';
import { Client, User, Usage, type Whoami, type WhoamiClient } from './schemas/account';
import { parseEach, type ParsedItems } from './schemas/lenient';

// The whoami, clients, users and usage envelopes are "not shown": read them tolerantly.

function firstString(...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}

function firstBoolean(...values: unknown[]): boolean | null {
  return values.find((value): value is boolean => typeof value === 'boolean') ?? null;
}

function labelOf(data: unknown): string | undefined {
  if (!isRecord(data)) return undefined;
  const key = isRecord(data.key) ? data.key : isRecord(data.apiKey) ? data.apiKey : undefined;
  const user = isRecord(data.user) ? data.user : undefined;
  return firstString(data.label, data.keyName, key?.name, key?.label, user?.email, user?.name, data.email);
}

/**
 * One client as whoami may name it: a ClientStructure, `{clientId, clientName}`,
 * or a bare string (a name; its id is then unknown). Undefined when it names nothing.
 */
export function readWhoamiClient(value: unknown): WhoamiClient | undefined {
  if (typeof value === 'string') return value.trim() ? { id: null, name: value.trim(), active: null } : undefined;
  if (!isRecord(value)) return undefined;
  const id = firstString(value.id, value.clientId, value.client_id, value._id) ?? null;
  const name = firstString(value.name, value.clientName, value.client_name, value.displayName) ?? null;
  if (id === null && name === null) return undefined;
  return { id, name, active: firstBoolean(value.active, value.isActive, value.enabled) };
}

function clientsIn(body: unknown): unknown[] {
  const data = dataOf(body);
  if (Array.isArray(data)) return data;
  // `data.clients`, or `clients` at the top (dataOf gives the body itself when it has no `data`).
  if (isRecord(data) && Array.isArray(data.clients)) return data.clients;
  if (isRecord(data) && data.client !== undefined) return [data.client];
  // The answer may be the key's one client itself.
  if (isRecord(data) && readWhoamiClient(data)?.id) return [data];
  return [];
}

/** Reads GET /v1/whoami in any of the shapes it may take; never throws (any 2xx verified the key). */
export function readWhoami(body: unknown): Whoami {
  const entries = clientsIn(body);
  const clients = entries.map(readWhoamiClient).filter((client): client is WhoamiClient => client !== undefined);
  const label = labelOf(dataOf(body)) ?? labelOf(body);
  return { clients, skipped: entries.length - clients.length, ...(label ? { label } : {}) };
}

function readUsage(body: unknown): ParsedItems<Usage> {
  const data = dataOf(body);
  // One client's balance may come as a single object.
  if (isRecord(data) && 'remainingCredits' in data) return parseEach(Usage, [data]);
  if (isRecord(data) && isRecord(data.usage)) return parseEach(Usage, [data.usage]);
  return readList(Usage, body, 'usage');
}

/** The account endpoints (spec: Endpoints › Account). */
export function accountEndpoints(send: SendRequest) {
  return {
    /** Verifies the key (any 2xx does) and reads whatever clients the answer names (GET /v1/whoami). */
    async whoami(): Promise<Whoami> {
      const { body } = await send(['whoami'], { anyBody: true });
      return readWhoami(body);
    },

    /** Lists the clients the key may act for, including sub-clients, every page (GET /v1/clients; paging not shown). */
    listClients(): Promise<ParsedItems<Client>> {
      return readAllPages(send, ['clients'], Client, { plural: 'clients' });
    },

    /** Lists the account's dashboard users (GET /v1/users). */
    async listUsers(): Promise<ParsedItems<User>> {
      const { body } = await send(['users']);
      return readList(User, body, 'users');
    },

    /** Reads the remaining credit balance, of one client or all (GET /v1/usage). */
    async getUsage(clientId?: string): Promise<ParsedItems<Usage>> {
      const { body } = await send(['usage'], { query: { clientId } });
      return readUsage(body);
    },
  };
}
