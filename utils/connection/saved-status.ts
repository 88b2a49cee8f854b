import { connectionOfStored, readConnection } from '../storage/connection';
import type { ConnectionStatus, SavedConnection } from '../storage/connection-types';

/**
 * The status a saved connection shows without asking the service: connected,
 * or failing when a background call saw the key refused since it was saved.
 */
export function statusOfSaved(saved: SavedConnection | null): ConnectionStatus {
  if (!saved) return { state: 'not_configured' };
  return saved.keyRejected ? { state: 'failing', ...saved, problem: { kind: 'key_rejected', origin: saved.origin } } : { state: 'connected', ...saved };
}

/** The saved connection as pages read it (never the key): null when none is set up. */
export function readSavedConnection(): Promise<SavedConnection | null> {
  return readConnection();
}

/** The saved connection from the raw stored value, read already (the popup's first read). */
export const savedConnectionOf: (stored: unknown) => SavedConnection | null = connectionOfStored;

/** Calls back on every change of the saved connection (a save, a forget, a refused key noted); returns the unsubscribe. */
export { watchConnection } from '../storage/connection';
