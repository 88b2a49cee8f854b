import { describe, expect, it, vi } from 'vitest';
import { connectToService, type ConnectDeps } from '@/utils/connection/connect';

function fakeDeps(granted: boolean): ConnectDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    requestHostPermission: vi.fn(async (pattern: string) => {
      calls.push(`request ${pattern}`);
      return granted;
    }),
    saveConnection: vi.fn(async (data) => {
      calls.push(`save ${JSON.stringify(data)}`);
      return { ok: false as const, field: 'apiKey' as const, problem: { kind: 'unauthorized' as const, message: 'rejected' } };
    }),
  };
}

describe('connectToService', () => {
  it('asks for the one origin first, then lets the background verify', async () => {
    const deps = fakeDeps(true);
    await connectToService({ baseUrl: 'https://api.example.com/', apiKey: ' key_12345678 ', hasSavedKey: false }, deps);
    expect(deps.calls).toEqual([
      'request https://api.example.com/*',
      'save {"baseUrl":"https://api.example.com","apiKey":"key_12345678"}',
    ]);
  });

  it('stops with a sentence on the URL field when access is declined', async () => {
    const deps = fakeDeps(false);
    const result = await connectToService({ baseUrl: 'https://api.example.com', apiKey: 'key_12345678', hasSavedKey: false }, deps);
    expect(result).toEqual({
      ok: false,
      field: 'baseUrl',
      problem: { kind: 'permission_missing', message: expect.stringContaining('Access to https://api.example.com was not allowed') },
    });
    expect(deps.saveConnection).not.toHaveBeenCalled();
  });

  it('rejects bad input before asking for any permission', async () => {
    const deps = fakeDeps(true);
    const badUrl = await connectToService({ baseUrl: 'http://api.example.com', apiKey: 'key_12345678', hasSavedKey: false }, deps);
    const noKey = await connectToService({ baseUrl: 'https://api.example.com', apiKey: '', hasSavedKey: false }, deps);
    expect(badUrl).toMatchObject({ ok: false, field: 'baseUrl', problem: { kind: 'invalid_input' } });
    expect(noKey).toMatchObject({ ok: false, field: 'apiKey', problem: { message: 'Enter the API key.' } });
    expect(deps.calls).toEqual([]);
  });

  it('keeps the saved key when the key field is left empty', async () => {
    const deps = fakeDeps(true);
    await connectToService({ baseUrl: 'http://127.0.0.1:8787', apiKey: '', hasSavedKey: true }, deps);
    expect(deps.calls).toEqual(['request http://127.0.0.1/*', 'save {"baseUrl":"http://127.0.0.1:8787"}']);
  });
});
