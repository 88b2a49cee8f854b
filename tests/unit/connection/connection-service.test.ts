import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '@/utils/api/errors';
import { createConnectionService, type WhoamiApi } from '@/utils/connection/connection-service';
import { apiKeyItem, connectionItem } from '@/utils/storage/connection';

const CLIENTS = [
  { id: 'cl_acme', name: 'Acme Holdings', active: true },
  { id: 'cl_acme_travel', name: 'Acme Travel', active: false },
  { id: 'cl_new', name: 'No flag' },
];
const NOW = new Date('2026-11-22T10:00:00.000Z');

function service(whoami: WhoamiApi['whoami'], granted = true) {
  const createApi = vi.fn((_options: { baseUrl: string; apiKey: string; timeoutMs?: number }) => ({ whoami }));
  const hasHostPermission = vi.fn(async (_pattern: string) => granted);
  return { createApi, hasHostPermission, connection: createConnectionService({ createApi, hasHostPermission, now: () => NOW }) };
}

const rejectKey = async () => {
  throw new ApiError({ kind: 'unauthorized', status: 401, message: 'The service rejected the API key.' });
};

describe('connection service', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('verifies with whoami, then saves the key and the clients', async () => {
    const { connection, createApi, hasHostPermission } = service(async () => ({ clients: CLIENTS }));
    const result = await connection.save({ baseUrl: 'http://127.0.0.1:8787/', apiKey: 'sbx_managed_demo_0001' });

    expect(hasHostPermission).toHaveBeenCalledWith('http://127.0.0.1/*');
    expect(createApi).toHaveBeenCalledWith({ baseUrl: 'http://127.0.0.1:8787', apiKey: 'sbx_managed_demo_0001' });
    const saved = {
      baseUrl: 'http://127.0.0.1:8787',
      origin: 'http://127.0.0.1:8787',
      keyHint: '••••0001',
      clients: [
        { id: 'cl_acme', name: 'Acme Holdings', active: true },
        { id: 'cl_acme_travel', name: 'Acme Travel', active: false },
        { id: 'cl_new', name: 'No flag', active: null },
      ],
      verifiedAt: NOW.toISOString(),
    };
    expect(result).toEqual({ ok: true, status: { state: 'connected', ...saved } });
    expect(await apiKeyItem.getValue()).toBe('sbx_managed_demo_0001');
    expect(await connectionItem.getValue()).toEqual(saved);
  });

  it('never answers with the key', async () => {
    const { connection } = service(async () => ({ clients: CLIENTS }));
    const saved = await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'secret_key_abcd' });
    const status = await connection.getStatus({ live: true });
    expect(JSON.stringify([saved, status])).not.toContain('secret_key');
  });

  it('saves nothing when the key is rejected, and blames the key field', async () => {
    const { connection } = service(rejectKey);
    const result = await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'wrong_key_0000' });
    expect(result).toEqual({
      ok: false,
      field: 'apiKey',
      problem: {
        kind: 'unauthorized',
        message: 'https://api.example.com rejected this API key. Check that you copied the whole key and that it is still active.',
      },
    });
    expect(await apiKeyItem.getValue()).toBeNull();
    expect(await connection.getStatus({ live: false })).toEqual({ state: 'not_configured' });
  });

  it('keeps a working connection when a new key fails', async () => {
    const good = service(async () => ({ clients: CLIENTS }));
    await good.connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    const bad = service(rejectKey);
    await bad.connection.save({ baseUrl: 'https://other.example.com', apiKey: 'wrong_key_0000' });
    expect(await apiKeyItem.getValue()).toBe('good_key_1111');
    expect(await good.connection.getStatus({ live: false })).toMatchObject({ state: 'connected', origin: 'https://api.example.com' });
  });

  it('reuses the saved key when none is given', async () => {
    const { connection, createApi } = service(async () => ({ clients: CLIENTS }));
    await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    await connection.save({ baseUrl: 'https://api2.example.com' });
    expect(createApi).toHaveBeenLastCalledWith({ baseUrl: 'https://api2.example.com', apiKey: 'good_key_1111' });
  });

  it.each([
    [{ kind: 'network' as const, message: 'x' }, 'baseUrl', /Could not reach https:\/\/api\.example\.com/],
    [{ kind: 'not_found' as const, status: 404, message: 'x' }, 'baseUrl', /answered, but not as the incident API does/],
    [{ kind: 'unexpected_response' as const, message: 'x' }, 'baseUrl', /answered, but not as the incident API does/],
    [{ kind: 'rate_limited' as const, status: 429, retryAfterSeconds: 7, message: 'Too many requests — try again in 7 seconds.' }, null, /try again in 7 seconds/],
  ])('maps %j to the right field', async (info, field, message) => {
    const { connection } = service(async () => {
      throw new ApiError(info);
    });
    const result = await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.field).toBe(field);
      expect(result.problem.message).toMatch(message);
    }
  });

  it('says so when the host permission is missing, without calling the service', async () => {
    const { connection, createApi } = service(async () => ({ clients: CLIENTS }), false);
    const result = await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    expect(result).toMatchObject({ ok: false, field: 'baseUrl', problem: { kind: 'permission_missing' } });
    expect(createApi).not.toHaveBeenCalled();
  });

  it('reports a saved connection as failing when the live check fails, keeping what was saved', async () => {
    let reject = false;
    const { connection } = service(async () => {
      if (reject) return rejectKey();
      return { clients: CLIENTS };
    });
    await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    reject = true;
    const status = await connection.getStatus({ live: true });
    expect(status).toMatchObject({ state: 'failing', keyHint: '••••1111', problem: { kind: 'unauthorized' } });
    expect(await apiKeyItem.getValue()).toBe('good_key_1111');
  });

  it('forgets key and connection', async () => {
    const { connection } = service(async () => ({ clients: CLIENTS }));
    await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'good_key_1111' });
    expect(await connection.forget()).toEqual({ state: 'not_configured' });
    expect(await apiKeyItem.getValue()).toBeNull();
    expect(await connectionItem.getValue()).toBeNull();
  });
});
