import { describe, expect, it } from 'vitest';
import { verifyKeyAndListClients, type ClientsApi } from '@/utils/connection/clients';

const LISTED = [
  { id: 'cl_acme', name: 'Acme Holdings', active: true },
  { id: 'cl_acme_bank', name: 'Acme Bank', active: true },
  { id: 'cl_acme_travel', name: 'Acme Travel', active: false },
];

function api(whoamiIds: (string | null)[]): ClientsApi {
  return {
    whoami: async () => ({ clients: whoamiIds.map((id) => ({ id, name: id ? null : 'Bare name', active: null })), skipped: 0 }),
    listClients: async () => ({ items: LISTED, skipped: 0 }),
  };
}

describe('a key’s clients', () => {
  it('marks as managed sub-clients those /v1/clients adds to the ones whoami says the key represents', async () => {
    const { clients } = await verifyKeyAndListClients(api(['cl_acme']));
    expect(clients.map(({ id, managed }) => [id, managed])).toEqual([
      ['cl_acme', false],
      ['cl_acme_bank', true],
      ['cl_acme_travel', true],
    ]);
  });

  it.each([
    ['whoami named no client', []],
    ['whoami named clients without ids', [null]],
  ])('cannot tell sub-clients when %s, and marks none', async (_name, ids) => {
    const { clients } = await verifyKeyAndListClients(api(ids));
    expect(clients.every((client) => !('managed' in client))).toBe(true);
  });
});
