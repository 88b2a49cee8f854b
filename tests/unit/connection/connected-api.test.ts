import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createConnectedApi } from '@/utils/connection/connected-api';
import { ProblemError } from '@/utils/problems/kinds';
import { apiKeyItem, saveVerifiedConnection, clearConnection } from '@/utils/storage/connection';
import { toApiErrorInfo } from '@/utils/api/errors';
import type { SavedConnection } from '@/utils/storage/connection-types';
import { json, rejectionOf, stubFetch } from '../api/stub-fetch';

const SAVED: SavedConnection = {
  baseUrl: 'https://api.example.com/tenant',
  origin: 'https://api.example.com',
  keyHint: '••••1111',
  clients: [],
  clientsSource: 'clients',
  skippedClients: 0,
  verifiedAt: '2026-11-22T10:00:00.000Z',
};

function connected(granted = true) {
  const { fetch, requests } = stubFetch(() => json({ message: 'OK', data: [] }));
  const hasHostPermission = vi.fn(async (_pattern: string) => granted);
  return { api: createConnectedApi({ hasHostPermission, fetch }), requests, hasHostPermission };
}

describe('the connected client', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('reads the saved URL and key for every request, so a new key applies at once', async () => {
    const { api, requests, hasHostPermission } = connected();
    await saveVerifiedConnection('good_key_1111', SAVED);
    await api.listClients();
    await saveVerifiedConnection('next_key_2222', SAVED);
    await api.listClients();
    expect(requests.map((request) => [request.url, request.headers.get('x-api-key')])).toEqual([
      ['https://api.example.com/tenant/v1/clients', 'good_key_1111'],
      ['https://api.example.com/tenant/v1/clients', 'next_key_2222'],
    ]);
    expect(hasHostPermission).toHaveBeenCalledWith('https://api.example.com/*');
  });

  it('reads the URL and the key in one storage read per request', async () => {
    const { api } = connected();
    await saveVerifiedConnection('good_key_1111', SAVED);
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    await api.listClients();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('gives up after its own timeout', async () => {
    await saveVerifiedConnection('good_key_1111', SAVED);
    const hang = stubFetch((request) => new Promise((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason as Error))));
    const api = createConnectedApi({ hasHostPermission: async () => true, fetch: hang.fetch, timeoutMs: 50 });
    expect(toApiErrorInfo(await rejectionOf(api.whoami()))).toEqual({ kind: 'timeout', timeoutSeconds: 1 });
  });

  it.each([
    ['nothing is saved', async () => {}, true, { kind: 'not_configured' }],
    [
      'only the connection is saved, not the key',
      async () => {
        await saveVerifiedConnection('good_key_1111', SAVED);
        await apiKeyItem.removeValue();
      },
      true,
      { kind: 'not_configured' },
    ],
    [
      'the connection was forgotten',
      async () => {
        await saveVerifiedConnection('good_key_1111', SAVED);
        await clearConnection();
      },
      true,
      { kind: 'not_configured' },
    ],
    ['the permission was removed', async () => saveVerifiedConnection('good_key_1111', SAVED), false, { kind: 'permission_missing', origin: 'https://api.example.com' }],
    ['the saved URL went bad', async () => saveVerifiedConnection('good_key_1111', { ...SAVED, baseUrl: 'http://api.example.com' }), true, { kind: 'invalid_input', reason: 'url_http_not_loopback' }],
  ])('sends nothing when %s', async (_name, arrange, granted, problem) => {
    const { api, requests } = connected(granted);
    await arrange();
    const error = await rejectionOf(api.whoami());
    expect(error).toBeInstanceOf(ProblemError);
    expect((error as ProblemError).problem).toEqual(problem);
    expect(requests).toEqual([]);
  });
});
