import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  apiKeyItem,
  changeConnection,
  clearConnection,
  connectionItem,
  readConnection,
  recordClientParents,
  recordKeyRejected,
  saveVerifiedConnection,
  watchConnection,
} from '@/utils/storage/connection';
import type { SavedConnection } from '@/utils/storage/connection-types';

const CONNECTION: SavedConnection = {
  baseUrl: 'https://api.example.com',
  origin: 'https://api.example.com',
  keyHint: '••••abcd',
  clients: [{ id: 'cl_1', name: 'Acme', active: true }],
  clientsSource: 'clients',
  skippedClients: 0,
  verifiedAt: '2026-11-22T10:00:00.000Z',
};

describe('connection storage', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('falls back to null when nothing is saved', async () => {
    expect(await apiKeyItem.getValue()).toBeNull();
    expect(await connectionItem.getValue()).toBeNull();
  });

  it('writes key and connection in a single storage call, under stable keys', async () => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await saveVerifiedConnection('key_abcd', CONNECTION);
    expect(set).toHaveBeenCalledTimes(1);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ apiKey: 'key_abcd', connection: CONNECTION, connection$: { v: 2 } });
  });

  it('marks a saved connection with its version, so no page migrates it again', async () => {
    await saveVerifiedConnection('key_abcd', CONNECTION);
    // A page opened later runs the item's migrations on what it finds.
    await connectionItem.migrate();
    expect(await connectionItem.getValue()).toEqual(CONNECTION);
    expect(await fakeBrowser.storage.local.get('connection$')).toEqual({ connection$: { v: 2 } });
  });

  it('clears both', async () => {
    await saveVerifiedConnection('key_abcd', CONNECTION);
    await clearConnection();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('clears both with the version mark a later change left', async () => {
    await saveVerifiedConnection('key_abcd', CONNECTION);
    await recordClientParents(new Map([['cl_1', null]]));
    await fakeBrowser.storage.local.set({ connection$: { v: 2 } });
    await clearConnection();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('migrates a version 1 connection: its clients came from whoami, none skipped', async () => {
    const { clientsSource: _source, skippedClients: _skipped, ...v1 } = CONNECTION;
    await fakeBrowser.storage.local.set({ connection: v1, connection$: { v: 1 } });
    await connectionItem.migrate();
    expect(await connectionItem.getValue()).toEqual({ ...v1, clientsSource: 'whoami', skippedClients: 0 });
    expect(await fakeBrowser.storage.local.get('connection$')).toEqual({ connection$: { v: 2 } });
  });

  it('reads the connection in one storage read, a version 1 one as its migration makes it, a version 2 one as saved', async () => {
    const { clientsSource: _source, skippedClients: _skipped, ...v1 } = CONNECTION;
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    expect(await readConnection()).toBeNull();
    await fakeBrowser.storage.local.set({ connection: v1, connection$: { v: 1 } });
    expect(await readConnection()).toEqual({ ...v1, clientsSource: 'whoami', skippedClients: 0 });
    // Saved as version 2 but without its mark: read as saved, never as whoami's.
    await fakeBrowser.storage.local.set({ connection: CONNECTION, connection$: null });
    expect(await readConnection()).toEqual(CONNECTION);
    expect(get).toHaveBeenCalledTimes(3);
    await connectionItem.migrate();
    expect(await connectionItem.getValue()).toEqual(CONNECTION);
  });

  it('tells watchers of every change, and of a forget as null', async () => {
    const seen: (SavedConnection | null)[] = [];
    const unwatch = watchConnection((connection) => seen.push(connection));
    await saveVerifiedConnection('key_abcd', CONNECTION);
    await clearConnection();
    unwatch();
    await saveVerifiedConnection('key_abcd', CONNECTION);
    expect(seen).toEqual([CONNECTION, null]);
  });

  it('notes a refused key only on a saved connection', async () => {
    await recordKeyRejected(true);
    expect(await connectionItem.getValue()).toBeNull();
  });
});

describe('client relations on the saved connection', () => {
  const FAMILY: SavedConnection = {
    ...CONNECTION,
    clients: [
      { id: 'cl_acme', name: 'Acme Holdings', active: true },
      { id: 'cl_acme_bank', name: 'Acme Bank', active: true, managed: true },
    ],
  };

  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('a connection stored before relations existed (version 2, no parentClientId) reads as "not known", then learns them', async () => {
    await fakeBrowser.storage.local.set({ connection: FAMILY, connection$: { v: 2 } });
    await connectionItem.migrate();
    expect(await connectionItem.getValue()).toEqual(FAMILY);
    expect((await connectionItem.getValue())!.clients.every((client) => client.parentClientId === undefined)).toBe(true);

    await recordClientParents(
      new Map([
        ['cl_acme_bank', 'cl_acme'],
        ['cl_acme', null],
      ]),
    );
    expect(await fakeBrowser.storage.local.get(['connection', 'connection$'])).toEqual({
      connection: {
        ...FAMILY,
        clients: [
          { id: 'cl_acme', name: 'Acme Holdings', active: true, parentClientId: null },
          { id: 'cl_acme_bank', name: 'Acme Bank', active: true, managed: true, parentClientId: 'cl_acme' },
        ],
      },
      connection$: { v: 2 },
    });
  });

  it('writes only when a relation is new, and never without a saved connection', async () => {
    await recordClientParents(new Map([['cl_acme_bank', 'cl_acme']]));
    expect(await connectionItem.getValue()).toBeNull();

    await saveVerifiedConnection('key_abcd', FAMILY);
    const writes: unknown[] = [];
    const unwatch = watchConnection((connection) => writes.push(connection?.clients.map((client) => client.parentClientId)));
    await recordClientParents(new Map([['cl_acme_bank', 'cl_acme']]));
    await recordClientParents(new Map([['cl_acme_bank', 'cl_acme']]));
    await recordClientParents(new Map([['cl_other', null]]));
    await recordClientParents(new Map());
    unwatch();
    expect(writes).toEqual([[undefined, 'cl_acme']]);
  });

  it('a relation learned while a new connection is saved never writes the old one back', async () => {
    await saveVerifiedConnection('key_abcd', FAMILY);
    const other: SavedConnection = { ...CONNECTION, keyHint: '••••wxyz', clients: [{ id: 'cl_acme_bank', name: 'Acme Bank', active: true }] };
    const learning = recordClientParents(new Map([['cl_acme_bank', 'cl_acme']]));
    const saving = saveVerifiedConnection('key_wxyz', other);
    await Promise.all([learning, saving]);
    expect(await connectionItem.getValue()).toEqual(other);
  });

  it('a relation learned while the connection is forgotten does not bring it back', async () => {
    await saveVerifiedConnection('key_abcd', FAMILY);
    await Promise.all([recordClientParents(new Map([['cl_acme_bank', 'cl_acme']])), clearConnection()]);
    expect(await connectionItem.getValue()).toBeNull();
  });

  it('changes queued together all land, in order', async () => {
    await saveVerifiedConnection('key_abcd', FAMILY);
    await Promise.all([recordClientParents(new Map([['cl_acme_bank', 'cl_acme']])), recordKeyRejected(true), changeConnection((saved) => ({ ...saved, verifiedAt: '2026-11-23T00:00:00.000Z' }))]);
    expect(await connectionItem.getValue()).toMatchObject({
      keyRejected: true,
      verifiedAt: '2026-11-23T00:00:00.000Z',
      clients: [{ id: 'cl_acme' }, { id: 'cl_acme_bank', parentClientId: 'cl_acme' }],
    });
  });

  it('a change that fails does not stop the next', async () => {
    await saveVerifiedConnection('key_abcd', FAMILY);
    await expect(
      changeConnection(() => {
        throw new Error('broken');
      }),
    ).rejects.toThrow('broken');
    await recordClientParents(new Map([['cl_acme', null]]));
    expect((await connectionItem.getValue())!.clients[0]).toEqual({ id: 'cl_acme', name: 'Acme Holdings', active: true, parentClientId: null });
  });
});
