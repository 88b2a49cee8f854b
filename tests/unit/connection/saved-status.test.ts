import { describe, expect, it } from 'vitest';
import { statusOfSaved } from '@/utils/connection/saved-status';
import type { SavedConnection } from '@/utils/storage/connection-types';

const SAVED = {
  baseUrl: 'https://api.example.com',
  origin: 'https://api.example.com',
  keyHint: '…0001',
  clients: [],
  verifiedAt: '2026-11-23T10:00:00.000Z',
  clientsSource: 'clients',
  skippedClients: 0,
} as unknown as SavedConnection;

describe('the status of a saved connection, without asking the service', () => {
  it.each([
    ['nothing saved: not set up', null, { state: 'not_configured' }],
    ['saved: connected, with all it holds', SAVED, { state: 'connected', ...SAVED }],
    [
      'the key refused since: failing, saying so',
      { ...SAVED, keyRejected: true },
      { state: 'failing', ...SAVED, keyRejected: true, problem: { kind: 'key_rejected', origin: 'https://api.example.com' } },
    ],
    ['the key accepted again: connected', { ...SAVED, keyRejected: false }, { state: 'connected', ...SAVED, keyRejected: false }],
  ] as const)('%s', (_name, saved, status) => {
    expect(statusOfSaved(saved as SavedConnection | null)).toEqual(status);
  });
});
