import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { IncidentActions } from '@/components/incident/incident-actions';
import { IncidentView } from '@/components/incident/incident-view';
import { DetailedIncident } from '@/utils/api/schemas/incident';
import { connectionItem } from '@/utils/storage/connection';
import type { SavedConnection } from '@/utils/storage/connection-types';
import { useDomWindow } from './dom';

// The incident view in the extension's one vocabulary (issue 21): clients by
// name, every coded value in words, and what the service waits for said
// beside the buttons that answer it.

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

describe('what the service waits for', () => {
  const history = [
    { timestamp: '2026-11-20T10:00:00Z', message: 'Incident created.', author: 'Service System' },
    { timestamp: '2026-11-21T09:00:00Z', message: 'Action required: please send the original email as an .eml file.', author: 'Service' },
    { timestamp: '2026-11-21T09:00:01Z', message: 'Status changed to action_required.', author: 'Service System' },
    { timestamp: '2026-11-21T12:00:00Z', message: 'Looking for it.', author: 'Client (soc@acme.example)' },
  ];
  const actions = (fields: Record<string, unknown>) => mount(<IncidentActions incident={DetailedIncident.parse({ id: 'inc_wait', ...fields })} onChanged={() => undefined} />);
  /** The request's words and the buttons beside it, described by it. */
  function request(root: HTMLElement) {
    const group = root.querySelector('.service-request');
    const buttons = [...(group?.querySelectorAll('button') ?? [])];
    return {
      text: group?.querySelector('#incident-request')?.textContent,
      beside: buttons.map((button) => button.textContent),
      describedBy: buttons.map((button) => button.getAttribute('aria-describedby')),
      label: group?.getAttribute('aria-labelledby'),
    };
  }

  it('says which action, with the service’s latest message, beside "Attach evidence" and "Comment"', () => {
    const root = actions({ status: 'action_required', history });
    expect(request(root)).toEqual({
      text: "Waiting for an action from you. The service's latest message: “Action required: please send the original email as an .eml file.”",
      beside: ['Attach evidence', 'Comment'],
      describedBy: ['incident-request', 'incident-request'],
      label: 'incident-request',
    });
    // The other actions stay below, once each.
    expect([...root.querySelectorAll('.incident-actions > .actions button')].map((button) => button.textContent)).toEqual(['Request takedown', 'Move to monitoring', 'Mark safe']);
  });

  it('gives the reason the service stated (waitForClient) before any message', () => {
    expect(request(actions({ status: 'action_required', history, waitForClient: 'Send the LOA again.' })).text).toBe('Waiting for an action from you. The service asks: “Send the LOA again.”');
  });

  it('says when the service did not say which action', () => {
    expect(request(actions({ status: 'action_required', history: [], waitForClient: true })).text).toBe(
      'Waiting for an action from you. The service has not said which: answer with a comment or attach evidence.',
    );
  });

  it('puts approval beside "Approve the takedown"', () => {
    const shown = request(actions({ status: 'approval_required', history: [] }));
    expect(shown.text?.trim()).toBe('Waiting for your approval of the takedown.');
    expect(shown.beside).toEqual(['Approve the takedown']);
  });

  it('asks nothing of an incident that waits for nobody', () => {
    expect(actions({ status: 'takedown_in_progress', history, waitForClient: 'stale reason' }).querySelector('.service-request')).toBeNull();
  });
});

describe('the waiting action first, only the actions the status allows (issue 44, point 3)', () => {
  /** The incident view laid out as the popup and the page lay it out. */
  const page = (fields: Record<string, unknown>) => {
    const incident = DetailedIncident.parse({ id: 'inc_plan', history: [], ...fields });
    return mount(
      <IncidentActions incident={incident} onChanged={() => undefined}>
        {({ waiting, others }) => <IncidentView incident={incident} waiting={waiting} actions={others} />}
      </IncidentActions>,
    );
  };
  const buttons = (root: ParentNode | null) => [...(root?.querySelectorAll('button') ?? [])].map((button) => button.textContent);

  it.each([
    ['approval_required', ['Approve the takedown']],
    ['action_required', ['Attach evidence', 'Comment']],
  ])('%s: the action it waits for sits in the header, beside the status, before every detail', (status, waiting) => {
    const root = page({ status, reportedBy: 'soc@acme.example', registrar: { name: 'NameCheap' } });
    const header = root.querySelector('.incident-header')!;
    expect(buttons(header.querySelector('.service-request'))).toEqual(waiting);
    const request = header.querySelector('.service-request')!;
    // In document order (4: DOCUMENT_POSITION_FOLLOWING): status, then the waiting action, then the details.
    expect(header.querySelector('.status-chip')!.compareDocumentPosition(request) & 4).toBeTruthy();
    expect(request.compareDocumentPosition(root.querySelector('dl.facts')!) & 4).toBeTruthy();
  });

  it.each([
    ['takedown_success', ['Comment', 'Attach evidence', 'Request a new takedown (reopens the incident)', 'Monitor it again (reopens the incident)']],
    ['closed', ['Comment', 'Attach evidence', 'Request a new takedown (reopens the incident)', 'Monitor it again (reopens the incident)']],
    ['takedown_in_progress', ['Comment', 'Attach evidence', 'Mark safe']],
    ['approval_required', ['Comment', 'Attach evidence', 'Move to monitoring', 'Mark safe']],
    ['under_legal_review', ['Comment', 'Attach evidence', 'Request takedown', 'Move to monitoring', 'Mark safe']],
  ])('%s offers %j after the details, and nothing in the header', (status, offered) => {
    const root = page({ status });
    expect(buttons(root.querySelector('section.incident-actions:not(.incident-waiting) > .actions'))).toEqual(offered);
    if (status !== 'approval_required') expect(root.querySelector('.incident-header button')).toBeNull();
  });

  it('a reopening action says so again before it is confirmed', () => {
    const root = page({ status: 'closed' });
    [...root.querySelectorAll('button')].find((button) => button.textContent?.startsWith('Request a new takedown'))!.click();
    return new Promise((resolve) => setTimeout(resolve, 0)).then(() => {
      expect(root.querySelector('#incident-action-what')?.textContent).toBe(
        'This incident is finished: this reopens it and asks the service to take the site down again. Do it only if the site is back.',
      );
    });
  });
});
