import { storage } from '@wxt-dev/storage';
import { defineLazyItem } from './lazy-item';
import { withParents, type ClientParents } from './client-parents';
import type { SavedConnection } from './connection-types';

/**
 * The API key. Read only by the background service worker: no message ever
 * answers with it, and UI code never touches storage directly.
 */
export const apiKeyItem = defineLazyItem<string | null>('local:apiKey', {
  fallback: null,
  version: 1,
});

/** Version 1 of the saved connection: clients always came from whoami, with ids and names. */
interface SavedConnectionV1 extends Omit<SavedConnection, 'clientsSource' | 'skippedClients' | 'clientsProblem'> {}

/** The saved connection's shape version, written with every save (saveVerifiedConnection). */
const CONNECTION_VERSION = 2;

/**
 * The verified connection (URL, masked key, clients). Saved only after a
 * successful check; background calls later note a refused key and the
 * clients' parents on it. A client without `parentClientId` (every one saved
 * before it existed) reads as "parent not known": the optional field needs
 * no new version.
 */
export const connectionItem = defineLazyItem<SavedConnection | null>('local:connection', {
  fallback: null,
  version: CONNECTION_VERSION,
  migrations: { 2: upgradeConnection },
});

/**
 * A saved connection of version 1 as version 2: the client list says where it
 * came from (whoami, all version 1 knew) and how many entries could not be
 * read. A connection already of version 2 is left as it is.
 */
function upgradeConnection(saved: SavedConnectionV1 | SavedConnection | null): SavedConnection | null {
  return saved && { clientsSource: 'whoami', skippedClients: 0, ...saved };
}

/**
 * The saved connection in one storage read, whatever version it was saved
 * in. `connectionItem.getValue()` first waits for the item's migration check
 * in this page, a read of its own: two in a row, which the popup's first
 * paint waited for (issue 24).
 */
export async function readConnection(): Promise<SavedConnection | null> {
  return connectionOfStored(await storage.getItem<SavedConnectionV1 | SavedConnection>('local:connection'));
}

/** The saved connection and the key in one storage read: a worker woken by a page's status call answers after it (issue 43). */
export async function readConnectionAndKey(): Promise<[SavedConnection | null, string | null]> {
  const [saved, key] = await storage.getItems(['local:connection', 'local:apiKey']);
  return [connectionOfStored(saved?.value), (key?.value as string | null | undefined) ?? null];
}

/** The saved connection from the raw value of `connection` in storage.local, read already (the popup's first read), whatever version it was saved in. */
export function connectionOfStored(stored: unknown): SavedConnection | null {
  return upgradeConnection((stored ?? null) as SavedConnectionV1 | SavedConnection | null);
}

/** The last change of the connection queued in this context (the background writes it). */
let lastChange: Promise<unknown> | undefined;

/** Runs the connection's storage changes one after another, so none writes back a connection another replaced meanwhile. */
function inTurn<T>(change: () => Promise<T>): Promise<T> {
  const run = (lastChange ?? Promise.resolve()).then(change);
  lastChange = run.catch(() => undefined);
  return run;
}

/**
 * Saves key and connection in one storage write, so neither is ever
 * half-saved, with the connection's version mark (@wxt-dev/storage keeps it
 * under the item's key and `$`): `storage.setItems` writes none itself, and
 * a page that found a connection without it would migrate it as version 1,
 * its clients then said to come from whoami.
 */
export function saveVerifiedConnection(apiKey: string, connection: SavedConnection): Promise<void> {
  return inTurn(() =>
    storage.setItems([
      { item: apiKeyItem, value: apiKey },
      { item: connectionItem, value: connection },
      { key: 'local:connection$', value: { v: CONNECTION_VERSION } },
    ]),
  );
}

/** Removes the key and the connection, with its version mark: nothing of it stays. */
export function clearConnection(): Promise<void> {
  return inTurn(() => storage.removeItems([apiKeyItem, { item: connectionItem, options: { removeMeta: true } }]));
}

/**
 * Changes the saved connection, in turn with every other change; `change`
 * answers undefined to leave it as it is (nothing is written). Answers the
 * connection as it then is; null when none is saved.
 */
export function changeConnection(change: (saved: SavedConnection) => SavedConnection | undefined): Promise<SavedConnection | null> {
  return inTurn(async () => {
    const saved = await connectionItem.getValue();
    const next = saved && change(saved);
    if (next) await connectionItem.setValue(next);
    return next ?? saved;
  });
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
  await changeConnection((saved) => {
    if ((saved.keyRejected ?? false) === rejected) return undefined;
    const { keyRejected: _old, ...rest } = saved;
    return rejected ? { ...rest, keyRejected: true } : rest;
  });
}

/**
 * Notes which of the saved connection's clients is a sub-client of which, as
 * the documents told (see utils/connection/client-parents.ts); every page
 * listing the clients groups them from then on. Writes only when that changes.
 */
export async function recordClientParents(parents: ClientParents): Promise<void> {
  if (parents.size === 0) return;
  await changeConnection((saved) => {
    const clients = withParents(saved.clients, parents);
    return clients ? { ...saved, clients } : undefined;
  });
}
