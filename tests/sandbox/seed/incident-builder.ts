import type { IncidentRecord, IncidentState } from '../types.ts';
import type { SeedClient } from './accounts.ts';
import { daysBefore } from '../clock.ts';
import { idFormatFor, seededId } from '../ids.ts';
import { newestFirst, systemEntry } from './history.ts';

/** What a template receives: its client, its stable id and a date helper. */
interface TemplateInput {
  client: SeedClient;
  clientIndex: number;
  id: string;
  /** ISO time `days` (and `hours`) before this client's anchor date. */
  at: (days: number, hours?: number) => string;
}

type Defaulted = 'id' | 'clientId' | 'safeDomain' | 'history' | 'incidentState' | 'blocklists' | 'snapshots' | 'takedownAttempts' | 'attachments';

/** A template's output: the incident minus what the builder can default. */
type SeedIncident = Omit<IncidentRecord, Defaulted> & Partial<Pick<IncidentRecord, Defaulted>>;

/** One seeded incident shape, instantiated once per client. */
export type IncidentTemplate = (input: TemplateInput) => SeedIncident;

/** Seed dates are fixed, so filters and paging give the same answers every run. */
const ANCHOR = '2026-01-20T12:00:00.000Z';

/** Derives a plausible scan state from the status. */
export function stateFor(status: string, timestamp: string): IncidentState {
  const removed = status === 'takedown_success' || status === 'closed';
  return {
    unresponsive: removed,
    warningBanner: status === 'blocklisted',
    responsive: !removed && status !== 'pending_review',
    contentRemoved: removed,
    redirect: status === 'takedown_attempt_failed',
    inconclusive: status === 'pending_review',
    timestamp,
  };
}

/** Instantiates every template for every client, filling the defaults. */
export function buildIncidents(clients: SeedClient[], templates: IncidentTemplate[]): IncidentRecord[] {
  const out: IncidentRecord[] = [];
  clients.forEach((client, clientIndex) => {
    const anchor = daysBefore(ANCHOR, 0, clientIndex * 5);
    templates.forEach((template, i) => {
      const id = seededId(`${client.id}#${i}`, idFormatFor(i + clientIndex));
      const seed = template({ client, clientIndex, id, at: (days, hours = 0) => daysBefore(anchor, days, hours) });
      const history = newestFirst(seed.history ?? [systemEntry(seed.timestamp, 'Incident created.')]);
      const latest = history[0]?.timestamp ?? seed.timestamp;
      out.push({
        ...seed,
        id,
        clientId: client.id,
        safeDomain: client.safeDomain,
        history,
        lastHistoryUpdateTimestamp: seed.lastHistoryUpdateTimestamp ?? latest,
        incidentState: seed.incidentState ?? stateFor(seed.status, latest),
        blocklists: seed.blocklists ?? [],
        snapshots: seed.snapshots ?? [],
        takedownAttempts: seed.takedownAttempts ?? [],
        attachments: seed.attachments ?? [],
      });
    });
  });
  return out;
}
