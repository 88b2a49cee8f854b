import { describe, expect, it } from 'vitest';
import { ClientList } from '@/components/connection/client-list';
import { ClientPicker } from '@/components/shared/client-picker';
import type { ClientSummary } from '@/utils/storage/connection-types';
import { useDomWindow } from './dom';

// The lists of the key's clients, with and without known relations: a
// sub-client sits under its parent (nested list, indented option), and
// without relations the list is as flat as it always was.

const { mount } = useDomWindow();

// Listed sub-client first, as a service may; Globex names a parent the key does not hold.
const FAMILY: ClientSummary[] = [
  { id: 'cl_acme_bank', name: 'Acme Bank', active: true, parentClientId: 'cl_acme' },
  { id: 'cl_globex', name: 'Globex', active: true, parentClientId: 'cl_elsewhere' },
  { id: 'cl_acme', name: 'Acme Holdings', active: true, parentClientId: null },
  { id: 'cl_acme_pay', name: null, active: true, parentClientId: 'cl_acme' },
];
const FLAT: ClientSummary[] = FAMILY.map(({ parentClientId: _parent, ...client }) => client);

/** Each list item as "name < parent list's label", read from the DOM. */
function listed(root: HTMLElement): string[] {
  return [...root.querySelectorAll('li')].map((item) => `${item.querySelector('.client-entry')!.textContent} < ${item.parentElement!.getAttribute('aria-label')}`);
}

describe('the client list of the options page', () => {
  it('lists sub-clients inside their parent, parent first', () => {
    const root = mount(<ClientList clients={FAMILY} clientsSource="clients" skippedClients={0} />);
    expect(listed(root)).toEqual([
      'Globex < Clients this key reports for',
      'Acme Holdings < Clients this key reports for',
      'Acme Bank < Sub-clients of Acme Holdings',
      'cl_acme_pay < Sub-clients of Acme Holdings',
    ]);
    const parent = root.querySelector('li[data-client-id="cl_acme"]')!;
    expect(parent.querySelector('ul.sub-clients')!.querySelectorAll('li')).toHaveLength(2);
    expect(root.querySelector('li[data-client-id="cl_acme_bank"]')!.getAttribute('data-parent-id')).toBe('cl_acme');
  });

  it('stays flat, in the order given, when no relation is known', () => {
    const root = mount(<ClientList clients={FLAT} clientsSource="clients" skippedClients={0} />);
    expect(listed(root)).toEqual(['Acme Bank', 'Globex', 'Acme Holdings', 'cl_acme_pay'].map((name) => `${name} < Clients this key reports for`));
    expect(root.querySelector('ul.sub-clients')).toBeNull();
  });
});

describe('the client picker (popup, review window, settings)', () => {
  function options(clients: ClientSummary[]): string[][] {
    const root = mount(<ClientPicker id="report-client" clients={clients} value="" onChange={() => {}} />);
    const select = root.querySelector('select')!;
    expect(root.querySelector(`label[for="${select.id}"]`)!.textContent).toBe('Report for client');
    return [...select.querySelectorAll('option')].map((option) => [option.value, option.textContent!]);
  }

  it('indents each sub-client under its parent; the values stay the client ids', () => {
    expect(options(FAMILY)).toEqual([
      ['', "This key's default client"],
      ['cl_globex', 'Globex (cl_globex)'],
      ['cl_acme', 'Acme Holdings (cl_acme)'],
      ['cl_acme_bank', '— Acme Bank (cl_acme_bank)'],
      ['cl_acme_pay', '— cl_acme_pay'],
    ]);
  });

  it('puts a sub-client of an inactive parent (not offered) at the top', () => {
    const clients = FAMILY.map((client) => (client.id === 'cl_acme' ? { ...client, active: false } : client));
    expect(options(clients).map(([value, text]) => `${value}: ${text}`)).toEqual([
      ": This key's default client",
      'cl_acme_bank: Acme Bank (cl_acme_bank)',
      'cl_globex: Globex (cl_globex)',
      'cl_acme_pay: cl_acme_pay',
    ]);
  });

  it.each<[string, ClientSummary[], string]>([
    ['the parent of the others', FAMILY.filter((client) => client.id !== 'cl_globex'), "Acme Holdings (this key's default)"],
    [
      'its own client among managed sub-clients',
      [
        { id: 'cl_acme', name: 'Acme Holdings', active: true, managed: false },
        { id: 'cl_acme_bank', name: 'Acme Bank', active: true, managed: true },
      ],
      "Acme Holdings (this key's default)",
    ],
    [
      'a client without a name, by its id',
      [
        { id: 'cl_root', name: null, active: true },
        { id: 'cl_sub', name: 'Sub', active: true, parentClientId: 'cl_root' },
      ],
      "cl_root (this key's default)",
    ],
    ['two clients at the top: not guessed', FAMILY, "This key's default client"],
    ['nothing known of the relations: not guessed', FLAT, "This key's default client"],
  ])('names the client a report without a client goes to: %s', (_name, clients, label) => {
    expect(options(clients)[0]).toEqual(['', label]);
    expect(document.body.textContent).not.toContain("The key's own client");
  });

  it('offers the clients as listed when no relation is known', () => {
    expect(options(FLAT).map(([value]) => value)).toEqual(['', 'cl_acme_bank', 'cl_globex', 'cl_acme', 'cl_acme_pay']);
  });
});
