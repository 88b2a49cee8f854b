import { describe, expect, it } from 'vitest';
import { DocumentTable } from '@/components/account/document-table';
import { AccountDocument } from '@/utils/api/schemas/document';
import { useDomWindow } from './dom';

// Documents name their client as the rest of the extension does (issue 21):
// by name, from the answer or the saved client list; by id only when no name
// is known, and then said to be an id.

const { mount } = useDomWindow();

const CLIENTS = [
  { id: 'cl_acme', name: 'Acme Holdings', active: true },
  { id: 'cl_bank', name: null, active: true },
];

describe('a document’s client', () => {
  it.each([
    ['the name the answer gives', { clientId: 'cl_acme_bank', client: { id: 'cl_acme_bank', name: 'Acme Bank', parentClientId: 'cl_acme' } }, 'Acme Bank'],
    ['the saved list’s name when the answer gives none', { clientId: 'cl_acme', client: null }, 'Acme Holdings'],
    ['the id, said to be one, when no name is known', { clientId: 'cl_9a8b7c' }, 'Client id cl_9a8b7c'],
    ['the id, said to be one, for a client the service sent without a name', { clientId: 'cl_bank', client: null }, 'Client id cl_bank'],
  ])('reads %s', (_name, fields, shown) => {
    const document = AccountDocument.parse({ id: 'doc_1', docType: 'loa', fileName: 'loa.pdf', ...fields });
    const root = mount(<DocumentTable listed={{ documents: [document], skipped: 0 }} clients={CLIENTS} />);
    expect(root.querySelectorAll('tbody td')[1]?.textContent).toBe(shown);
  });
});
