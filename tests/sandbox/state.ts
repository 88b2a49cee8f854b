import type { IncidentRecord, SandboxSettings } from './types.ts';
import { createSeed, type SeedData } from './seed.ts';

/** The whole mutable world of one sandbox instance. */
export interface SandboxState extends SeedData {
  settings: SandboxSettings;
}

function defaultSettings(): SandboxSettings {
  return { legacyDuplicates: false, whoami: 'default', clients: 'default', report: 'default' };
}

/** Creates a state holding a fresh seed. */
export function createState(): SandboxState {
  return { ...createSeed(), settings: defaultSettings() };
}

/** Puts the state back to the seed in place, so references held elsewhere stay valid. */
export function resetState(state: SandboxState): void {
  Object.assign(state, createSeed(), { settings: defaultSettings() });
}

/** Finds an incident by id among the given clients' incidents. */
export function findIncident(state: SandboxState, id: string, clientIds: readonly string[]): IncidentRecord | undefined {
  return state.incidents.find((i) => i.id === id && clientIds.includes(i.clientId));
}

/** Returns a client's display name, or null for an unknown id. */
export function clientName(state: SandboxState, clientId: string): string | null {
  return state.clients.find((c) => c.id === clientId)?.name ?? null;
}
