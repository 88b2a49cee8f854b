import type { ConnectionStatus, SavedConnection } from './types';

/**
 * The status a saved connection shows without asking the service: connected,
 * or failing when a background call saw the key refused since it was saved.
 */
export function statusOfSaved(saved: SavedConnection | null): ConnectionStatus {
  if (!saved) return { state: 'not_configured' };
  return saved.keyRejected ? { state: 'failing', ...saved, problem: { kind: 'key_rejected', origin: saved.origin } } : { state: 'connected', ...saved };
}
