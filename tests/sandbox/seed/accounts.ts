import type { ClientRecord, KeyRecord, UsageRecord, UserRecord } from '../types.ts';

/** The demo API keys; the README and the CLI banner print them. */
export const DEMO_KEYS = {
  managed: 'sbx_managed_demo_0001',
  single: 'sbx_single_demo_0002',
} as const;

/** Per-client seed facts the incident templates need besides the client itself. */
export interface SeedClient extends ClientRecord {
  brand: string;
  safeDomain: string;
  contact: string;
}

/** Parent Acme with two managed sub-clients, and stand-alone Globex. */
export const SEED_CLIENTS: SeedClient[] = [
  { id: 'cl_acme', name: 'Acme Holdings', active: true, parentClientId: null, brand: 'acme', safeDomain: 'acme.example', contact: 'alice@acme.example' },
  { id: 'cl_acme_bank', name: 'Acme Bank', active: true, parentClientId: 'cl_acme', brand: 'acmebank', safeDomain: 'acmebank.example', contact: 'bob@acmebank.example' },
  { id: 'cl_acme_travel', name: 'Acme Travel', active: false, parentClientId: 'cl_acme', brand: 'acmetravel', safeDomain: 'acmetravel.example', contact: 'tara@acmetravel.example' },
  { id: 'cl_globex', name: 'Globex Corporation', active: true, parentClientId: null, brand: 'globex', safeDomain: 'globex.example', contact: 'gina@globex.example' },
];

/** Returns the key table: the managed key holds Acme and its sub-clients. */
export function seedKeys(): KeyRecord[] {
  return [
    { key: DEMO_KEYS.managed, clientIds: ['cl_acme', 'cl_acme_bank', 'cl_acme_travel'] },
    { key: DEMO_KEYS.single, clientIds: ['cl_globex'] },
  ];
}

/** Staff accounts end in this domain; the users endpoint never returns them. */
export const STAFF_EMAIL_DOMAIN = '@service-operator.example';

const T0 = '2025-03-04T10:15:00.000Z';
const T1 = '2025-09-18T08:02:41.517Z';

/** Returns dashboard users, including two staff accounts that must stay hidden. */
export function seedUsers(): UserRecord[] {
  const user = (id: string, email: string, name: string | null, surname: string | null, roles: string[], clientId?: string, mfaEnabled = false): UserRecord => ({
    id,
    email,
    name,
    surname,
    roles,
    mfaEnabled,
    createdAt: T0,
    updatedAt: T1,
    ...(clientId ? { clientId } : {}),
  });
  return [
    user('usr_01HQALICE', 'alice@acme.example', 'Alice', 'Nguyen', ['superuser'], 'cl_acme', true),
    user('usr_01HQPAT', 'pat@acme.example', 'Pat', 'Okafor', ['parentadmin'], 'cl_acme', true),
    user('7f3c9a52-4d1e-4b8a-9c71-2f6e0d4b1a33', 'bob@acmebank.example', null, null, ['user'], 'cl_acme_bank'),
    user('20417', 'tara@acmetravel.example', 'Tara', null, ['user'], 'cl_acme_travel'),
    user('usr_01HQGINA', 'gina@globex.example', 'Gina', 'Marsh', ['superuser'], 'cl_globex', true),
    user('usr_01HQNONAME', 'noc@globex.example', null, null, ['user'], 'cl_globex'),
    user('usr_staff_1', 'ops@service-operator.example', 'Olive', 'Staff', ['admin']),
    user('usr_staff_2', 'analyst@service-operator.example', 'Ana', 'Lyst', ['user'], 'cl_acme'),
  ];
}

/** One metered, one unlimited, one non-credit client, per the UsageStructure cases. */
export function seedUsage(): UsageRecord[] {
  return [
    { clientId: 'cl_acme', remainingCredits: 120 },
    { clientId: 'cl_acme_bank', remainingCredits: 'unlimited' },
    { clientId: 'cl_acme_travel', remainingCredits: null },
    { clientId: 'cl_globex', remainingCredits: 42 },
  ];
}
