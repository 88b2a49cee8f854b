import { describe, expect, it } from 'vitest';
import { AccountDocument } from '@/utils/api/schemas/document';
import { keepKnownParents, parentsFromDocuments, parentsOf, withParents } from '@/utils/storage/client-parents';
import type { ClientSummary } from '@/utils/storage/connection-types';

const ACME: ClientSummary = { id: 'cl_acme', name: 'Acme Holdings', active: true };
const BANK: ClientSummary = { id: 'cl_acme_bank', name: 'Acme Bank', active: true };
const TRAVEL: ClientSummary = { id: 'cl_acme_travel', name: 'Acme Travel', active: false };

/** A document as the service sends it, read by the real schema. */
function documentOf(client: unknown) {
  return AccountDocument.parse({ id: 'doc', clientId: 'cl_x', docType: 'loa', client });
}

describe('relations told by documents', () => {
  it.each([
    ['a sub-client', { id: 'cl_acme_bank', name: 'Acme Bank', parentClientId: 'cl_acme' }, [['cl_acme_bank', 'cl_acme']]],
    ['a top-level client (null)', { id: 'cl_acme', name: 'Acme Holdings', parentClientId: null }, [['cl_acme', null]]],
    ['a client object that does not say', { id: 'cl_acme', name: 'Acme Holdings' }, []],
    ['a malformed parentClientId: not said', { id: 'cl_acme', name: 'Acme Holdings', parentClientId: 7 }, []],
    ['no client object', null, []],
    ['an unreadable client object', 'cl_acme', []],
  ])('%s', (_name, client, relations) => {
    expect([...parentsFromDocuments([documentOf(client)])]).toEqual(relations);
  });

  it('gathers every document of the page; a later one wins', () => {
    const documents = [
      documentOf({ id: 'cl_acme_bank', name: 'Acme Bank', parentClientId: 'cl_old' }),
      documentOf({ id: 'cl_acme', name: 'Acme Holdings', parentClientId: null }),
      documentOf({ id: 'cl_acme_bank', name: 'Acme Bank', parentClientId: 'cl_acme' }),
    ];
    expect(parentsFromDocuments(documents)).toEqual(
      new Map([
        ['cl_acme_bank', 'cl_acme'],
        ['cl_acme', null],
      ]),
    );
  });
});

describe('relations on the saved clients', () => {
  it('are applied to the clients they name; others are left out', () => {
    const parents = new Map([
      ['cl_acme_bank', 'cl_acme'],
      ['cl_acme', null],
      ['cl_unknown', 'cl_acme'],
    ]);
    expect(withParents([ACME, BANK, TRAVEL], parents)).toEqual([{ ...ACME, parentClientId: null }, { ...BANK, parentClientId: 'cl_acme' }, TRAVEL]);
  });

  it.each([
    ['nothing new is told', [{ ...BANK, parentClientId: 'cl_acme' }], new Map([['cl_acme_bank', 'cl_acme']])],
    ['the relations name none of the clients', [BANK], new Map([['cl_other', null]])],
    ['no relation is told', [BANK], new Map()],
  ])('change nothing (null: no write) when %s', (_name, clients, parents) => {
    expect(withParents(clients, parents)).toBeNull();
  });

  it('a later relation replaces an earlier one', () => {
    expect(withParents([{ ...BANK, parentClientId: 'cl_old' }], new Map([['cl_acme_bank', null]]))).toEqual([{ ...BANK, parentClientId: null }]);
  });

  it('a client without an id is left as it is', () => {
    const unnamed: ClientSummary = { id: null, name: 'Bare name', active: null };
    expect(withParents([unnamed], new Map([['Bare name', null]]))).toBeNull();
  });

  it('are read back from the clients that say', () => {
    expect(parentsOf([{ ...ACME, parentClientId: null }, { ...BANK, parentClientId: 'cl_acme' }, TRAVEL])).toEqual(
      new Map([
        ['cl_acme', null],
        ['cl_acme_bank', 'cl_acme'],
      ]),
    );
  });
});

describe('a fresh client list', () => {
  const known = [{ ...ACME, parentClientId: null }, { ...BANK, parentClientId: 'cl_acme' }, TRAVEL];

  it('keeps what was learned when the service does not say', () => {
    expect(keepKnownParents([ACME, BANK, TRAVEL], known)).toEqual(known);
  });

  it('takes what the service says over what was learned', () => {
    expect(keepKnownParents([ACME, { ...BANK, parentClientId: null }], known)).toEqual([
      { ...ACME, parentClientId: null },
      { ...BANK, parentClientId: null },
    ]);
  });

  it('keeps no relation of a client no longer listed, and adds none to a new one', () => {
    const OTHER: ClientSummary = { id: 'cl_new', name: 'New', active: true };
    expect(keepKnownParents([BANK, OTHER], known)).toEqual([{ ...BANK, parentClientId: 'cl_acme' }, OTHER]);
  });
});
