import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiKeyItem, clearConnection, connectionItem, recordKeyRejected, saveVerifiedConnection, watchConnection } from '@/utils/storage/connection';
import type { SavedConnection } from '@/utils/connection/types';

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
    expect(await fakeBrowser.storage.local.get(['apiKey', 'connection'])).toEqual({ apiKey: 'key_abcd', connection: CONNECTION });
  });

  it('clears both', async () => {
    await saveVerifiedConnection('key_abcd', CONNECTION);
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
