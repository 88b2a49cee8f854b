import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { IncidentView } from '@/components/incident/incident-view';
import { DetailedIncident } from '@/utils/api/schemas/incident';
import { connectionItem } from '@/utils/storage/connection';
import type { SavedConnection } from '@/utils/storage/connection-types';
import { useDomWindow } from './dom';

// The incident view in the extension's one vocabulary (issue 21): clients by
// name, every coded value in words.

const { mount } = useDomWindow();

const SAVED: SavedConnection = {
  baseUrl: 'https://service.example',
  origin: 'https://service.example',
  keyHint: '••••abcd',
  clients: [
    { id: 'cl_acme', name: 'Acme Holdings', active: true },
    { id: 'cl_bank', name: null, active: true },
  ],
  clientsSource: 'clients',
  skippedClients: 0,
  verifiedAt: '2026-11-20T10:00:00.000Z',
};

beforeEach(async () => {
  fakeBrowser.reset();
  await connectionItem.setValue(SAVED);
});

/** The value of a fact of the view, by its term. */
function fact(root: HTMLElement, term: string): string | null | undefined {
  return [...root.querySelectorAll('.facts .fact')].find((row) => row.querySelector('dt')?.textContent === term)?.querySelector('dd')?.textContent;
}

describe('the incident view names', () => {
  it.each([
    ['a client of the saved list by its name', 'cl_acme', 'Acme Holdings'],
    ['a client the service sent no name for by its id, said to be one', 'cl_bank', 'Client id cl_bank'],
    ['a client the list does not hold by its id, said to be one', 'cl_9a8b7c', 'Client id cl_9a8b7c'],
  ])('%s', async (_name, clientId, shown) => {
    const root = mount(<IncidentView incident={DetailedIncident.parse({ id: 'inc_client', clientId })} />);
    await vi.waitFor(() => expect(fact(root, 'Client')).toBe(shown));
  });

  it.each([
    ['Source', { source: 'CLIENT_REPORTED' }, 'Reported by your organisation'],
    ['Source', { source: 'SERVICE_DETECTED' }, 'Detected by the service'],
    ['Source', { source: 'PARTNER_FEED' }, 'Other (PARTNER_FEED)'],
    ['Type', { incidentType: 'ipv4' }, 'IP address'],
    ['Type', { incidentType: 'qr_code' }, 'Other (qr_code)'],
    ['Class', { incidentClass: 'cryptojacking' }, 'Other (cryptojacking)'],
  ])('%s %j as "%s"', (term, fields, shown) => {
    const root = mount(<IncidentView incident={DetailedIncident.parse({ id: 'inc_words', ...fields })} />);
    expect(fact(root, term)).toBe(shown);
  });

  it('an unknown status as "Other (value)"', () => {
    const root = mount(<IncidentView incident={DetailedIncident.parse({ id: 'inc_status', status: 'under_legal_review' })} />);
    expect(root.querySelector('.status-chip')?.textContent).toBe('Other (under_legal_review)');
  });
});
