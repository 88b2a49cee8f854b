import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiKeyItem, clearConnection, connectionItem, saveVerifiedConnection } from '@/utils/storage/connection';

const CONNECTION = {
  baseUrl: 'https://api.example.com',
  origin: 'https://api.example.com',
  keyHint: '••••abcd',
  clients: [{ id: 'cl_1', name: 'Acme', active: true }],
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
});
