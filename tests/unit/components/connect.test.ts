import { describe, expect, it, vi } from 'vitest';
import { connectToService, type ConnectDeps } from '@/components/connection/connect';

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
      return { ok: false as const, field: 'apiKey' as const, problem: { kind: 'key_rejected' as const, origin: 'https://api.example.com' } };
    }),
  };
}

describe('connectToService', () => {
  it('asks for the one origin first, then lets the background verify', async () => {
    const deps = fakeDeps(true);
    const result = await connectToService({ baseUrl: 'https://api.example.com/', apiKey: ' key_12345678 ', hasSavedKey: false }, deps);
    expect(result).toEqual({ ok: false, field: 'apiKey', problem: { kind: 'key_rejected', origin: 'https://api.example.com' } });
    expect(deps.calls).toEqual(['request https://api.example.com/*', 'save {"baseUrl":"https://api.example.com","apiKey":"key_12345678"}']);
  });

  it('stops with a sentence on the URL field when access is declined', async () => {
    const deps = fakeDeps(false);
    const result = await connectToService({ baseUrl: 'https://api.example.com', apiKey: 'key_12345678', hasSavedKey: false }, deps);
    expect(result).toEqual({
      ok: false,
      field: 'baseUrl',
      problem: { kind: 'permission_missing', origin: 'https://api.example.com', declined: true },
    });
    expect(deps.saveConnection).not.toHaveBeenCalled();
  });

  it('rejects bad input before asking for any permission', async () => {
    const deps = fakeDeps(true);
    const badUrl = await connectToService({ baseUrl: 'http://api.example.com', apiKey: 'key_12345678', hasSavedKey: false }, deps);
    const noKey = await connectToService({ baseUrl: 'https://api.example.com', apiKey: '', hasSavedKey: false }, deps);
    const shortKey = await connectToService({ baseUrl: 'https://api.example.com', apiKey: 'short', hasSavedKey: true }, deps);
    expect(badUrl).toEqual({ ok: false, field: 'baseUrl', problem: { kind: 'invalid_input', reason: 'url_http_not_loopback' } });
    expect(noKey).toEqual({ ok: false, field: 'apiKey', problem: { kind: 'invalid_input', reason: 'key_empty' } });
    expect(shortKey).toEqual({ ok: false, field: 'apiKey', problem: { kind: 'invalid_input', reason: 'key_short' } });
    expect(deps.calls).toEqual([]);
  });

  it('keeps the saved key when the key field is left empty', async () => {
    const deps = fakeDeps(true);
    await connectToService({ baseUrl: 'http://127.0.0.1:8787', apiKey: '', hasSavedKey: true }, deps);
    expect(deps.calls).toEqual(['request http://127.0.0.1/*', 'save {"baseUrl":"http://127.0.0.1:8787"}']);
  });
});
