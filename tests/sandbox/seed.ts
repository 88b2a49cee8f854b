import type { ClientRecord, DocumentRecord, IncidentRecord, KeyRecord, UsageRecord, UserRecord, WebhookRecord } from './types.ts';
import { SEED_CLIENTS, seedKeys, seedUsage, seedUsers } from './seed/accounts.ts';
import { buildIncidents } from './seed/incident-builder.ts';
import { WEB_TEMPLATES } from './seed/incidents-web.ts';
import { OTHER_TEMPLATES } from './seed/incidents-other.ts';
import { seedDocuments, seedWebhooks } from './seed/documents.ts';

export { DEMO_KEYS } from './seed/accounts.ts';

/** Everything the sandbox serves, as it is right after start or reset. */
export interface SeedData {
  clients: ClientRecord[];
  keys: KeyRecord[];
  users: UserRecord[];
  usage: UsageRecord[];
  incidents: IncidentRecord[];
  documents: DocumentRecord[];
  webhooks: WebhookRecord[];
}

/** Builds a fresh copy of the seed; callers may mutate it freely. */
export function createSeed(): SeedData {
  return {
    clients: SEED_CLIENTS.map(({ id, name, active, parentClientId }) => ({ id, name, active, parentClientId })),
    keys: seedKeys(),
    users: seedUsers(),
    usage: seedUsage(),
    incidents: buildIncidents(SEED_CLIENTS, [...WEB_TEMPLATES, ...OTHER_TEMPLATES]),
    documents: seedDocuments(),
    webhooks: seedWebhooks(),
  };
}
