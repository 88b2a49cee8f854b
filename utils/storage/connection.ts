import { storage } from '@wxt-dev/storage';
import type { SavedConnection } from '../connection/types';

/**
 * The API key. Read only by the background service worker: no message ever
 * answers with it, and UI code never touches storage directly.
 */
export const apiKeyItem = storage.defineItem<string | null>('local:apiKey', {
  fallback: null,
  version: 1,
});

/** Version 1 of the saved connection: clients always came from whoami, with ids and names. */
interface SavedConnectionV1 extends Omit<SavedConnection, 'clientsSource' | 'skippedClients' | 'clientsProblem'> {}

/** The verified connection (URL, masked key, clients). Written only after a successful check. */
export const connectionItem = storage.defineItem<SavedConnection | null>('local:connection', {
  fallback: null,
  version: 2,
  migrations: {
    // v2: the client list says where it came from and how many entries could not be read.
    2: (old: SavedConnectionV1 | null): SavedConnection | null =>
      old && { ...old, clientsSource: 'whoami', skippedClients: 0 },
  },
});

/** Saves key and connection in one storage write, so neither is ever half-saved. */
export async function saveVerifiedConnection(apiKey: string, connection: SavedConnection): Promise<void> {
  await storage.setItems([
    { item: apiKeyItem, value: apiKey },
    { item: connectionItem, value: connection },
  ]);
}

/** Removes the key and the connection. */
export async function clearConnection(): Promise<void> {
  await storage.removeItems([apiKeyItem, connectionItem]);
}

/** Calls back whenever the saved connection changes (saved, refreshed, forgotten), in any extension page. */
export function watchConnection(callback: (connection: SavedConnection | null) => void): () => void {
  return connectionItem.watch((connection) => callback(connection));
}

/**
 * Notes on the saved connection whether the service refused the key on a
 * background call (true) or accepted it again (false), so pages show it
 * without calling whoami themselves. Writes only when that changes.
 */
export async function recordKeyRejected(rejected: boolean): Promise<void> {
  const saved = await connectionItem.getValue();
  if (!saved || (saved.keyRejected ?? false) === rejected) return;
  const { keyRejected: _old, ...rest } = saved;
  await connectionItem.setValue(rejected ? { ...rest, keyRejected: true } : rest);
}
